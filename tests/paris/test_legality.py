"""`legal_actions` lists exactly the actions `apply` accepts (checked against every action the
notation can express, on positions of random games), and apply's refusals are keyed."""

import dataclasses
import random

import pytest

from games.core.errors import IllegalAction
from games.paris import actions as A
from games.paris.board import DISTRICT_IDS, EGT_IDS, GOODS, LOCATIONS, VP_TILE_IDS
from games.paris.goods import ITEMS
from games.paris.state import forget

from .helpers import GAME

NAMES = list(LOCATIONS)
UNIVERSE = (
    [A.PLACE_TILE[i] for i in range(3)]
    + [A.place_building(d) for d in DISTRICT_IDS]
    + [A.place_key(n) for n in NAMES]
    + [A.move_key(a, b) for a in NAMES for b in NAMES]
    + [A.TAKE_END_GAME]
    + [A.pick_end_game(e) for e in EGT_IDS]
    + [A.take_bonus(k) for k in range(1, 31)]
    + [A.place_vp_tile(t, d) for t in VP_TILE_IDS for d in DISTRICT_IDS]
    + [A.SKIP, A.END_TURN]
    + [A.buy(g) for g in GOODS]
    + [A.sell(i) for i in ITEMS]
    + [A.use_bonus(n) for n in range(1, 31)]
    + [A.use_bonus(n, space=k) for n in (17, 25) for k in range(1, 31)]
    + [A.use_end_game(e) for e in EGT_IDS]
)


def accepted(state, seat, candidates):
    out = set()
    for action in candidates:
        try:
            GAME.apply(state, seat, action)
        except IllegalAction as exc:
            assert exc.key.startswith(("paris.", "game.", "turn.")), exc.key
            continue
        out.add(action)
    return out


@pytest.mark.parametrize(
    "players, options", [(4, {}), (2, {"ignore_districts": True}), (3, {"setup": "random"})]
)
def test_legal_actions_are_exactly_the_accepted_ones(players, options):
    state = GAME.setup(players, GAME.parse_options(options), 21)
    rng = random.Random(players)
    step = 0
    while not GAME.is_over(state):
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        if step % 9 == 0:
            # pay / cash / pair options carry item lists: the universe adds the listed ones
            # and their invalid neighbours are refused (tested in test_income, test_bonus_tiles)
            extra = [a for a in legal if getattr(a, "items", None) is not None]
            assert accepted(state, seat, UNIVERSE + extra) == set(legal)
        state, _ = GAME.apply(state, seat, rng.choice(legal))
        step += 1


def _rebuilt(value):
    """`value` with every tuple built anew: equal, with no identity in common."""
    if type(value) is tuple:
        return tuple([_rebuilt(v) for v in value])
    return value


def _fresh(state):
    """An equal state sharing none of `state`'s tuples (so no one-entry memo recognises it)."""
    return dataclasses.replace(
        state, **{f.name: _rebuilt(getattr(state, f.name)) for f in dataclasses.fields(state)}
    )


def _events(events):
    return [(e.kind, dict(e.params), e.to) for e in events]


@pytest.mark.parametrize(
    "players, options", [(4, {}), (3, {"ignore_districts": True}), (2, {"setup": "random"})]
)
def test_memo_tables_never_change_a_result(players, options):
    """The hot path remembers results of pure functions (state.py, memo tables): on random
    games, legal_actions and apply give the same with every table emptied and no tuple
    shared with earlier states."""
    for seed in range(2):
        state = GAME.setup(players, GAME.parse_options(options), seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = state.turn
            legal = GAME.legal_actions(state, seat)
            action = rng.choice(legal)
            after, events = GAME.apply(state, seat, action)
            forget()
            other = _fresh(state)
            assert GAME.legal_actions(other, seat) == legal
            again, events_again = GAME.apply(other, seat, action)
            assert again == after and _events(events_again) == _events(events)
            state = after


def test_other_seats_and_the_finished_game_are_refused():
    state = GAME.setup(3, GAME.parse_options({}), 1, {"first": 0})
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 1, A.PLACE_TILE[0])
    assert info.value.key == "turn.not_yours"
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action({"type": "move_key", "to": "arc"})
    assert info.value.key == "action.malformed"
