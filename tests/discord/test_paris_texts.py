"""Paris on Discord, the adapter: its choice paths and texts.

What the generic panel relies on: every legal action is exactly one path of steps, no path is
the start of another, every step fits a select (≤ 25 options, labels ≤ 80 characters) and
every path fits a custom_id — over positions of every player count and edition, and over
positions built to offer the most choices (payments, prestige and pairs by the dozen, a full
bonus track). The texts: the screen shows its own seat only, every event and result reads
well. The whole matches on the fake Discord are in test_paris_match.py.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from bot.games.paris.adapter import screen_line
from bot.games.paris.steps import prompt_key
from games.core.contract import Event, Result
from games.paris.options import EDITIONS
from games.paris.state import ACTION, AFTER, BONUS, ENDGAME, PAY, PLACE, PRESTIGE, TILE, VPTILE
from tests.discord.choice_paths import check_position
from tests.discord.driver import (
    NAMES,
)
from tests.discord.paris_samples import ADAPTER, GAME, play_out, secret_lines
from tests.paris.helpers import board, give, keys_at, replace
from tests.paris.playing import act, legal, move

# --------------------------------------------------------------------------- the adapter


def sampled_positions() -> list[tuple[int, Any, int]]:
    out = []
    for players in (2, 3, 4):
        for edition in EDITIONS.values():
            for seed in range(2):
                out += [
                    (players, s, seat)
                    for s, seat, _ in play_out(players, edition, seed)
                    if seat is not None
                ]
    return out


POSITIONS = sampled_positions()


def test_positions_cover_every_step_and_every_player_count():
    phases = Counter(s.phase for _, s, _ in POSITIONS)
    assert {TILE, PLACE, ACTION, BONUS, VPTILE, ENDGAME, AFTER} <= set(phases), phases
    assert {p for p, _, _ in POSITIONS} == {2, 3, 4}
    assert max(len(GAME.legal_actions(s, seat)) for _, s, seat in POSITIONS) > 40


def rich_seat(players: int = 4) -> Any:
    """Seat 0 in its action step with a key on Montmartre's bank, 40 francs and most of
    what can lie behind a screen."""
    state = keys_at(board(players), 0, "montmartre/bank")
    return give(
        state,
        0,
        francs=40,
        goods={"marble": 2, "gold": 2, "bronze": 2, "silver": 2, "gold_prestige": 2},
        bonus=[3, 4, 8, 10, 19, 21],
        egt=["E8", "E9", "E10", "E11", "E12"],
    )


def test_the_widest_decisions_are_split_to_fit_a_select():
    # The Tour Eiffel (2 marble + 2 gold) with tokens, printed tiles and wild tiles: 119
    # ways to pay, chosen marble first, then gold.
    state, _ = act(rich_seat(), move("montmartre/bank", "montmartre/L17"))
    assert state.phase == PAY and len(legal(state)) > 100
    children = check_position(GAME, ADAPTER, state, 0, NAMES)
    assert {c[:2] for c in children[("pay",)]} == {"m-"}
    # Then its three gold prestige symbols, by a dozen sources.
    while state.phase == PAY:
        state, _ = act(state, legal(state)[-1])
    assert state.phase == PRESTIGE
    check_position(GAME, ADAPTER, state, 0, NAMES)
    # Bonus 24 (pairs of resources) with three wild tiles: hundreds of ways, counted first.
    pairs = give(
        rich_seat(),
        0,
        francs=40,
        goods={"wood": 3, "marble": 2, "gold": 2},
        bonus=[2, 10, 21, 24],
        egt=["E7"],
    )
    children = check_position(GAME, ADAPTER, pairs, 0, NAMES)
    uses = [k for k in children if k[-1:] == ("B24",)]
    assert uses and all(re.fullmatch(r"w\d", code) for code in children[uses[0]])
    # Every usable tile at once (20 bonus tiles, 6 end-game tiles): still one select each.
    tiles = give(
        rich_seat(),
        0,
        francs=40,
        goods={"bronze": 2, "wood": 2},
        meeple=12,
        bonus=[1, 5, 7, 12, 22, 6, 11, 15, 18, 26, 28, 13, 14, 17, 20, 23, 24, 25, 29, 30],
        egt=["E1", "E2", "E3", "E4", "E5", "E6"],
    )
    children = check_position(GAME, ADAPTER, replace(tiles, reserve=(2, 2, 2, 2)), 0, NAMES)
    assert children[("act", "use")] == {"bt", "et"}
    # A bonus tile after a 1 with the whole track open: by zone.
    state, _ = act(keys_at(board(2), 0, "belleville/bank"), move("belleville/bank", "belleville/2"))
    assert state.phase == BONUS  # the bronze token beside it may be sold at once
    assert check_position(GAME, ADAPTER, state, 0, NAMES[:2])[("bonus",)] == {
        "zA",
        "zB",
        "zC",
        "skip",
        "trade",
    }


def test_the_bonus_tile_of_a_3_can_be_paid_by_selling_first():
    # «Вы можете сделать то же самое, когда приобретаете здание стоимостью 3, но только если
    # заплатите 2 франка» «Ресурсы можно покупать и продавать в любое время, а фишки
    # престижа — продавать в любое время»: the last 3 francs buy Saint-Germain 3; its gold
    # prestige token is sold inside the bonus step, then the tile is paid.
    state = give(keys_at(board(2), 0, "arc"), 0, francs=3)
    state, _ = act(state, move("arc", "saint_germain/3"))
    assert state.phase == BONUS and state.francs[0] == 0
    moves = ADAPTER.moves(GAME.view(state, 0), GAME.legal_actions(state, 0), NAMES[:2], None)
    assert {m.steps[0].label for m in moves} == {
        "🎫 A bonus tile for Saint-Germain 3 costs 2 francs: sell something first"
    }
    assert check_position(GAME, ADAPTER, state, 0, NAMES[:2])[("bonus",)] == {"skip", "trade"}
    sell = next(m for m in moves if m.codes[1] == "trade")
    assert sell.label.endswith("💱 Trade at your screen → Sell 🥇 gold prestige for 3 francs")
    assert ADAPTER.step_prompt(("bonus",), None) == "Where on the bonus track?"
    assert ADAPTER.step_prompt(("bonus", "trade"), None) == "Buy or sell what?"
    state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[sell.index])
    assert state.phase == BONUS and state.francs[0] == 3
    moves = ADAPTER.moves(GAME.view(state, 0), GAME.legal_actions(state, 0), NAMES[:2], None)
    assert moves[0].steps[0].label == "🎫 A bonus tile for Saint-Germain 3, for 2 francs"
    assert {"zA", "zB", "zC", "skip"} <= check_position(GAME, ADAPTER, state, 0, NAMES[:2])[
        ("bonus",)
    ]
    # The prestige and VP-tile steps offer the free actions too.
    for step, prompt in (
        (("cash", "use"), "pa.prompt.use"),
        (("vpt", "trade"), "pa.prompt.trade"),
        (("cash", "use", "B17"), "pa.prompt.track"),
    ):
        assert prompt_key(step) == prompt


def test_labels_say_what_happens():
    state = keys_at(board(3), 0, "montmartre/bank", "arc")
    state = give(state, 0, francs=20, goods={"wood": 1, "marble": 1, "gold": 1}, bonus=[5, 17])
    actions = GAME.legal_actions(state, 0)
    moves = ADAPTER.moves(GAME.view(state, 0), actions, NAMES[:3], None)
    labels = {m.label for m in moves}
    head = "🎬 Step 2: your action → "
    assert head + "🔑 Place a key on a bank or the Arc → The Chaillot bank: take 7 francs" in labels
    buy = next(
        m
        for m, a in zip(moves, actions, strict=True)
        if a.type == "move_key" and a.to == "montmartre/8" and a.from_ == "montmartre/bank"
    )
    assert buy.codes == ("act", "buy", "d0", "v8", "bank")
    assert buy.steps[3].label.startswith("8 🍽️ restaurant · 🟨 gold · +2 VP · needs 🪵 wood")
    assert buy.steps[4].label == "From the bank: pay 8 francs"
    arc = next(
        m
        for m, a in zip(moves, actions, strict=True)
        if a.type == "move_key" and a.to == "chaillot/L12" and a.from_ == "arc"
    )
    assert arc.steps[3].label.startswith("New: Notre-Dame (12) · needs 🪨 marble + 🟨 gold")
    assert arc.steps[4].label == "From the Arc: pay 12 francs"
    assert head + "🎫 Use a tile → Use bonus tile 5 (+5 francs)" in labels
    assert (
        head
        + (
            "🎫 Use a tile → Use bonus tile 17 (take any tile of the track) → Zone A "
            "(spaces 1–10): 9 to choose from → Space 3: bonus tile 3 (counts as 🪨 "
            "marble)"
        )
        in labels
    )
    assert head + "💱 Trade at your screen → Sell 🪵 wood for 1 franc" in labels
    assert ADAPTER.highlight(actions[buy.index]) == {"loc:montmartre/8", "from:montmartre/bank"}


def test_step_prompts_follow_the_path():
    assert prompt_key(("tile",)) == "pa.prompt.tile"
    assert prompt_key(("act",)) == "pa.prompt.act"
    assert prompt_key(("act", "buy")) == "pa.prompt.buy_district"
    assert prompt_key(("act", "buy", "d0")) == "pa.prompt.buy_target"
    assert prompt_key(("act", "buy", "d0", "v5")) == "pa.prompt.buy_source"
    assert prompt_key(("act", "use", "bt", "B17")) == "pa.prompt.track"
    assert prompt_key(("bonus", "zA")) == "pa.prompt.space"
    assert prompt_key(("vpt", "VP20")) == "pa.prompt.vpt_district"
    assert ADAPTER.step_prompt(("pick",), None) == "Which end-game tile do you keep?"


def test_highlights_name_what_a_move_touches():
    parse = GAME.parse_action
    assert ADAPTER.highlight(parse({"type": "place_key", "to": "arc"})) == {"arc"}
    assert ADAPTER.highlight(parse({"type": "place_key", "to": "chaillot/bank"})) == {
        "bank:chaillot"
    }
    assert ADAPTER.highlight(parse({"type": "take_bonus", "space": 12})) == {"track:12"}
    assert ADAPTER.highlight(parse({"type": "use_bonus", "tile": 17, "space": 3})) == {"track:3"}
    assert ADAPTER.highlight(
        parse({"type": "place_vp_tile", "tile": "VP20", "district": "belleville"})
    ) == {"vp:belleville"}
    assert ADAPTER.highlight(parse({"type": "sell", "item": "wood"})) == {"supply"}
    assert ADAPTER.highlight(parse({"type": "end_turn"})) == set()


def test_private_text_shows_only_the_own_screen():
    checked = 0
    for players, state, seat in POSITIONS[::37]:
        views = [GAME.view(state, s) for s in range(players)]
        text = ADAPTER.private_text(views[seat], NAMES[:players], None)
        assert screen_line(views[seat].screen, None) in text
        assert text.count("Your screen") == 1 and "{" not in text
        mine = secret_lines(views[seat])
        for other in range(players):
            for line in secret_lines(views[other]) - mine:
                assert line not in text, (seat, other, line)
                checked += 1
    assert checked > 50
    # Browsing the end-game stack: the tiles are listed to the browser only.
    state = replace(board(2), endgame=tuple(range(12)))
    state, _ = act(state, {"type": "take_end_game"})
    assert "🤫 In the end-game stack (12 tiles): end-game tile E1 (3 VP)" in ADAPTER.private_text(
        GAME.view(state, 0), NAMES[:2], None
    )
    assert "end-game stack" not in ADAPTER.private_text(GAME.view(state, 1), NAMES[:2], None)


ONE_PLURAL = re.compile(
    r"(?<![\d.,])1 (tiles|francs|keys|pairs|turns|spaces|buildings|"
    r"landmarks|kinds|places)\b"
)


def reads_well(line: str | None, limit: int = 700) -> bool:
    return bool(line) and "{" not in line and not ONE_PLURAL.search(line) and len(line) < limit


def test_every_event_and_result_reads_well():
    kinds: Counter = Counter()
    for players in (2, 3, 4):
        for edition in EDITIONS.values():
            for seed in range(2):
                state = None
                for position, _seat, events in play_out(players, edition, seed):
                    state = position
                    for event in events:
                        line = ADAPTER.describe(event, NAMES[:players], None)
                        assert reads_well(line), (event, line)
                        kinds[event.kind] += 1
                        if event.to is not None:  # the browser's own lines
                            assert line.startswith("🤫 You "), line
                        else:
                            assert "🤫" not in line and "You " not in line, line
                result = GAME.result(state)
                text = "\n".join(ADAPTER.result_lines(result, NAMES[:players], None))
                assert reads_well(text, 3500) and "VP" in text
                status = "\n".join(
                    ADAPTER.status_lines(GAME.view(state, None), NAMES[:players], None)
                )
                assert reads_well(status, 3000) and "Game over" in status
    expected = {
        "tile_placed",
        "tile_drawn",
        "key_placed",
        "key_moved",
        "token_taken",
        "vp_scored",
        "bonus_taken",
        "vp_tile_placed",
        "step_skipped",
        "bought",
        "sold",
        "bonus_used",
        "end_game_tile_used",
        "end_game_stack_browsed",
        "end_game_stack_seen",
        "end_game_tile_taken",
        "end_game_tile_picked",
        "end_triggered",
        "turn_ended",
        "district_scored",
        "game_over",
    }
    assert expected <= set(kinds), expected - set(kinds)


def district_place(
    seat: int, values: list[int], place: int, vp: int, **flags: bool
) -> dict[str, Any]:
    """One seat's line of a `district_scored` event: its buildings' values and its place."""
    return {
        "seat": seat,
        "sum": sum(values),
        "best": max(values),
        "values": values,
        "place": place,
        "shared": False,
        "tie_won_on_best": False,
        "vp": vp,
    } | flags


def district_scored(scoring: str, *players: dict[str, Any]) -> Event:
    """A `district_scored` event from "district tile points vp" (lists comma-separated)."""
    district, tile, points, vp = scoring.split()
    numbers = [[int(n) for n in part.split(",")] for part in (points, vp)]
    return Event(
        "district_scored",
        {
            "district": district,
            "tile": tile,
            "points": numbers[0],
            "vp": numbers[1],
            "players": list(players),
        },
    )


def test_rare_events_read_well():
    names = NAMES[:3]
    rare = [
        Event("tile_discarded", {"seat": 0, "tile": "la_villette/3"}),
        Event(
            "tile_placed",
            {"seat": 1, "tile": "la_villette/2", "value": 2, "kind": "cafe", "space": "chaillot/2"},
        ),
        Event("passed", {"seat": 2}),
        Event("resources_paid", {"seat": 0, "items": ["B10:gold", "marble", "marble"]}),
        Event(
            "prestige_cashed",
            {"seat": 1, "landmark": "L15", "items": ["B19:gold_prestige", "silver"], "vp": 9},
        ),
        Event(
            "key_moved",
            {
                "seat": 2,
                "from": "arc",
                "to": "chaillot/L12",
                "francs": 12,
                "landmark_added": True,
                "bonus_tiles": [16],
                "resources": ["marble", "gold"],
            },
        ),
        Event(
            "bonus_used",
            {"seat": 0, "tile": 24, "items": ["wood", "wood"], "pairs": 1, "vp": 3, "francs": 0},
        ),
        Event("bonus_used", {"seat": 0, "tile": 13, "price": 4, "vp": 0, "francs": -4}),
        Event(
            "bonus_used", {"seat": 0, "tile": 25, "space": 20, "taken": 20, "vp": 0, "francs": 0}
        ),
        Event("bonus_27_scored", {"seat": 1, "francs": 1, "vp": 1}),
        Event("end_triggered", {"seat": 1, "turns_left": 1}),
        district_scored(
            "montmartre VP20 20,10,5 20,10,0",
            district_place(0, [8, 5], 1, 20, tie_won_on_best=True),
            district_place(1, [5, 5, 3], 2, 10),
        ),
        district_scored(
            "chaillot VP16 16,8,4 16,16,0",
            district_place(0, [15], 1, 16, shared=True),
            district_place(2, [15], 1, 16, shared=True),
        ),
        district_scored(
            "belleville VP18 18,9,4 18,0",
            district_place(0, [8, 4], 1, 18),
            district_place(1, [5], 2, 0, below_half=True),
        ),
    ]
    lines = [ADAPTER.describe(e, names, None) for e in rare]
    assert all(reads_well(line) for line in lines), lines
    assert lines[0] == "🗑️ La Villette 3 fits in no district and leaves the game."
    assert lines[1] == "🏗️ 🔵 bob put it on Chaillot 2."
    assert lines[3] == ("💸 🟠 alice paid with bonus tile 10 as 🟨 gold + 🪨 marble ×2.")
    assert "adding the landmark to Chaillot, spending bonus tile 16" in lines[5]
    assert "and 🪨 marble + 🟨 gold" in lines[5]
    assert lines[7].endswith("a key from the reserve for 4 francs.")
    assert lines[9] == "💶 Bonus tile 27: 🔵 bob scores 1 VP for 1 franc."
    assert lines[10] == "⏳ The last end-game tile is gone: 1 more turn, then the final scoring."
    assert (
        "1st 🟠 alice 13 (8+5), tie won with the best building (8) → 20 VP; 2nd 🔵 bob 13 "
        "(5+5+3), tie lost (best building 5) → 10 VP."
    ) in lines[11]
    assert lines[12].count("the place is shared") == 2
    assert "less than half of the first → 0 VP" in lines[13]


def test_a_tie_break_is_explained():
    players = [
        {
            "seat": s,
            "vp_during_game": 30,
            "bonus_27": 0,
            "districts": {},
            "district_vp": 10,
            "total": 40,
            "francs": f,
            "building_value": 20,
        }
        for s, f in ((0, 5), (1, 9))
    ]
    result = Result(
        scores=[40, 40],
        ranking=[[1], [0]],
        winners=[1],
        tiebreak="francs",
        details={"players": players, "districts": []},
    )
    lines = ADAPTER.result_lines(result, NAMES[:2], None)
    assert lines[0].startswith("**1. 🔵 bob — 40 VP**: 30 in play + 10 districts")
    assert (
        "⚖️ Tied on VP: more francs ranks higher (🟠 alice: 5 francs, buildings worth 20, "
        "🔵 bob: 9 francs, buildings worth 20)."
    ) in lines
    assert "No district got a VP tile" in "\n".join(lines)
    shared = Result(scores=[3, 3], ranking=[[0, 1]], winners=[0, 1])
    assert "Shared win: alice, bob." in ADAPTER.result_lines(shared, NAMES[:2], None)


def test_status_lines_say_whose_turn_and_what_is_public():
    state = give(keys_at(board(3), 1, "arc"), 1, bonus=[5, 9], egt=["E3"])
    state = replace(state, turn=1, final_turns=2)
    lines = ADAPTER.status_lines(GAME.view(state, None), NAMES[:3], None)
    text = "\n".join(lines)
    assert lines[0] == "**Round 1** — 🔵 **bob**: place or move a key"
    assert "⏳ The end is near: 2 more turns after this one" in text
    assert (
        "🔵 **bob** — **0 VP** · 🔑 8 keys behind the screen (+2 in the reserve) · 🎫 2 "
        "bonus tiles · 🇫🇷 1 end-game tile · meeple on 0" in text
    )
    assert "bonus tile 5" not in text and "E3" not in text  # how many, never which
    assert reads_well(text, 3000)


def test_a_purchase_recap_names_the_building_bought():
    """Issue 11: recaps explain "per building": the kind bought, from the tile lying there."""
    event = Event(
        "key_moved",
        {
            "seat": 1,
            "from": "chaillot/bank",
            "to": "chaillot/5",
            "francs": 5,
            "landmark_added": False,
            "bonus_tiles": [],
            "resources": [],
            "building": "cafe",
        },
    )
    line = ADAPTER.describe(event, NAMES[:2], None)
    assert "(☕ café)" in line and "5 francs" in line, line
    landmark = Event("key_moved", {**event.params, "to": "chaillot/L12", "building": None})
    assert "café" not in ADAPTER.describe(landmark, NAMES[:2], None)
