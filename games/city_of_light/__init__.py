"""Paris: La Cité de la Lumière (José Antonio Abascal): the rules engine.

Files: `data.py` (tiles, buildings, postcards; reconstructed parts marked), `options.py`
(match options and the named editions), `actions.py` (the notation), `state.py`, `deal.py`
(setup and arrangements), `board.py` (cells, squares and shapes), `tiles.py` (phase 1),
`building.py` (phase 2), `postcards.py`, `scoring.py`, `views.py`, `engine.py` (the `Game`).
"""

from games.city_of_light.engine import CityOfLight as GAME

__all__ = ["GAME"]
