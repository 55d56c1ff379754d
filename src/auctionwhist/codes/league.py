"""The American Whist League's laws of the movements (seed 002, "Duplicate
Whist"): how teams, pairs and individuals who change places are ranked.

Duplicate Whist declares them as its own; the auction codes, whose laws
describe only teams against the average, apply them as the League's.
"""

LEAGUE_MOVEMENT_LAWS = {
    "howell_teams": "Duplicate Whist: Teams against teams, Scoring",
    "pairs_matches": "Duplicate Whist: Four Pairs and Six Pairs, Scoring",
    "compass": "Duplicate Whist: Compass Whist",
    "safford": "Duplicate Whist: Eight Individuals, Scoring",
}
