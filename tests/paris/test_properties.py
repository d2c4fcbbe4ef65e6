"""Random legal games (hypothesis): conservation, replay, JSON round trips, secrecy, the end."""

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.record import MatchRecord, RecordedAction
from games.paris.data import KEYS_PER_PLAYER, RESERVE_KEYS_PER_PLAYER, TOKENS_PER_GOOD
from games.paris.goods import held_items
from games.paris.state import ACTION, AFTER, BONUS, ENDGAME, PLACE, PRESTIGE, VPTILE
from tests.playout import assert_sound_ending

from .helpers import GAME

BONUS_IN_PLAY = {2: 30, 3: 36, 4: 42}
# Trades «в любое время» of one's action step, a purchase's optional steps included.
FREE_STEPS = (ACTION, AFTER, BONUS, PRESTIGE, VPTILE)
OPTIONS = [
    {},
    {"setup": "random"},
    {"ignore_districts": True},
    {"setup": "random", "ignore_districts": True},
]


def check_invariants(state, before):
    n = state.players
    for seat in range(n):
        # keys: behind the screen + on the board + in the reserve (12 minus the box)
        keys = state.hand[seat] + len(state.keys[seat]) + state.reserve[seat]
        assert keys == KEYS_PER_PLAYER[n] + RESERVE_KEYS_PER_PLAYER
        assert state.francs[seat] >= 0 and min(state.goods[seat]) >= 0
        assert state.vp[seat] >= before.vp[seat]  # the VP track only goes up
        assert state.meeples[seat] >= before.meeples[seat] - 5
        assert len(set(state.bonus[seat])) == len(state.bonus[seat])  # never two of a number
    for g in range(6):
        on_board = state.tokens.count(g)
        held = sum(state.goods[s][g] for s in range(n))
        if g < 3:  # resources: board + screens + supply
            assert on_board + held + state.supply[g] == TOKENS_PER_GOOD
        else:  # prestige leaves the game when spent
            assert on_board + held <= TOKENS_PER_GOOD
            assert on_board + held <= before.tokens.count(g) + sum(
                before.goods[s][g] for s in range(n)
            )
    tiles = list(state.removed) + [t for stack in state.stacks for t in stack]
    tiles += [t for t in state.spaces if t >= 0] + list(state.discarded)
    if state.phase == PLACE:
        tiles.append(state.pending[0])
    assert sorted(tiles) == list(range(36))
    egt = list(state.endgame) + [e for s in range(n) for e in state.egt[s] + state.used_egt[s]]
    assert sorted(egt) == list(range(12))
    bonus = sum(state.track) + sum(len(state.bonus[s]) + len(state.used_bonus[s]) for s in range(n))
    assert bonus == BONUS_IN_PLAY[n]
    placed = [t for t in state.vp_tiles if t >= 0]
    assert len(set(placed)) == len(placed)


def scramble(state, viewer, rng):
    """The same table with everything `viewer` may not see changed: other screens, the
    building tiles below the stack tops and the removed ones, the end-game stack's split."""
    n = state.players
    others = [s for s in range(n) if s != viewer]
    francs, goods, bonus = list(state.francs), list(state.goods), list(state.bonus)
    half, egt = list(state.half), list(state.egt)
    for s in others:
        francs[s] = rng.randrange(40)
        goods[s] = tuple(rng.randrange(4) for _ in range(6))
        bonus[s] = tuple(sorted(rng.sample(range(1, 31), len(bonus[s]))))
        half[s] = rng.randrange(4)
    if not (state.phase == ENDGAME and state.turn == viewer):
        pool = list(state.endgame) + [e for s in others for e in egt[s]]
        rng.shuffle(pool)
        stack, rest = tuple(sorted(pool[: len(state.endgame)])), pool[len(state.endgame) :]
        for s in others:
            egt[s], rest = tuple(sorted(rest[: len(egt[s])])), rest[len(egt[s]) :]
    else:
        stack = state.endgame
    hidden = list(state.removed) + [t for s in state.stacks for t in s[1:]]
    rng.shuffle(hidden)
    stacks = []
    for s in state.stacks:
        below, hidden = hidden[: max(len(s) - 1, 0)], hidden[max(len(s) - 1, 0) :]
        stacks.append(s[:1] + tuple(below))
    return dataclasses.replace(
        state,
        francs=tuple(francs),
        goods=tuple(goods),
        bonus=tuple(bonus),
        half=tuple(half),
        egt=tuple(egt),
        endgame=stack,
        stacks=tuple(stacks),
        removed=tuple(hidden),
        deal=tuple(reversed(state.deal)),
    )


def view_json(state, seat):
    return json.dumps(GAME.view(state, seat).model_dump(mode="json"), sort_keys=True)


def check_secrecy(state, rng):
    if GAME.is_over(state):
        return
    for seat in (None, *range(state.players)):
        assert view_json(state, seat) == view_json(scramble(state, seat, rng), seat)
    public = json.loads(view_json(state, None))
    assert public["screen"] is None and public["browsing"] is None and public["screens"] is None


def play(players, options, seed, policy):
    rng = random.Random(policy)
    opts = GAME.parse_options(options)
    state = GAME.setup(players, opts, seed)
    log = []
    check_secrecy(state, rng)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal and len(set(legal)) == len(legal) <= 300
        assert all(GAME.legal_actions(state, s) == [] for s in range(players) if s != seat)
        sells = {a.item for a in legal if a.type == "sell"}
        assert sells == (set(held_items(state, seat)) if state.phase in FREE_STEPS else set())
        action = rng.choice(legal)
        data = GAME.dump_action(action)
        assert GAME.parse_action(json.dumps(data)) == action
        before = GAME.snapshot(state)
        after, events = GAME.apply(state, seat, action)
        assert GAME.snapshot(state) == before  # apply never mutates its input
        json.dumps([[e.kind, dict(e.params), e.to] for e in events])
        assert all(e.to in (None, (seat,)) for e in events)
        check_invariants(after, state)
        if rng.random() < 0.1:
            check_secrecy(after, rng)
        log.append(RecordedAction(seat=seat, action=data))
        state = after
        assert len(log) < 3000
    return state, log, opts


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), policy=st.integers(0, 2**31), options=st.sampled_from(OPTIONS))
def test_random_games(players, seed, policy, options):
    state, log, opts = play(players, options, seed, policy)
    json.loads(view_json(state, None))
    record = MatchRecord(
        game=GAME.key, options=opts.model_dump(mode="json"), seats=players, seed=seed, actions=log
    )
    assert_sound_ending(GAME, state, record)


def test_views_and_legal_actions_round_trip_through_json():
    from games.paris.views import ParisView

    rng = random.Random(4)
    state = GAME.setup(3, GAME.parse_options({"setup": "random"}), 8)
    for _ in range(400):
        if GAME.is_over(state):
            break
        for seat in (None, 0, 1, 2):
            view = GAME.view(state, seat)
            assert ParisView.model_validate_json(view.model_dump_json()) == view
        (seat,) = GAME.to_act(state)
        for action in GAME.legal_actions(state, seat):
            assert GAME.parse_action(GAME.dump_action(action)) == action
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_greedy_ai_plays_a_game():
    from games.core.ai import get_player

    rng = random.Random(2)
    state = GAME.setup(3, GAME.parse_options({}), 2)
    players = [get_player("greedy"), get_player("random"), get_player("greedy")]
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, players[seat].choose(GAME, state, seat, rng))
    assert GAME.result(state) is not None
