"""Views keep secrets, events tell a recap what happened, previews never peek."""

import dataclasses
import json
import random

from games.core.ai import get_player
from games.moscow_paris.data import CARD_IDS

from .helpers import GAME, new, position
from .playing import act, legal_json


def scramble(state, keep: set[int], rng: random.Random):
    """The same state with every secret `keep` may not see changed: the other hands (a
    partner's too) and the deck shuffled together, the city deck reordered, another seed."""
    others = [s for s in range(state.cfg.players) if s not in keep]
    pool = list(state.deck) + [c for s in others for c in state.hands[s]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        n = len(hands[s])
        hands[s], pool = tuple(sorted(pool[:n])), pool[n:]
    city_deck = list(state.city_deck)
    rng.shuffle(city_deck)
    cfg = dataclasses.replace(
        state.cfg,
        reshuffle_seed=rng.randrange(10**9),
        deal_deck=tuple(reversed(state.cfg.deal_deck)),
    )
    return dataclasses.replace(
        state, hands=tuple(hands), deck=tuple(pool), city_deck=tuple(city_deck), cfg=cfg
    )


def view_json(state, seat):
    return GAME.view(state, seat).model_dump_json()


def secrets_hold(state, rng):
    """No view changes when only what its audience may not see changes."""
    for seat in range(state.cfg.players):
        changed = scramble(state, {seat}, rng)
        assert view_json(changed, seat) == view_json(state, seat)
        assert GAME.legal_actions(changed, seat) == GAME.legal_actions(state, seat)
    assert view_json(scramble(state, set(), rng), None) == view_json(state, None)


def test_no_view_holds_another_hand_the_deck_or_the_city_deck():
    rng = random.Random(0)
    for players, options in ((2, {}), (3, {"istanbul": True}), (4, {"teams": True})):
        state = new(players, seed=5, **options)
        for _ in range(120):
            secrets_hold(state, rng)
            (seat,) = GAME.to_act(state)
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        public = json.loads(view_json(state, None))
        assert public["hand"] is None and "deck" not in public and "city_deck" not in public


def test_partners_hands_stay_secret():
    # spec 4 INTERPRETATION: in team play a hand stays secret even from one's partner
    state = new(4, seed=3, teams=True)
    view = json.loads(view_json(state, 0))
    assert view["hand"] == [CARD_IDS[c] for c in state.hands[0]]
    partner = [CARD_IDS[c] for c in state.hands[2]]
    assert view["seats"][2]["hand_size"] == 5 and partner != view["hand"]
    changed = scramble(state, {0}, random.Random(1))
    assert changed.hands[2] != state.hands[2]
    assert view_json(changed, 0) == view_json(state, 0)


def test_drawn_cards_are_told_to_the_drawer_only():
    state = position(
        3,
        hands=[["mail", "tank", "dining", "sleeper", "boxcar"]],
        cities=["paris", "rome", "berlin", "moscow"],
        deck_top=["flatcar"],
    )
    _, events = act(state, {"type": "to_line", "wagon": "mail", "row": 0, "side": "left"})
    private = [e for e in events if e.to is not None]
    assert [(e.kind, e.to, dict(e.params)) for e in private] == [
        ("drew_cards", (0,), {"seat": 0, "cards": ("flatcar",)})
    ]
    for e in events:
        if e.to is None:
            assert "flatcar" not in json.dumps(dict(e.params))


def test_events_are_json_and_public_ones_never_name_a_drawn_card():
    rng = random.Random(4)
    state = new(4, seed=4, teams=True)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        for e in events:
            json.dumps([e.kind, dict(e.params), e.to])
            assert (e.to is None) == (e.kind != "drew_cards")
            if e.to is not None:
                assert e.to == (e.params["seat"],)
    [end] = [e for e in events if e.kind == "game_over"]
    assert end.params["winners"] == GAME.result(state).winners


def test_previews_never_reveal_hidden_cards():
    state = position(
        3,
        hands=[["mail", "tank", "dining", "swap_two"]],
        tableaux=[["sleeper"], ["mail"]],
        cities=["paris", "rome", "berlin", "moscow"],
    )
    reveals = {
        json.dumps(a, sort_keys=True): GAME.reveals_hidden(state, 0, GAME.parse_action(a))
        for a in legal_json(state)
    }
    for text, value in reveals.items():
        action = json.loads(text)
        if action["type"] == "to_line" or action.get("decline"):
            assert value, text  # draws a card
        elif action["type"] in ("to_tableau", "take_back") or action.get("card") == "swap_two":
            assert not value, text  # nothing drawn (swap_two only starts the swap)
    started, _ = act(state, {"type": "play_card", "card": "swap_two"})
    pick = GAME.parse_action({"type": "swap_pick", "seat": 0, "wagon": "sleeper"})
    assert not GAME.reveals_hidden(started, 0, pick)
    picked, _ = GAME.apply(started, 0, pick)
    second = GAME.parse_action({"type": "swap_pick", "seat": 1, "wagon": "mail"})
    assert GAME.reveals_hidden(picked, 0, second)  # the swap is over: the player draws


def test_reveals_hidden_for_claims_and_chain_links():
    ready = position(
        3,
        hands=[["dining", "sleeper", "chain_exchange"]],
        tableaux=[["mail", "tank"], ["boxcar"], ["flatcar"]],
        lines={0: (["mail"], ["tank"])},
        cities=["paris", "rome", "berlin", "moscow"],
    )
    state, _ = act(ready, {"type": "to_tableau", "wagon": "dining"})
    assert GAME.reveals_hidden(state, 0, GAME.parse_action({"type": "claim", "row": 0}))
    assert not GAME.reveals_hidden(state, 0, GAME.parse_action({"type": "end_turn"}))
    chain, _ = act(ready, {"type": "play_card", "card": "chain_exchange", "direction": "left"})
    first = GAME.parse_action({"type": "exchange", "give": "tank", "take": "boxcar"})
    assert not GAME.reveals_hidden(chain, 0, first)  # seat 1 decides next: nothing drawn yet
    chain, _ = GAME.apply(chain, 0, first)
    assert GAME.reveals_hidden(chain, 1, GAME.parse_action({"type": "decline"}))


def test_dump_action_omits_unset_fields_and_round_trips():
    rng = random.Random(2)
    state = new(4, seed=2)
    seen = set()
    for _ in range(400):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        for action in GAME.legal_actions(state, seat):
            data = GAME.dump_action(action)
            assert None not in data.values() and data.get("decline", True) is True
            assert GAME.parse_action(json.dumps(data)) == action
            seen.add(data["type"])
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert {"to_line", "to_tableau", "take_back", "play_card"} <= seen


def test_greedy_ai_claims_and_plays_whole_games():
    greedy = get_player("greedy")
    ready = position(
        3,
        hands=[["dining", "sleeper", "boxcar"]],
        tableaux=[["mail", "tank"]],
        lines={0: (["mail"], ["tank"])},
        cities=["paris", "rome", "berlin", "moscow"],
    )
    state, _ = act(ready, {"type": "to_tableau", "wagon": "dining"})
    choice = greedy.choose(GAME, state, 0, random.Random(0))
    assert GAME.dump_action(choice) == {"type": "claim", "row": 0}
    for players, options in ((2, {}), (4, {"teams": True})):
        rng = random.Random(players)
        state = new(players, seed=players, **options)
        steps = 0
        while not GAME.is_over(state) and steps < 3000:
            (seat,) = GAME.to_act(state)
            player = greedy if seat % 2 == 0 else get_player("random")
            state, _ = GAME.apply(state, seat, player.choose(GAME, state, seat, rng))
            steps += 1
        assert GAME.is_over(state)


def test_team_evaluation_counts_the_partner_as_a_friend():
    state = position(4, teams=True, won=[["paris"], [], ["marseille"], ["rome"]])
    assert GAME.scores(state) == [4, 2, 4, 2]
    assert GAME.evaluate(state, 0) == GAME.evaluate(state, 2) == 2
    assert GAME.evaluate(state, 1) == -2
