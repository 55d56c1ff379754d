"""The first schema: games, tables, seat links, events.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("spec", sa.JSON(), nullable=False),
        sa.Column("director_token", sa.String(64), nullable=False),
        sa.Column("published", sa.Boolean(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_games_director_token", "games", ["director_token"], unique=True)
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("plan", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_tables_game_id", "tables", ["game_id"])
    op.create_table(
        "seats",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=True),
        sa.Column("seat", sa.String(1), nullable=True),
        sa.Column("player", sa.String(32), nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
    )
    op.create_index("ix_seats_game_id", "seats", ["game_id"])
    op.create_table(
        "events",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_table("tables")
    op.drop_table("games")
