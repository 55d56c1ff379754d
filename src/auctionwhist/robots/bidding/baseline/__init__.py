"""The bidding as it stood when issue 18 began (main at e96bf5c), frozen for
``whist bench bidding`` only: the bench plays the robots' bidding against it
in a duplicate match. No robot, table or surface imports it (a contract in
pyproject.toml keeps it so); it is not part of the package's API and is never
changed, so that the bench always measures against the same bidding."""

from .robot import decide

__all__ = ["decide"]
