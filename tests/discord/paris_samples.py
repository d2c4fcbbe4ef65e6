"""Paris positions for the Discord tests: a sampled game that favours the rarer steps, and
the lines of a seat's screen that only it may read."""

from __future__ import annotations

import random
from typing import Any

from bot.games.paris.adapter import ParisAdapter
from bot.games.paris.terms import SCREEN_MARK
from games.core.ai import GreedyPlayer
from games.paris.engine import Paris
from tests.discord.driver import NAMES

GAME = Paris()
ADAPTER = ParisAdapter()
GREEDY = GreedyPlayer()
# Action types a sampled game favours, so the rarer steps are well sampled.
FAVOURED = (
    "use_bonus",
    "take_bonus",
    "cash_prestige",
    "pay",
    "move_key",
    "take_end_game",
    "pick_end_game",
    "place_vp_tile",
    "use_end_game",
    "buy",
    "sell",
)


def sampled_move(state: Any, seat: int, rng: random.Random) -> Any:
    """Greedy, random, or random among the favoured kinds of action."""
    actions = GAME.legal_actions(state, seat)
    r = rng.random()
    if r < 0.4:
        return GREEDY.choose(GAME, state, seat, rng)
    favoured = [a for a in actions if a.type in FAVOURED]
    return rng.choice(favoured if favoured and r < 0.8 else actions)


def play_out(players: int, options: dict, seed: int):
    """(state, seat to act) along a game, then (final state, None); and the events."""
    state = GAME.setup(players, GAME.parse_options(options), seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        yield state, seat, []
        state, events = GAME.apply(state, seat, sampled_move(state, seat, rng))
        yield state, None, events
    yield state, None, []


def secret_lines(view: Any) -> set[str]:
    """The lines of a seat's screen that only it may read: francs and goods, the bonus and
    end-game tiles held, the end-game stack being browsed."""
    text = ADAPTER.private_text(view, NAMES[: view.players], None)
    marks = (SCREEN_MARK, "🎫 Your", "🇫🇷 Your", "🤫 In the end-game stack")
    return {line for line in text.splitlines() if line.startswith(marks)}
