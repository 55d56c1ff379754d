"""Alembic environment: ``db.migrate`` passes the connection in ``attributes``."""

from __future__ import annotations

from alembic import context

from auctionwhist.web.db import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - the alembic command line
    from auctionwhist.web.db import database_url, make_engine

    with make_engine(database_url()).begin() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
