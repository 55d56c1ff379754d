"""Computer players. For now the random player, which takes random legal actions
(the issue's stand-in "until the robots exist") for play, tests and benchmarks."""

from .randomplayer import play_random_deal, random_action, random_call

__all__ = ["play_random_deal", "random_action", "random_call"]
