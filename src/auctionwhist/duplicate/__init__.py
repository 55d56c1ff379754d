"""Duplicate play: trays, movements, score-cards and match results."""

from .schedule import (
    Comparison,
    Contestant,
    Kind,
    MovementError,
    Play,
    Round,
    Schedule,
    Sitting,
    TrayPlay,
)

__all__ = [
    "Comparison",
    "Contestant",
    "Kind",
    "MovementError",
    "Play",
    "Round",
    "Schedule",
    "Sitting",
    "TrayPlay",
]
