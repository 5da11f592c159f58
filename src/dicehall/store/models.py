"""The schema: matches, their seats' token digests, the append-only action log, the optional
accounts with their sessions, matches, ratings, achievements and friends, finished matches'
reviews, the tables' chat with its reports, invitations by user name, turn-based tables'
clocks, accounts' e-mail addresses for alerts, the operators' actions, and the budgets the
server's processes share (PostgreSQL only).

The Alembic migrations in `store/migrations/` create exactly these tables; a test checks that
the migrated database matches this metadata.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("game_version", Integer, nullable=False),
    Column("params", JSON, nullable=False),
    Column("content_hash", String(128), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("result", JSON, nullable=True),
    Column("num_actions", Integer, nullable=False),
    Column("created", String(32), nullable=False),
    Column("updated", String(32), nullable=False),
)

seat_tokens = Table(
    "seat_tokens",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("t", Float, nullable=True),
)

# --- accounts (optional: guests play without one) ---------------------------------------
accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(24), nullable=False),
    Column("name_key", String(24), nullable=False, unique=True),  # case-folded: one owner
    Column("password_hash", String(255), nullable=False),  # Argon2id, never the password
    Column("created", String(32), nullable=False),
    Column("operator", Boolean, nullable=False, server_default=false()),  # may use /admin
    Column("suspended", String(32), nullable=True),  # when; a suspended account cannot play
)

sessions = Table(
    "sessions",
    metadata,
    Column("digest", String(64), primary_key=True),  # SHA-256 of the cookie, never the cookie
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("csrf_digest", String(64), nullable=False),
    Column("created", String(32), nullable=False),
    Column("expires", String(32), nullable=False),
)

match_players = Table(
    "match_players",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=True, index=True),
    Column("game", String(32), nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("recorded", Boolean, nullable=False),  # the outcome below is filled in
    Column("rank", Integer, nullable=True),
    Column("won", Boolean, nullable=True),
    Column("abandoned", Boolean, nullable=True),
    Column("rating_before", Float, nullable=True),  # ordinal (mu - 3 sigma)
    Column("rating_after", Float, nullable=True),
    Column("finished", String(32), nullable=True),
)

ratings = Table(
    "ratings",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", String(32), nullable=False),
)

rating_opponents = Table(  # the distinct opponents of an account's rated matches, per game
    "rating_opponents",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("opponent", String(80), primary_key=True),  # `standings.opponent_keys`
)

achievements = Table(
    "achievements",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("key", String(48), primary_key=True),
    Column("earned", String(32), nullable=False),
    Column("match_id", String(64), nullable=True),
    Column("attested", Boolean, nullable=False),  # declared by the player, not observed
)

reviews = Table(
    "reviews",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.id"), primary_key=True),
    Column("method", String(64), primary_key=True),  # `dicehall.store.reviews.method_key`
    Column("body", Text, nullable=False),  # the review's JSON, as the API answers it
    Column("made", String(32), nullable=False),
)

# --- review jobs being made, seen by every process (store/review_jobs.py) -----------------
review_jobs = Table(
    "review_jobs",
    metadata,
    Column("key", String(80), primary_key=True),  # a table's id or an upload's review id
    Column("lane", String(8), nullable=False),  # `table` or `upload` (web/records/reviews.py)
    Column("owner", String(40), nullable=False),  # the process making it
    Column("state", String(8), nullable=False),  # waiting, running, done, stopped, failed
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("why", Text, nullable=False),  # why it stopped or failed
    Column("cancel", String(64), nullable=False),  # SHA-256 of an upload's cancel token
    Column("cancel_asked", Boolean, nullable=False),
    Column("body", Text, nullable=True),  # an upload's finished review (tables': `reviews`)
    Column("beat", Float, nullable=False),  # its owner's last sign of life, epoch seconds
)

# --- table chat (kept with the match's record, never in its action log) -------------------
chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(64), ForeignKey("matches.id"), nullable=False, index=True),
    Column("channel", String(16), nullable=False),  # "players" or "spectators"
    Column("seat", Integer, nullable=True),  # the writer's seat; None: a spectator
    Column("author", String(64), nullable=False),  # the name shown when it was written
    Column("text", Text, nullable=False),
    Column("sent", String(32), nullable=False),
)

chat_reports = Table(
    "chat_reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("message_id", Integer, ForeignKey("chat_messages.id"), nullable=False, index=True),
    Column("match_id", String(64), ForeignKey("matches.id"), nullable=False),
    Column("reporter", String(64), nullable=False),  # who reported it, as shown at the table
    Column("made", String(32), nullable=False),
)

# --- invitations by user name (docs/play-together.md, *Invitations*) ---------------------
invitations = Table(
    "invitations",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("match_id", String(64), ForeignKey("matches.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("host", String(64), nullable=False),  # who invited, as shown at the table
    Column("created", String(32), nullable=False),
    Column("accepted", Boolean, nullable=False),
)

# --- friends (accounts only): one row per pair, asked by `requester` --------------------
friendships = Table(
    "friendships",
    metadata,
    Column("requester", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("addressee", String(32), ForeignKey("accounts.id"), primary_key=True, index=True),
    Column("status", String(16), nullable=False),  # "pending" or "accepted"
    Column("created", String(32), nullable=False),
)

# --- turn-based tables: whose move it is and until when (the server's clock) --------------
turn_clocks = Table(
    "turn_clocks",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.id"), primary_key=True),
    Column("seats", JSON, nullable=False),  # the people's seats to move now
    Column("version", Integer, nullable=False),  # the log length when their move began
    Column("deadline", Float, nullable=True),  # seconds since the epoch; None: nobody's move
    Column("out", JSON, nullable=False),  # seats whose game ended when their time ran out
)

# --- e-mail alerts: an account's address and whether it wants "your turn" e-mails --------
account_emails = Table(
    "account_emails",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("address", String(254), nullable=False),
    Column("alerts", Boolean, nullable=False),  # opted in to "your turn" e-mails
    Column("updated", String(32), nullable=False),
)

# --- operators' actions (/admin) and the budgets every server process shares ---------------
admin_actions = Table(
    "admin_actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("made", String(32), nullable=False),
    Column("operator", String(24), nullable=False),  # the operator's account name
    Column("action", String(32), nullable=False),  # close_table, suspend, end_sessions, ...
    Column("target", String(64), nullable=False),  # a table id or an account name
)

budgets = Table(
    "budgets",
    metadata,
    Column("budget", String(32), primary_key=True),  # which limit (store/budgets.py)
    Column("key", String(128), primary_key=True),  # an address, an account name, a table
    Column("level", Float, nullable=False),  # tokens left when last spent
    Column("at", Float, nullable=False),  # the database's clock then, in epoch seconds
    Column("granted", Boolean, nullable=False),  # whether the last spend got a token
)
