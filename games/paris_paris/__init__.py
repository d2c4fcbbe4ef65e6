"""Paris Paris (Michael Schacht, Abacus Spiele 2003): the pure rules engine.

Files: `data.py` (the board as data), `board.py` (derived index tables), `state.py`,
`actions.py` (the notation), `deal.py` (setup and arrangements), `turns.py` (reveal and
take), `round_end.py` (visit, excursions, end of game), `scoring.py` (visit, excursion, bag,
ranking), `views.py`, `engine.py` (the `Game` class).
"""

from games.paris_paris.engine import ParisParis as GAME

__all__ = ["GAME"]
