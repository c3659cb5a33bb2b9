"""The store's Alembic migrations, run by ``cardtable.server.schema`` (README.md says how to add one)."""
