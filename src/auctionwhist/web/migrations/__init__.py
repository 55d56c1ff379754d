"""Alembic migrations of the web app's database (run by ``db.migrate``)."""
