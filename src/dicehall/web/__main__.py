"""`python -m dicehall.web [--host H] [--port P] [--db URL] [--workers N]
[--forwarded-allow-ips A]`: serve the web app."""

from __future__ import annotations

import argparse

from dicehall.web import serve


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m dicehall.web")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="database URL (default: a SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="processes (PostgreSQL only)")
    parser.add_argument(
        "--forwarded-allow-ips", default=None, help="trusted proxies (web/proxies.py)"
    )
    args = parser.parse_args()
    serve(args.host, args.port, args.db, args.workers, args.forwarded_allow_ips)


if __name__ == "__main__":
    main()
