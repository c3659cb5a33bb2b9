"""One module per revision of the store's schema, oldest first (``down_revision`` links them)."""
