"""Random legal games: hidden information, conservation, replay and JSON round trips."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.city_of_light.data import TILES
from games.core.record import MatchRecord, RecordedAction
from games.core.replay import replay
from games.registry import get_game
from tests.playout import assert_sound_ending

GAME = get_game("city-of-light")


def hide_test(state, seat, rng):
    """The same state with the *other* seat's hand and stack shuffled together."""
    other = 1 - seat
    tiles = list(state.hands[other] + state.stacks[other])
    rng.shuffle(tiles)
    n = len(state.hands[other])
    hands = list(state.hands)
    stacks = list(state.stacks)
    hands[other], stacks[other] = tuple(tiles[:n]), tuple(tiles[n:])
    deal = (tuple(reversed(state.deal[0])), tuple(reversed(state.deal[1])))
    return state.replace(hands=tuple(hands), stacks=tuple(stacks), deal=deal)


def view_json(state, seat):
    return json.dumps(GAME.view(state, seat).model_dump(mode="json"), sort_keys=True)


def check_invariants(state, rng):
    # tiles: on the board + in hand + in the stack = each player's 8, each once
    for seat in (0, 1):
        placed = [t[1] for t in state.squares if t is not None and t[0] == seat]
        assert sorted(placed + list(state.hands[seat] + state.stacks[seat])) == sorted(TILES)
        assert len(state.hands[seat]) <= state.hand_size
    # buildings: supply + reserves + board = 12
    built = [b for b in range(12) if state.built[b] is not None]
    allb = list(state.supply) + list(state.reserves[0]) + list(state.reserves[1]) + built
    assert sorted(allb) == list(range(12))
    # views: nobody sees the other's hand or any stack order
    for seat in (None, 0, 1):
        view = json.loads(view_json(state, seat))
        assert view["hand"] == (None if seat is None else list(state.hands[seat]))
        assert "stack" not in json.dumps(list(view)) and "deal" not in view
        for p in view["seats"]:
            assert set(p) == {
                "seat",
                "colour",
                "reserve",
                "stack_size",
                "hand_size",
                "tokens_left",
                "placed_all_tiles",
            }
    for seat in (0, 1):
        assert view_json(state, seat) == view_json(hide_test(state, seat, rng), seat)
        assert view_json(state, None) == view_json(hide_test(state, seat, rng), None)


def play_random(options, seed, check=True):
    rng = random.Random(seed)
    opts = GAME.parse_options(options)
    state = GAME.setup(2, opts, seed)
    record = MatchRecord(game=GAME.key, options=opts.model_dump(mode="json"), seats=2, seed=seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        actions = GAME.legal_actions(state, seat)
        assert actions and GAME.legal_actions(state, 1 - seat) == []
        action = rng.choice(actions)
        before = GAME.snapshot(state)
        new, events = GAME.apply(state, seat, action)
        assert GAME.snapshot(state) == before  # apply never mutates its input
        for e in events:
            assert e.to is None or e.kind == "tile_drawn"
        record.actions.append(RecordedAction(seat=seat, action=GAME.dump_action(action)))
        state = new
        if check:
            check_invariants(state, rng)
    return state, record


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    hand=st.sampled_from([1, 2]),
    cards=st.sampled_from(["starred", "random"]),
    metro=st.sampled_from(["any_later_turn", "next_turn"]),
    fountain=st.sampled_from([2, 1]),
)
def test_random_games_keep_secrets_conserve_pieces_and_replay(seed, hand, cards, metro, fountain):
    options = {
        "hand_size": hand,
        "postcards": cards,
        "metropolitain": metro,
        "fountain_cells": fountain,
    }
    state, record = play_random(options, seed)
    assert GAME.snapshot(replay(GAME, record)) == GAME.snapshot(state)
    assert_sound_ending(GAME, state, record)


def test_legal_actions_round_trip_through_json():
    rng = random.Random(1)
    state = GAME.setup(2, GAME.parse_options({"hand_size": 2}), 3)
    for _ in range(200):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        for a in GAME.legal_actions(state, seat)[:50]:
            assert GAME.parse_action(json.dumps(GAME.dump_action(a))) == a
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_greedy_ai_plays_a_game():
    from games.core.ai import get_player

    rng = random.Random(2)
    s = GAME.setup(2, GAME.parse_options({}), 2)
    players = [get_player("greedy"), get_player("random")]
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        s, _ = GAME.apply(s, seat, players[seat].choose(GAME, s, seat, rng))
    assert GAME.result(s) is not None
