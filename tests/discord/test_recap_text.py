"""What the recaps say, for Paris Paris and City of Light: every event, status and result line
reads well (no placeholder left, plurals right, one minus sign), each move's recap fits one
Discord message, nothing secret is named, and known positions give exact sentences."""

from __future__ import annotations

import random
import re

import pytest

from bot.games.city_of_light.adapter import CityOfLightAdapter
from bot.games.paris_paris.adapter import ParisParisAdapter
from games.city_of_light.scoring import final_result
from games.core.contract import Event
from games.registry import get_game
from tests.city_of_light.helpers import board
from tests.city_of_light.playing import play as col_play
from tests.city_of_light.test_worked_example import example_state
from tests.paris_paris.helpers import act, last_round, play_round, put, start, wait

PP, COL = ParisParisAdapter(), CityOfLightAdapter()
NAMES = ["alice", "bob", "carol", "dave"]
LONG_NAMES = ["Amélie-Françoise", "Bastien le Grand", "Zoë Ngũgĩ-Smith", "Dave Longname 16"]
PLACEHOLDER = re.compile(r"\{\w*\}")
# "1 tokens", "1 tiles in stack", "1 action tokens": a count of one with a plural noun.
ONE_PLURAL = re.compile(
    r"(?<![\d.,])1 (?:[a-zA-Z]+ ){0,2}(?:tokens|tiles|shops|piles|stops|lights|cells|buildings|"
    r"points|spaces)\b"
)
HYPHEN_MINUS = re.compile(r"(?<![\w\-])-\d")  # "-9": scores use "−" (U+2212)
MESSAGE = 2000


def bad(text: str) -> list[str]:
    problems = []
    if PLACEHOLDER.search(text):
        problems.append("placeholder")
    if ONE_PLURAL.search(text):
        problems.append("plural")
    if HYPHEN_MINUS.search(text):
        problems.append("minus")
    if not text.strip():
        problems.append("empty")
    return problems


def games():
    """(key, players, options, adapter) of the matches to play through."""
    for players in (2, 3, 4):
        yield "paris-paris", players, {}, PP
    for edition in ("original", "german", "random-postcards"):
        yield "city-of-light", 2, edition, COL


@pytest.mark.parametrize("case", list(games()), ids=lambda c: f"{c[0]}-{c[1]}-{c[2] or 'std'}")
def test_every_line_reads_well(case) -> None:
    key, players, edition, adapter = case
    game = get_game(key)
    names = LONG_NAMES[:players]
    problems: dict[str, str] = {}
    for seed in range(12):
        options = game.edition_options(edition) if edition else {}
        state = game.setup(players, game.parse_options(options), seed=seed)
        rng = random.Random(seed)
        while game.to_act(state):
            seat = min(game.to_act(state))
            action = rng.choice(list(game.legal_actions(state, seat)))
            state, events = game.apply(state, seat, action)
            lines = [adapter.describe(e, names, None) for e in events]
            lines += adapter.status_lines(game.view(state, None), names, None)
            lines += [
                adapter.private_text(game.view(state, s), names, None) for s in range(players)
            ]
            if hasattr(adapter, "recap_lines"):
                recap = adapter.recap_lines(events, names, None)
                assert len("\n".join(recap)) <= MESSAGE - 200, (seed, recap)
                lines += recap
            for line in lines:
                for problem in bad(line or "x"):
                    problems.setdefault(problem, line)
        for line in adapter.result_lines(game.result(state), names, None):
            for problem in bad(line):
                problems.setdefault(problem, line)
    assert not problems, problems


# --- Paris Paris: exact sentences --------------------------------------------------------------

TAKES = ["marais/orange", "pigalle/red", "invalides/pink"]


def round_end(
    leftover: str,
    shops: dict[str, list[int]],
    *,
    waiting: str | None = None,
    takes: list[str] = TAKES,
) -> list[str]:
    """The recap of the last take of round 1 (3 players), the leftover token `leftover`."""
    state = put(start(3, [[leftover, *takes]]), shops)
    if waiting:
        state = wait(state, waiting)
    state, _ = play_round(state, 0, takes[:2])
    station, colour = takes[2].split("/")
    _, events = act(state, {"type": "take", "station": station, "colour": colour})
    return PP.recap_lines(events, NAMES, None)


def test_a_visit_with_shops_on_the_station() -> None:
    assert round_end("odeon/blue", {"odeon": [0, 1]})[1] == (
        "🛍️ Visit at Odéon (leftover 🔵 blue token): its shops score 1 each: alice +1, bob +1."
    )


def test_a_visit_that_finds_the_nearest_shop_along_the_line() -> None:
    assert round_end("les_halles/blue", {"louvre": [0], "opera": [1]})[1] == (
        "🛍️ Visit at Les Halles (leftover 🔵 blue token): no shop there; nearest on the 🔵 blue "
        "line, 1 stop away: alice +1 at Louvre."
    )


def test_a_visit_at_a_crossing_searches_both_lines() -> None:
    assert round_end("pompidou/green", {"st_nicolas": [1], "pont_neuf": [0], "notre_dame": [2]})[
        1
    ] == (
        "🛍️ Visit at Pompidou (leftover 🟢 green token): no shop there; nearest, 1 stop away: "
        "bob +1 at St-Nicolas (🟢 green line); alice +1 at Pont Neuf (🔵 blue line)."
    )


def test_a_visit_nobody_scores_and_the_token_waits() -> None:
    takes = ["marais/orange", "pigalle/red", "gare_de_l_est/orange"]
    assert round_end("louvre/blue", {}, takes=takes)[1:] == [
        "🛍️ Visit at Louvre (leftover 🔵 blue token): no shop on its line, nobody scores.",
        "🅿️ The 🔵 blue token waits on a P space: the next one left over starts an excursion.",
    ]
    assert round_end("odeon/blue", {}, takes=takes)[1] == (
        "🛍️ Visit at Odéon (leftover 🔵 blue token): no shop on its 2 lines, nobody scores."
    )


def test_an_excursion_says_who_scored_at_each_crossing_and_why() -> None:
    lines = round_end(
        "notre_dame/green",
        {"pompidou": [0], "hotel_de_ville": [1, 0], "les_halles": [2], "st_nicolas": [0]},
        waiting="green",
    )
    assert lines == [
        "🏪 carol opened a shop at Invalides.",
        "🛍️ Visit at Notre-Dame (leftover 🟢 green token): no shop there; nearest on the 🟢 "
        "green line, 1 stop away: alice +1, bob +1 at Hôtel de Ville.",
        "🚌 Excursion on the 🟢 green line (a 🟢 green token was already waiting on a P space):",
        # Pompidou's neighbours: St-Nicolas, Les Halles, Hôtel de Ville, Pont Neuf.
        "• Pompidou: alice +3 (1 shop here, 2 next door).",
        # Hôtel de Ville's: Pompidou, Notre-Dame, Marais (alice's first take), Île St-Louis.
        "• Hôtel de Ville: alice +3 (1 shop here, 2 next door); bob +1 (1 shop here).",
        "Excursion total: alice +6, bob +1.",
    ]


def test_a_shop_pushed_out_is_told_in_the_same_sentence() -> None:
    three = put(start(3, [["montmartre/green", *TAKES]]), {"montmartre": [1, 2]})
    state, _ = act(three, {"type": "reveal", "pile": 0})
    _, events = act(
        state, {"type": "take", "station": "montmartre", "colour": "green", "remove": 1}
    )
    assert PP.recap_lines(events, NAMES, None) == [
        "🏪 alice opened a shop at Montmartre, pushing bob's shop there into the bag."
    ]
    # One event at a time (as the shared recap asks today), the push-out is its own line.
    assert [PP.describe(e, NAMES, None) for e in events] == [
        "🏪 alice opened a shop at Montmartre.",
        "↳ Montmartre was full: bob's shop there went into the bag.",
    ]
    own = put(start(3, [["pigalle/red", *TAKES]]), {"pigalle": [0]})
    state, _ = act(own, {"type": "reveal", "pile": 0})
    _, events = act(state, {"type": "take", "station": "pigalle", "colour": "red"})
    assert PP.recap_lines(events, NAMES, None) == [
        "🏪 alice opened a new shop at Pigalle; their older shop there went back to their supply."
    ]
    two = put(start(2, [["pigalle/red", "marais/orange", "louvre/blue"]]), {"pigalle": [1]})
    state, _ = act(two, {"type": "reveal", "pile": 0})
    _, events = act(state, {"type": "take", "station": "pigalle", "colour": "red"})
    assert PP.recap_lines(events, NAMES, None) == [
        "🏪 alice opened a shop at Pigalle, sending bob's shop there back to bob's supply."
    ]


def test_the_last_round_reveals_markers_and_scores_the_bag() -> None:
    state = put(
        start(3, [["louvre/blue", *TAKES]], markers=["green", "red", "blue"]), {"pompidou": [0]}
    )
    state = last_round(state, 0)
    state = state.__class__(**{**{f: getattr(state, f) for f in state.__slots__}, "bag": (2, 1, 0)})
    state, _ = play_round(state, 0, TAKES[:2])
    _, events = act(state, {"type": "take", "station": "invalides", "colour": "pink"})
    lines = PP.recap_lines(events, NAMES, None)
    assert "🎭 Secret markers: alice 🟢 green, bob 🔴 red, carol 🔵 blue." in lines
    assert "🚌 Final excursion on the 🟢 green line (alice's marker):" in lines
    assert lines[-1] == "👜 Bag: alice 2, bob 1, carol 0 — alice has the most: +2."


def test_no_recap_names_a_marker_before_the_end() -> None:
    game = get_game("paris-paris")
    for seed in range(5):
        state = game.setup(3, game.parse_options({}), seed=seed)
        rng = random.Random(seed)
        while game.to_act(state):
            seat = min(game.to_act(state))
            action = rng.choice(list(game.legal_actions(state, seat)))
            state, events = game.apply(state, seat, action)
            text = "\n".join(PP.recap_lines(events, NAMES, None))
            if game.to_act(state):
                assert "marker" not in text and "🎭" not in text, text


def test_result_lines_explain_every_term() -> None:
    game = get_game("paris-paris")
    state = game.setup(3, game.parse_options({}), seed=5)
    rng = random.Random(5)
    while game.to_act(state):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    lines = PP.result_lines(game.result(state), NAMES, None)
    assert lines[0] == (
        "1. bob — **60** (visits 9, excursions 32, final excursions 19, bag 0; "
        "11 shops on the board)"
    )
    assert lines[-2:] == [
        "Markers: alice 🩷 pink, bob 🟢 green, carol 🟠 orange.",
        "Shops in the bag: alice 3, bob 3, carol 3.",
    ]


def test_status_counts_use_plural_forms() -> None:
    game = get_game("paris-paris")
    view = game.view(
        last_round(start(2, [["louvre/blue", "pigalle/red", "marais/orange"]]), 0), None
    )
    # (`last_round` leaves the round counter alone: only the piles matter here.)
    assert PP.status_lines(view, NAMES, None)[0] == "Round 1/20 · 1 pile left · 🚌 alice"


# --- City of Light: exact sentences -------------------------------------------------------------


def test_the_rulebook_example_result_lines() -> None:
    lines = COL.result_lines(final_result(example_state()), ["alice", "bob"], None)
    assert lines == [
        "**1. 🟦 bob — 57 points**",
        "  Lit buildings (size × lights): Line 3×0 = 0 + Corner 3×3 = 9 + Square 4×3 = 12 + "
        "Small L 4×3 = 12 + Big T 5×2 = 10 → **43**",
        "  Largest district: Square + Small L + Big T → **13**",
        "  Unbuilt buildings: 1 × −3 → **−3**",
        "  Postcards: Le Peintre: 2 lights × 2 = 4 → **4**",
        "**2. 🟧 alice — 48 points**",
        "  Lit buildings (size × lights): Horseshoe 6×1 = 6 + Big L 7×3 = 21 + Jardin des "
        "Plantes 2×3 = 6 → **33**",
        "  Largest district: Horseshoe + Big L + Jardin des Plantes → **15**",
        "  Unbuilt buildings: 2, no penalty (Sacré-Cœur) → **0**",
        "  Postcards: — → **0**",
    ]


def test_city_of_light_status_counts_one_token_and_one_tile() -> None:
    rows = ["oooooooo"] * 8
    state = board(rows, reserves=(("LINE",), ()))
    for card in ("levitation", "chartier", "sacre_coeur"):
        if card in state.cards:
            state = col_play(
                state,
                0,
                {"type": "activate", "card": card, "decline": True}
                if card == "levitation"
                else {"type": "activate", "card": card},
            )
    view = get_game("city-of-light").view(state, None)
    used = 4 - view.seats[0].tokens_left
    line = COL.status_lines(view, ["alice", "bob"], None)[1]
    left = 4 - used
    assert line == f"🟧 alice: reserve: Line · {left} action token{'s' * (left != 1)} left"
    stacks = {"stacks": [[1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7, 8]]}
    start_state = get_game("city-of-light").setup(2, {}, 1, stacks)
    phase1 = get_game("city-of-light").view(start_state, None)
    assert COL.status_lines(phase1, ["alice", "bob"], None)[1] == (
        "🟧 alice: 7 tiles in stack, 1 in hand · reserve: —"
    )


def test_a_pass_says_why() -> None:
    assert COL.describe(Event("passed", {"seat": 1, "phase": 1}), ["alice", "bob"], None) == (
        "⏭️ 🟦 bob passed: all their tiles are laid."
    )
    assert COL.describe(Event("passed", {"seat": 0, "phase": 2}), ["alice", "bob"], None) == (
        "⏭️ 🟧 alice passed: no building of theirs fits and no action token is left."
    )


def test_a_public_recap_never_tells_a_drawn_tile() -> None:
    game = get_game("city-of-light")
    state = game.setup(2, {}, 1, {"stacks": [[1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7, 8]]})
    _, events = game.apply(state, 0, game.legal_actions(state, 0)[0])
    drawn = [e for e in events if e.kind == "tile_drawn"]
    assert drawn and drawn[0].to == (0,)
    public = [COL.describe(e, ["alice", "bob"], None) for e in events if e.to is None]
    assert not any("drew" in (line or "") for line in public)
