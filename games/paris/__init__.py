"""Paris (Wolfgang Kramer & Michael Kiesling, Game Brewer 2020): the pure rules engine.

Files: `data.py` (every printed component, reconstructed parts marked [R]), `board.py`
(index tables derived from the data), `options.py` (match options and named editions),
`state.py`, `actions.py` (the notation), `deal.py` (setup and arrangements), `goods.py`
(resources and prestige: tokens and the tiles that stand for them), `turns.py` (building
tiles, key placement, the end-game stack), `moves.py` (the moves a key may make),
`move_check.py` (checking one), `purchase.py` (buying, its income and follow-up steps),
`bonus.py` (the bonus track and bonus/end-game tile effects), `trade.py` (the screen's
price table), `flow.py` (free actions, the end of a turn and of the game), `scoring.py`,
`views.py`, `engine.py` (the `Game` class).
"""

from games.paris.engine import Paris as GAME

__all__ = ["GAME"]
