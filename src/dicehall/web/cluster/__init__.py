"""Several server processes on one PostgreSQL store: table owners, replicas, forwarded moves."""
