"""The store's Alembic migrations, run by ``cardtable.server.schema``; README.md: adding one."""
