"""The operators' /admin page and its API (`web/admin/routes.py`)."""
