"""Random legal games (hypothesis) over 2-4 players, teams, Istanbul, the Home City and the
variants: conservation, hand + tableau = 5, replay, JSON round trips, secrecy, termination."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.record import MatchRecord, RecordedAction
from games.moscow_paris.deal import cities_in_play
from games.moscow_paris.views import MoscowParisView
from tests.playout import assert_sound_ending

from .census import card_census, city_census, full_census
from .helpers import GAME
from .test_views_events import secrets_hold

CONFIGS = [
    (2, {}),
    (3, {"istanbul": True}),
    (4, {}),
    (4, {"teams": True}),
    (
        4,
        {
            "teams": True,
            "istanbul": True,
            "home_city": True,
            "home_city_name": "Казань",
            "home_city_country": "RU",
        },
    ),
    (2, {"home_city": True, "home_city_country": "PL"}),
    (3, {"wagons": "11x8", "columns": "any_rows", "multiple_claims": True}),
]
MAX_ACTIONS = 20_000  # a random game takes about 450 actions at 4 players


def check_state(state, options):
    assert card_census(state) == full_census(state)
    assert sorted(city_census(state)) == sorted(cities_in_play(options))
    for seat in range(state.cfg.players):
        assert len(state.hands[seat]) + len(state.tableaux[seat]) == 5
        assert len(state.tableaux[seat]) <= 4
    for row in range(4):
        line = state.lefts[row] + state.rights[row]
        assert len(set(line)) == len(line)
        if state.cities[row] == -1:
            assert not line


def play(players, options, seed, policy, checks=True):
    rng = random.Random(policy)
    opts = GAME.parse_options(options)
    state = GAME.setup(players, opts, seed)
    log = []
    while not GAME.is_over(state):
        assert len(log) < MAX_ACTIONS, "the match does not end"
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal
        action = rng.choice(legal)
        if checks:
            assert all(GAME.legal_actions(state, s) == [] for s in range(players) if s != seat)
            before = GAME.snapshot(state)
        after, events = GAME.apply(state, seat, action)
        if checks:
            assert GAME.snapshot(state) == before  # apply never mutates its input
            json.dumps([[e.kind, dict(e.params), e.to] for e in events])
            check_state(after, opts)
            if rng.random() < 0.05:
                secrets_hold(after, rng)
        log.append(RecordedAction(seat=seat, action=GAME.dump_action(action)))
        state = after
    return state, log, opts


@pytest.mark.parametrize("players, options", CONFIGS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_random_games(players, options, seed, policy):
    state, log, opts = play(players, options, seed, policy)
    record = MatchRecord(
        game=GAME.key, options=opts.model_dump(mode="json"), seats=players, seed=seed, actions=log
    )
    assert_sound_ending(GAME, state, record)
    result = GAME.result(state)
    if opts.teams:
        assert len(result.winners) in (2, 4) and result.details["winning_teams"]
    # views and the result round-trip through JSON
    for seat in (None, *range(players)):
        view = GAME.view(state, seat)
        assert MoscowParisView.model_validate_json(view.model_dump_json()) == view


def test_many_quick_random_games_end():
    """Termination over many seeds without the per-step checks (the stalemate rule works)."""
    resets = 0
    for n in range(60):
        players, options = CONFIGS[n % len(CONFIGS)]
        state, log, _ = play(players, options, n, n, checks=False)
        assert GAME.is_over(state) and len(log) < MAX_ACTIONS
        resets += state.resets
    assert resets > 0  # random play does run into the stalemate rule


def _universe(state):
    """Every well-formed action of the current step, legal or not."""
    from itertools import combinations

    from games.moscow_paris.data import ACTION_IDS, WAGON_IDS
    from games.moscow_paris.state import CHAIN, CLAIM, PLAY

    wagons, sides, rows = WAGON_IDS, ("left", "right"), range(4)
    if state.phase == PLAY:
        out = [
            {"type": "to_line", "wagon": w, "row": r, "side": s}
            for w in wagons
            for r in rows
            for s in sides
        ]
        out += [{"type": t, "wagon": w} for t in ("to_tableau", "take_back") for w in wagons]
        out += [{"type": "play_card", "card": c, "decline": True} for c in ACTION_IDS]
        out += [{"type": "play_card", "card": "swap_two"}]
        out += [{"type": "play_card", "card": "discard_city", "row": r} for r in rows]
        out += [{"type": "play_card", "card": "chain_exchange", "direction": s} for s in sides]
        for card, k in (("discard_column2", 2), ("discard_column3", 3)):
            out += [
                {"type": "play_card", "card": card, "side": s, "slot": slot, "rows": list(combo)}
                for s in sides
                for slot in range(1, 5)
                for combo in combinations(rows, k)
            ]
        return out
    if state.phase == CHAIN:
        return [{"type": "exchange", "give": g, "take": t} for g in wagons for t in wagons] + [
            {"type": "decline"}
        ]
    if state.phase == CLAIM:
        return [{"type": "claim", "row": r} for r in rows] + [{"type": "end_turn"}]
    spots = [
        {"type": "swap_pick", "row": r, "side": s, "slot": slot}
        for r in rows
        for s in sides
        for slot in range(1, 5)
    ]
    spots += [
        {"type": "swap_pick", "seat": seat, "wagon": w}
        for seat in range(state.cfg.players)
        for w in wagons
    ]
    return [*spots, {"type": "decline"}]


def test_legal_actions_are_exactly_the_accepted_ones():
    from games.core.errors import IllegalAction

    checked = 0
    for n, (players, options) in enumerate(CONFIGS[:5]):
        rng = random.Random(n)
        state = GAME.setup(players, GAME.parse_options(options), n)
        for step in range(700):
            if GAME.is_over(state):
                break
            (seat,) = GAME.to_act(state)
            legal = [GAME.dump_action(a) for a in GAME.legal_actions(state, seat)]
            if step % 3 == 0:
                for data in _universe(state):
                    try:
                        GAME.apply(state, seat, GAME.parse_action(data))
                        accepted = True
                    except IllegalAction:
                        accepted = False
                    assert accepted == (data in legal), (data, state.phase)
                    checked += 1
            state, _ = GAME.apply(state, seat, GAME.parse_action(rng.choice(legal)))
    assert checked > 10_000
