"""Москва–Париж (Moscow–Paris, Evgeny Nikitin, Мир Хобби 2014): the pure rules engine.

Files: `data.py` (every card, reconstructed parts marked [R]), `options.py` (match options and
the named editions), `actions.py` (the notation), `state.py` (the state and its builder),
`deal.py` (setup and arrangements), `deck.py` (drawing, reshuffling), `lines.py` (the city
lines), `turns.py` (the four actions), `action_cards.py`, `swap.py` and `exchange.py` (the
five action cards), `claims.py` (claiming a city), `turn_end.py` and `stalemate.py` (the end
of a turn, «Ступор»), `scoring.py`, `views.py`, `engine.py` (the `Game` class).
"""

from games.moscow_paris.engine import MoscowParis as GAME

__all__ = ["GAME"]
