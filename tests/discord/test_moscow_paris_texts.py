"""Moscow–Paris on Discord, the adapter: its choice paths and texts.

What the generic panel relies on: every legal action is exactly one path of steps, no path is
the start of another, every step fits a select (≤ 25 options, labels ≤ 100 characters) and
every path fits a custom_id — over positions of every player count and edition, chain-exchange
decisions included; and every event, result and highlight reads well. The whole matches on
the fake Discord are in test_moscow_paris_match.py.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from bot.games.moscow_paris.adapter import MoscowParisAdapter, hand_line
from bot.games.moscow_paris.terms import city_by_id, city_vp, flag
from games.core.ai import GreedyPlayer
from games.core.contract import Event, Result
from games.moscow_paris.data import CARD_IDS
from games.moscow_paris.engine import MoscowParis
from games.moscow_paris.options import EDITIONS
from games.moscow_paris.scoring import final_result
from tests.discord.choice_paths import check_position
from tests.discord.driver import (
    NAMES,
)
from tests.moscow_paris.helpers import position

GAME = MoscowParis()
ADAPTER = MoscowParisAdapter()
# (players, options): every edition, every player count, and the reconstructed variants.
CONFIGS = [
    (2, EDITIONS["standard"]),
    (3, EDITIONS["orient_express"]),
    (4, EDITIONS["standard"]),
    (4, EDITIONS["teams"]),
    (2, EDITIONS["home_city"]),
    (3, EDITIONS["eleven_wagon_types"]),
    (3, {"columns": "any_rows", "multiple_claims": True, "istanbul": True}),
    (
        4,
        {
            "teams": True,
            "home_city": True,
            "home_city_name": "**Zoë** <@1> `x`",
            "home_city_country": "PL",
            "columns": "any_rows",
        },
    ),
]
GREEDY = GreedyPlayer()


# --------------------------------------------------------------------------- the adapter


def test_column_cards_fit_a_select_and_would_split_if_they_did_not():
    # The most a column card can offer: a line holds at most 4 wagons, so at most 4 places
    # hold a wagon in all 4 rows: 4 × C(4, 2) = 24 ways with `any_rows`, plus "without
    # effect": exactly one select.
    full = {
        r: (["mail", "tank", "boxcar", "sleeper"][r : r + 1] + ["dining"], ["baggage", "passenger"])
        for r in range(4)
    }
    state = position(
        3,
        hands=[["discard_column2", "mail", "tank", "boxcar", "dining"]],
        lines=full,
        cities=["moscow", "paris", "rome", "berlin"],
        columns="any_rows",
    )
    actions = GAME.legal_actions(state, 0)
    column = [a for a in actions if a.type == "play_card" and a.card == "discard_column2"]
    assert len(column) == 4 * 6 + 1
    children = check_position(GAME, ADAPTER, state, 0, NAMES[:3])
    assert len(children[("card", "c2")]) == 25
    moves = ADAPTER.moves(GAME.view(state, 0), actions, NAMES[:3], None)
    move = dict(zip(actions, moves, strict=True))[column[0]]
    assert move.codes == ("card", "c2", "l1-01")
    assert move.steps[-1].label == "Left 1 — Moscow, Paris: 🟨 Mail car · ⬛ Tank car"
    # Were there more (a view with 4 wagons on each side of every line, which the rules
    # never allow), the place would come first, then the rows.
    view = GAME.view(state, 0)
    wide = view.model_copy(
        update={
            "rows": [
                row.model_copy(
                    update={
                        "left": ["mail", "tank", "boxcar", "sleeper"],
                        "right": ["baggage", "passenger", "dining", "flatcar"],
                    }
                )
                for row in view.rows
            ]
        }
    )
    many = [
        GAME.parse_action(
            {
                "type": "play_card",
                "card": "discard_column2",
                "side": side,
                "slot": slot,
                "rows": list(rows),
            }
        )
        for side in ("left", "right")
        for slot in range(1, 5)
        for rows in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
    ]
    many.append(
        GAME.parse_action({"type": "play_card", "card": "discard_column2", "decline": True})
    )
    moves = ADAPTER.moves(wide, many, NAMES[:3], None)
    assert moves[0].codes == ("card", "c2", "l1", "r01") and moves[-1].codes == ("card", "c2", "no")
    assert len({m.codes[2] for m in moves}) == 9
    assert max(Counter(m.codes[2] for m in moves).values()) == 6
    assert ADAPTER.step_prompt(("card", "c2", "l1"), None) == "Which lines?"


def test_labels_say_what_happens():
    state = position(
        3,
        hands=[["mail", "tank", "chain_exchange", "discard_city", "swap_two"]],
        tableaux=[[], ["sleeper"], ["dining"]],
        lines={0: (["boxcar"], [])},
        cities=["moscow", "paris", "rome", "berlin"],
    )
    actions = GAME.legal_actions(state, 0)
    labels = {m.label for m in ADAPTER.moves(GAME.view(state, 0), actions, NAMES[:3], None)}
    assert (
        "Wagon to a city line (then draw 1) → 🟨 Mail car → Moscow 🇷🇺 line, left end (1/4 wagons)"
    ) in labels
    assert "Wagon to your tableau (no draw) → ⬛ Tank car" in labels
    assert (
        "Action card (then draw 1) → ⚡5 Discard a city — a city leaves the game with its "
        "wagons → Discard Moscow 🇷🇺 (2 VP) and its line: 🟧 Boxcar"
    ) in labels
    assert (
        "Action card (then draw 1) → ⚡1 Swap two wagons — any 2 wagons of lines or "
        "tableaux → Play it without its effect (discard it, draw 1)"
    ) in labels
    # A chain needs a wagon in front of the player: none yet, so only "without effect".
    chain = [a for a in actions if a.type == "play_card" and a.card == "chain_exchange"]
    assert len(chain) == 1 and chain[0].decline
    assert ADAPTER.highlight(actions[0]) == {f"end:{actions[0].row}:{actions[0].side}"}
    # The chain: the player picks a neighbour, the label says who goes on with whom.
    state = dataclasses.replace(
        state,
        tableaux=((CARD_IDS.index("flatcar"),), *state.tableaux[1:]),
        hands=(state.hands[0][1:], *state.hands[1:]),
    )
    actions = GAME.legal_actions(state, 0)
    labels = {m.label for m in ADAPTER.moves(GAME.view(state, 0), actions, NAMES[:3], None)}
    assert any(
        label.endswith("Exchange with bob (left); then bob may go on with carol")
        for label in labels
    ), labels
    assert any(
        label.endswith("Exchange with carol (right); then carol may go on with bob")
        for label in labels
    ), labels


def chain_state(players: int = 3):
    """Seat 0 has played the chain exchange to the left: it decides first."""
    tableaux = [["mail"], ["sleeper", "tank"], ["dining"], ["baggage"]][:players]
    state = position(
        players,
        hands=[["chain_exchange", "passenger", "boxcar", "flatcar"]],
        tableaux=tableaux,
        cities=["moscow", "paris", "rome", "berlin"],
    )
    state, _ = GAME.apply(
        state,
        0,
        GAME.parse_action({"type": "play_card", "card": "chain_exchange", "direction": "left"}),
    )
    return state


def test_a_chain_decision_belongs_to_the_decider_and_names_the_partner():
    state = chain_state(3)
    assert GAME.to_act(state) == {0}
    moves = ADAPTER.moves(GAME.view(state, 0), GAME.legal_actions(state, 0), NAMES[:3], None)
    assert {m.label for m in moves} == {
        "Give your 🟨 Mail car to bob → Take bob's 🟦 Sleeping car",
        "Give your 🟨 Mail car to bob → Take bob's ⬛ Tank car",
        "Stop the chain: no exchange",
    }
    assert ADAPTER.step_prompt(("g.mail",), None) == "Which of their wagons do you take?"
    exchange = GAME.parse_action({"type": "exchange", "give": "mail", "take": "tank"})
    after, events = GAME.apply(state, 0, exchange)
    assert GAME.to_act(after) == {1}  # bob decides next, out of turn
    lines = [ADAPTER.describe(e, NAMES[:3], None) for e in events]
    assert lines == [
        "⛓️ alice gave a 🟨 Mail car to bob and took a ⬛ Tank car.",
        "⛓️ The chain goes on: bob may now exchange a wagon with carol, or stop it.",
    ]
    status = ADAPTER.status_lines(GAME.view(after, None), NAMES[:3], None)
    assert status[0] == (
        "**Turn 1** — ⛓️ Chain exchange played by alice (left): waiting for "
        "**bob** to exchange a wagon with carol, or stop the chain"
    )
    # bob's own panel: his wagons for carol's; alice (to play) has nothing to choose.
    assert GAME.legal_actions(after, 0) == []
    labels = {
        m.label
        for m in ADAPTER.moves(GAME.view(after, 1), GAME.legal_actions(after, 1), NAMES[:3], None)
    }
    assert "Give your 🟨 Mail car to carol → Take carol's 🟥 Dining car" in labels
    assert ADAPTER.highlight(exchange) == {"gave:mail", "got:tank"}


def test_private_text_shows_only_the_own_hand():
    for players, options in CONFIGS:
        state = GAME.setup(players, GAME.parse_options(options), 7)
        for seat in range(players):
            text = ADAPTER.private_text(GAME.view(state, seat), NAMES[:players], None)
            own = [CARD_IDS[c] for c in state.hands[seat]]
            assert hand_line(own, None) in text
            assert text.count("Your hand") == 1
            for other in range(players):
                theirs = [CARD_IDS[c] for c in state.hands[other]]
                if other != seat and theirs != own:
                    assert hand_line(theirs, None) not in text
            if options.get("teams"):
                assert "partners never see each other's hands" in text


def test_every_event_and_result_reads_well():
    kinds: Counter = Counter()
    for players, options in CONFIGS:
        for seed in range(3):
            state = GAME.setup(players, GAME.parse_options(options), seed)
            rng = random.Random(seed)
            while not GAME.is_over(state):
                (seat,) = GAME.to_act(state)
                legal = GAME.legal_actions(state, seat)
                cards = [a for a in legal if a.type == "play_card" and not a.decline]
                action = (
                    rng.choice(cards)
                    if cards and rng.random() < 0.3
                    else (GREEDY.choose(GAME, state, seat, rng))
                )
                state, events = GAME.apply(state, seat, action)
                for event in events:
                    line = ADAPTER.describe(event, NAMES[:players], None)
                    assert line and "{" not in line and len(line) < 500, (event, line)
                    kinds[event.kind] += 1
                    if event.to is not None:  # the drawer's own line
                        assert event.kind == "drew_cards" and line.startswith("🤫 You drew ")
                    else:
                        assert "You drew" not in line
            result = GAME.result(state)
            text = "\n".join(ADAPTER.result_lines(result, NAMES[:players], None))
            assert "{" not in text and "repeated flags" in text and len(text) < 4000
            if options.get("teams"):
                assert "Team A" in text and "Team B" in text
            view = GAME.view(state, None)
            status = "\n".join(ADAPTER.status_lines(view, NAMES[:players], None))
            assert "{" not in status and "Game over" in status
    expected = {
        "wagon_to_line",
        "wagon_to_tableau",
        "wagon_taken_back",
        "drew",
        "drew_cards",
        "card_played",
        "swap_picked",
        "wagons_swapped",
        "chain_exchanged",
        "chain_ended",
        "city_claimed",
        "city_revealed",
        "game_over",
    }
    assert expected <= set(kinds), expected - set(kinds)


def test_rare_events_read_well():
    names = NAMES[:3]
    rare = [
        Event("swap_declined", {"seat": 1}),
        Event("chain_offered", {"seat": 2, "partner": 0}),
        Event("chain_ended", {"reason": "declined", "seat": 1}),
        Event("chain_ended", {"reason": "no_wagons", "seat": 2}),
        Event("chain_ended", {"reason": "complete", "seat": 2}),
        Event(
            "stalemate",
            {
                "repeats": [2, 2, 2],
                "reset": 1,
                "hand_cards": [3, 4, 5],
                "tableaux": [[], [], []],
                "lines": [[], [], [], []],
            },
        ),
        Event(
            "card_played",
            {
                "seat": 0,
                "card": "discard_column3",
                "declined": False,
                "side": "right",
                "slot": 2,
                "rows": [1, 2, 3],
                "wagons": [
                    {"row": r, "city": city, "side": "right", "slot": 2, "wagon": "mail"}
                    for r, city in ((1, "paris"), (2, "rome"), (3, "berlin"))
                ],
            },
        ),
        Event(
            "card_played",
            {
                "seat": 0,
                "card": "discard_city",
                "declined": False,
                "row": 1,
                "city": "home_city",
                "wagons": [],
            },
        ),
        Event("city_revealed", {"row": 0, "city": "istanbul"}),
        Event("turn_ended", {"seat": 0, "claims": 1}),
        Event("turn_ended", {"seat": 1, "claims": 0}),
        Event("reshuffled", {"reshuffle": 1, "cards": 40}),
    ]
    lines = [ADAPTER.describe(e, names, None) for e in rare]
    assert all(line and "{" not in line for line in lines), lines
    assert lines[5].startswith("♻️ Stalemate")
    # Lines are named by their cities, as the picture and the menus name them.
    assert "the 🟨 Mail car of the Rome 🇮🇹 line, the 🟨 Mail car of the Berlin 🇩🇪 line" in lines[6]
    assert "the Home City leaves the game" in lines[7]
    assert lines[8] == "🆕 Istanbul 🇹🇷 (up to 4 wagons, 3 VP) takes row 1."


def test_a_tie_break_is_explained():
    # 4 points each (no repeated flag): Paris + Rome, two capitals, beat London + Nice +
    # Florence, one capital.
    state = position(2, won=[["paris", "rome"], ["london", "nice", "florence"]])
    result = final_result(state)
    assert result.scores == [4, 4] and result.tiebreak == "capitals"
    text = "\n".join(ADAPTER.result_lines(result, NAMES[:2], None))
    assert (
        "Tied on points: more capitals wins (alice (capitals 2, city cards 2), bob "
        "(capitals 1, city cards 3))."
    ) in text
    state = position(2, won=[["london", "nice"], ["paris", "salzburg"]])
    result = final_result(state)
    assert result.scores == [3, 3] and result.tiebreak is None and result.winners == [0, 1]
    assert "Shared win: alice, bob." in ADAPTER.result_lines(result, NAMES[:2], None)
    shared = Result(scores=[3, 3], ranking=[[0, 1]], winners=[0, 1])
    assert ADAPTER.result_lines(shared, NAMES[:2], None)  # no details: no crash


@pytest.mark.parametrize(
    "players, won",
    [
        (3, [["paris", "nice", "marseille", "rome"], ["london"], ["berlin", "munich"]]),
        (4, [["paris", "nice"], ["london"], ["marseille", "rome"], ["berlin", "munich"]]),
    ],
)
def test_result_lines_give_every_players_score_terms(players, won):
    """«каждый игрок суммирует очки с полученных им карт городов, затем откладывает в сторону
    по карте города каждой страны и прибавляет к получившейся сумме очков количество
    оставшихся перед ним карт городов»: every player (or team, pooled) can check their
    score — each city with its VP, the VP, the repeated flags, the total, and the
    tie-breaks' capitals and city cards."""
    options = {"teams": True} if players == 4 else {}
    result = final_result(position(players, won=won, **options))
    text = "\n".join(ADAPTER.result_lines(result, NAMES[:players], None))
    d = result.details
    for seat in range(players):
        for city in d["seats"][seat]["cities"]:
            assert city_chip(city) in text, (seat, city)
        b = d["teams"][seat % 2] if options else d["seats"][seat]
        flags = " ".join(f"{flag(c)}×{n}" for c, n in b["flags"].items() if n > 1) or "—"
        assert (
            f"{b['vp']} VP + {b['repeated_flags']} for repeated flags ({flags}) = "
            f"**{b['score']}** · capitals {b['capitals']} · city cards {b['city_cards']}"
        ) in text, seat


def city_chip(city: str) -> str:
    return f"{city_by_id(city, None)} {city_vp(city)}"


def test_highlights_name_what_a_move_touches():
    parse = GAME.parse_action
    assert ADAPTER.highlight(parse({"type": "to_tableau", "wagon": "mail"})) == {"mine:mail"}
    assert ADAPTER.highlight(parse({"type": "take_back", "wagon": "mail"})) == {"hand"}
    assert ADAPTER.highlight(parse({"type": "claim", "row": 2})) == {"row:2"}
    assert ADAPTER.highlight(parse({"type": "swap_pick", "seat": 1, "wagon": "tank"})) == {
        "seat:1:tank"
    }
    assert ADAPTER.highlight(parse({"type": "swap_pick", "row": 1, "side": "left", "slot": 2})) == {
        "w:1:left:2"
    }
    assert ADAPTER.highlight(
        parse(
            {
                "type": "play_card",
                "card": "discard_column2",
                "side": "right",
                "slot": 1,
                "rows": [0, 1],
            }
        )
    ) == {"w:0:right:1", "w:1:right:1"}
    assert ADAPTER.highlight(parse({"type": "end_turn"})) == set()


# --------------------------------------------------------------------------- Discord
