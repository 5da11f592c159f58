"""Rewrite every golden playthrough file: `python -m tests.golden.regen` (then review the diff)."""

from __future__ import annotations

from tests.golden.playthrough import FOLDER, VARIANTS, path_of, playthrough


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for variant in VARIANTS:
        text = playthrough(variant)
        path_of(variant).write_text(text, encoding="utf-8")
        print(f"{path_of(variant).name}: {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
