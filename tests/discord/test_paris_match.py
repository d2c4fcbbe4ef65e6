"""Paris on Discord: the adapter's choice paths and texts, then whole matches on the fake
Discord.

The adapter tests check what the generic panel relies on: every legal action is exactly one
path of steps, no path is the start of another, every step fits a select (≤ 25 options,
labels ≤ 80 characters) and every path fits a custom_id — over positions of every player
count and edition, and over positions built to offer the most choices (payments, prestige and
pairs by the dozen, a full bonus track). The texts: the screen shows its own seat only, every
event and result reads well.

The matches are played by clicking through the panel (2, 3 and 4 players, people and AI
seats), with the host fast-forwarding the long middle of a match (Paris games run to some
300 decisions): the first turns, the end-game stack browsed and kept, and the last rounds
are clicked. The bot restarts in the middle of a decision and the old buttons still work;
every message body the bot sent is scanned for another player's screen.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from bot.games.alt_text import unmark
from bot.games.paris.adapter import ParisAdapter, screen_line
from bot.games.paris.layout import HEIGHT, SCREEN_H, WIDTH, stack_box
from bot.games.paris.steps import prompt_key
from bot.games.paris.terms import SCREEN_MARK
from bot.render.drawing import Canvas
from games.core.ai import GreedyPlayer
from games.core.contract import Event, Result
from games.paris.engine import Paris
from games.paris.options import EDITIONS
from games.paris.state import ACTION, AFTER, BONUS, ENDGAME, PAY, PLACE, PRESTIGE, TILE, VPTILE
from tests.discord.choice_paths import check_position
from tests.discord.driver import (
    NAMES,
    PayloadLog,
    offered,
    path_of,
    selects,
    settle,
    start_match,
    table_message,
    walk_to_confirm,
)
from tests.discord.matchplay import ClickedMatch, fix_the_deal
from tests.paris.helpers import board, give, keys_at, replace, top_first
from tests.paris.playing import act, legal, move
from tests.render.pixels import decode

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


@pytest.fixture
def tiny_pictures(tiny_pictures, monkeypatch):
    """No pictures (tests/discord/conftest.py), and every match dealt from a fixed seed (the
    Start button draws one), so matches replay alike."""
    fix_the_deal(monkeypatch, seed=2024)


# --------------------------------------------------------------------------- the adapter


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


def secret_lines(view: Any) -> set[str]:
    """The lines of a seat's screen that only it may read: francs and goods, the bonus and
    end-game tiles held, the end-game stack being browsed."""
    text = ADAPTER.private_text(view, NAMES[: view.players], None)
    marks = (SCREEN_MARK, "🎫 Your", "🇫🇷 Your", "🤫 In the end-game stack")
    return {line for line in text.splitlines() if line.startswith(marks)}


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


# --------------------------------------------------------------------------- Discord


class Table(ClickedMatch):
    """A Paris match being clicked through: a seat's secrets are its screen's lines."""

    command = "paris"
    private_label, private_title = "My screen", "Your screen"
    private_marks = ("Your screen", "🤫")
    alike_at_start = True  # every screen starts alike

    def secrets(self, live: Any) -> dict[int, set[str]]:
        return {
            s: secret_lines(live.game.view(live.state, s)) for s in range(len(live.row.seat_rows))
        }

    def choose(self, live: Any, seat: int) -> Any:
        return sampled_move(live.state, seat, self.rng)

    def shows_own(self, live: Any, seat: int, content: str) -> bool:
        view = live.game.view(live.state, seat)
        return screen_line(view.screen, None) in content.replace("\\", "")

    async def play_ends(self, opening: int) -> int:
        """`opening` decisions clicked, the middle played by the host, then every person looks
        at their screen and the last rounds are clicked: returns how many of those."""
        assert await self.turns(opening) == opening
        await self.fast_forward(lambda s: s.final_turns >= 0)
        await self.ask_privates()
        return await self.play_out()


def stacks_empty(state: Any) -> bool:
    return not any(state.stacks)


def taking_end_game(live: Any, seat: int) -> Any:
    actions = live.game.legal_actions(live.state, seat)
    return next((a for a in actions if a.type == "take_end_game"), None)


def end_or_first(live: Any, seat: int) -> Any:
    """End the turn if possible, else the first legal action (never the end-game stack)."""
    actions = [a for a in live.game.legal_actions(live.state, seat) if a.type != "take_end_game"]
    return next((a for a in actions if a.type == "end_turn"), actions[0])


async def browse_and_keep(table: Table) -> Any:
    """Once the stacks are empty: the next person who can looks through the end-game stack
    and keeps a tile, by the panel; returns that user."""
    for _ in range(12):
        live = await table.live()
        found = table.person_to_act(live)
        if found and taking_end_game(live, found[0]) is not None:
            break
        if found:
            assert await table.turn(end_or_first)
        else:
            await table.fast_forward(lambda s: True, limit=1)
    seat, user = found
    assert await table.turn(lambda live, s: taking_end_game(live, s))
    live = await table.live()
    assert live.state.phase == ENDGAME and live.to_act() == {seat}
    assert await table.turn(lambda live, s: live.game.legal_actions(live.state, s)[-1])
    return user


async def test_two_people_play_a_whole_match_and_screens_stay_private(world, tiny_pictures):
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    log = PayloadLog(world.fake)
    with log.installed():
        async with world.bot() as bot:
            assert (await bob.slash(world.games, "lutece dms", enabled="on")).ephemeral
            rules = await alice.slash(world.games, "paris rules")
            assert rules.ephemeral and "Kramer & Kiesling" in rules.content
            table = await Table.open(world, bot, log, alice, [bob], seed=3)
            board_message = table_message(world, table.thread)
            title, status = board_message.text_displays[-2:]
            assert title == "### Paris"
            assert "**Round 1** — " in status
            assert "Building stacks: 11 tiles" in status
            live = await table.live()
            first = live.row.seat_rows[min(live.to_act())].user_id
            waiting = bob if first == alice.id else alice
            refused = await waiting.click(board_message, "Take turn")
            assert refused.ephemeral and "not your turn" in refused.content
            stranger = await dave.click(board_message, "My screen")
            assert stranger.ephemeral and "not playing" in stranger.content
            # The keyboard: autocomplete offers only the legal moves of the player to act.
            offers = await table.users[first].autocomplete(
                world.games, "paris play", option="move", value=""
            )
            assert 0 < len(offers) <= 3 and all("Stack" in c["name"] for c in offers)
            assert not await waiting.autocomplete(
                world.games, "paris play", option="move", value=""
            )

            # The opening turns through the panel, then the host plays on until the stacks
            # are empty; the end-game stack is browsed and a tile kept through the panel.
            assert await table.turns(24) == 24
            assert "place_tile" in table.kinds and {"place_key", "move_key"} & set(table.kinds)
            await table.fast_forward(stacks_empty)
            await table.ask_privates()
            browsers = {(await browse_and_keep(table)).id, (await browse_and_keep(table)).id}
            assert browsers == {alice.id, bob.id}
            # The tiles browsed went to the browser only: by DM to bob (who asked for DMs),
            # at the top of alice's next panel or screen.
            assert any("🤫 You look through the end-game stack" in m.text for m in bob.dms())
            assert any("🤫 You kept end-game tile" in m.text for m in bob.dms())
            mine = await alice.click(table_message(world, table.thread), "My screen")
            seen = [c for u, c in table.panels if u == alice.id] + [mine.content]
            assert any("🤫 You look through the end-game stack" in c for c in seen)
            assert any("🤫 You kept end-game tile" in c for c in seen)
            assert not alice.dms()
            posts = "\n".join(m.text for m in world.fake.messages(table.thread))
            assert "looks through the end-game stack" in posts and "kept an end-game tile" in posts
            assert "🤫" not in posts
            # The last rounds through the panel, to the final scoring.
            await table.fast_forward(lambda s: s.final_turns >= 0)
            played = await table.play_out()
            live = await table.live()
            assert live.row.status == "finished" and played >= 2

    assert "in play +" in table.assert_finished(live, "🏁 Game over")
    posts = [m.text for m in world.fake.messages(table.thread)]
    assert any("🏗️" in c and "placed" in c for c in posts)
    table.assert_no_leaks()


async def test_three_players_with_an_ai_and_the_random_setup(world, tiny_pictures):
    """The random setup shuffles the tokens beside the spaces and the bonus tiles within
    their zones; three seats use three colours (no black)."""
    alice, carol = world.user("alice"), world.user("carol")
    how = {"ais": 1, "variant": "random-setup", "seed": 5}
    async with Table.playing(world, alice, [carol], **how) as table:
        live = await table.live()
        assert live.state.players == 3 and live.state.random_setup
        assert await table.play_ends(18) > 2
        live = await table.live()
        assert live.row.status == "finished"
    table.assert_finished(live, "🏁 Game over")
    posts = "\n".join(m.text for m in world.fake.messages(table.thread))
    assert "⚫" not in posts  # three seats: vermilion, blue, yellow
    table.assert_no_leaks()


async def test_four_players_with_two_ai_seats_ignoring_districts(world, tiny_pictures):
    """The variant that ignores districts (all 36 building tiles kept, a drawn tile goes on a
    free space of its value anywhere), at a full table of four, two of them AIs."""
    alice, bob = world.user("alice"), world.user("bob")
    how = {"ais": 2, "variant": "ignore-districts", "seed": 9}
    async with Table.playing(world, alice, [bob], **how) as table:
        live = await table.live()
        assert live.state.players == 4 and live.state.ignore_districts
        description = table_message(world, table.thread).text
        assert "⚫ **" in description  # the fourth seat
        assert await table.play_ends(16) > 1
        live = await table.live()
        assert live.row.status == "finished"
    assert "**1. " in table.assert_finished(live, "🏁 Game over")
    table.assert_no_leaks()


def moving_key(live: Any, seat: int) -> Any:
    actions = live.game.legal_actions(live.state, seat)
    return next((a for a in actions if a.type == "move_key"), None)


async def test_a_restart_in_the_middle_of_a_decision_keeps_old_buttons(world, tiny_pictures):
    alice, bob = world.user("alice"), world.user("bob")
    fake = world.fake
    log = PayloadLog(fake)
    with log.installed():
        async with world.bot() as bot:
            table = await Table.open(world, bot, log, alice, [bob], seed=11)
            thread = table.thread
            # Until the person to act can buy something.
            for _ in range(60):
                live = await table.live()
                seat, user = table.person_to_act(live)
                if moving_key(live, seat) is not None:
                    break
                assert await table.turn()
            action = moving_key(live, seat)
            codes = path_of(bot.host, live.info(), seat, action)
            assert codes[:2] == ("act", "buy")
            old_table = table_message(world, thread)
            opened = await user.click(old_table, "Take turn")
            # Halfway: the district is picked, the panel shows the buildings… and the bot
            # restarts.
            _, out = offered(opened.message)
            _, component, kind = out["buy"]
            step = await user.click(opened.message, custom_id=component["custom_id"])
            half = step.message
            assert "Move a key up and buy" in half.text

        async with world.bot() as bot:
            table.bot = bot
            live = await table.live()
            assert live.to_act() == {seat}
            # The buttons from before the restart still work: the table's and the panel's.
            mine = await user.click(old_table, "My screen")
            assert mine.ephemeral and "Your screen" in mine.content
            confirm = await walk_to_confirm(user, half, codes)
            done = await user.click(confirm, "Confirm")
            assert "Done" in done.message.text
            await settle(world, bot)
            await table.snapshot()
            posts = "\n".join(m.text for m in fake.messages(thread))
            assert "🏠" in posts and "moved a key from" in posts
            for _ in range(6):
                assert await table.turn()
    table.assert_no_leaks()


async def test_the_host_combines_the_variants_in_the_lobby(world, tiny_pictures):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        opened = await alice.slash(world.games, "paris new", players=2, variant="random-setup")
        lobby = opened.message
        match_id = lobby.embeds[0]["footer"]["text"].split()[-1]
        (menu,) = [c for c in selects(lobby) if ":option:" in c["custom_id"]]  # not the clock
        assert menu["custom_id"].endswith(":option:rules") and menu["min_values"] == 0
        assert {o["value"] for o in menu["options"] if o.get("default")} == {"random_setup"}
        picked = await alice.select(lobby, menu["custom_id"], ["random_setup", "ignore_districts"])
        assert picked.responded and not picked.ephemeral, picked
        lobby = picked.message or lobby
        assert "⚙️ Variants: Random setup" in lobby.embeds[0]["description"]
        options = (await bot.host._loaded(match_id)).row.options
        assert options == {"setup": "random", "ignore_districts": True}
        assert (await bob.click(lobby, "Join")).responded
        assert (await alice.click(lobby, "Start")).responded
        await world.fake.wait_for(lambda: world.fake.threads())
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        assert live.state.random_setup and live.state.ignore_districts
        assert len(live.state.removed) == 0


@pytest.mark.real_pictures
async def test_the_panel_tags_each_offered_stack_on_its_picture(world, monkeypatch):
    """Issue 20, item 3, through the fake: the first decision of a turn asks which stack the
    building tile comes from; each stack's button starts with a tag, and the panel's picture
    writes that tag on that stack (the table's picture is untagged)."""
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [bob], game="paris")
        live = await bot.host._loaded(match_id)
        (seat,) = live.to_act()
        user = alice if live.row.seat_rows[seat].user_id == alice.id else bob
        table = table_message(world, thread)
        tags: list[tuple[tuple[float, float, float, float], str]] = []
        real = Canvas.tag

        def spy(c, xy, text, size, ink, paper, anchor="la"):
            box = real(c, xy, text, size, ink, paper, anchor)
            tags.append((box, text))
            return box

        monkeypatch.setattr(Canvas, "tag", spy)
        opened = await user.click(table, "Take turn")
        _, choices = offered(opened.message)
        stacks = {code: label for code, (label, _, _) in choices.items()}
        assert len(stacks) == 3 and set(stacks) == {"s0", "s1", "s2"}
        for code, label in stacks.items():
            tag, _, rest = label.partition(" · ")
            assert rest.startswith(f"Stack {int(code[1:]) + 1}:"), label
            (box,) = [b for b, text in tags if text == tag]
            x0, y0, x1, y1 = stack_box(int(code[1:]))
            middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            assert x0 <= middle[0] <= x1 and y0 <= middle[1] <= y1, (tag, code)
        assert len(tags) == 3
        assert opened.message.attachments[0].data != table.attachments[0].data


def can_trade(live: Any) -> bool:
    """The seat to act has trades to choose from (one alone goes straight to Confirm)."""
    seat = min(live.to_act())
    return sum(a.type in ("buy", "sell") for a in live.game.legal_actions(live.state, seat)) > 1


async def test_my_screen_offers_trade_and_tiles_during_ones_turn(world, tiny_pictures):
    """Issue 9: "My screen" ... "with buttons to use a tile or trade during one's turn": the
    player to act gets them (each opens the panel at that step, one click); the other player
    gets the screen alone."""
    alice, bob = world.user("alice"), world.user("bob")
    async with Table.playing(world, alice, [bob], seed=5) as table:
        for _ in range(400):
            live = await table.live()
            if can_trade(live):
                break
            seat, user = table.person_to_act(live)
            await table.bot.host.act(table.match_id, user.id, table.choose(live, seat), key=None)
        else:
            raise AssertionError("no position with a trade")
        await table.snapshot()
        seat, user = table.person_to_act(live)
        version, before_screen = live.row.version, live.game.view(live.state, seat).screen
        other = bob if user is alice else alice
        board = table_message(world, table.thread)
        mine = await user.click(board, "My screen")
        assert mine.message.find_component(label="💱 Trade at your screen") is not None
        tiles = any(
            a.type in ("use_bonus", "use_end_game")
            for a in live.game.legal_actions(live.state, seat)
        )
        assert (mine.message.find_component(label="🎫 Use a tile") is not None) == tiles
        theirs = await other.click(board, "My screen")
        assert theirs.ephemeral and not list(theirs.message.iter_components())
        opened = await user.click(mine.message, "💱 Trade at your screen")
        assert opened.responded and not opened.failed, opened
        assert "💱 Trade at your screen" in opened.message.text  # the path so far
        # Issue 20: the trade panel's picture is the trader's own — the table and, under
        # it, the goods behind the screen — its alt text telling that screen, no other.
        (picture,) = opened.message.attachments
        assert decode(picture.data).size == (WIDTH, HEIGHT + SCREEN_H)
        mine = unmark(screen_line(before_screen, None))
        theirs = unmark(screen_line(live.game.view(live.state, 1 - seat).screen, None))
        assert mine in picture.description
        assert theirs == mine or theirs not in picture.description
        trade = next(
            a for a in live.game.legal_actions(live.state, seat) if a.type in ("buy", "sell")
        )
        confirm = await walk_to_confirm(
            user, opened.message, path_of(table.bot.host, live, seat, trade)
        )
        done = await user.click(confirm, "Confirm")
        assert "Done" in done.message.text
        after = await table.live()
        assert after.row.version == version + 1
        assert live.game.view(after.state, seat).screen != before_screen  # traded
        await table.snapshot()
    table.assert_no_leaks()


async def test_the_token_just_taken_pays_for_the_bonus_tile_of_a_3(
    world, tiny_pictures, monkeypatch
):
    """Issue 17 §1 through the panel: «…но только если заплатите 2 франка», trades «в любое
    время». Alice buys Saint-Germain 3 with her last 3 francs; in the bonus step "My screen"
    offers the trade, she sells the gold prestige token just taken, then takes the tile."""
    fix_the_deal(monkeypatch, arrangement=lambda seats: top_first("saint_germain/3"))
    alice, bob = world.user("alice"), world.user("bob")
    async with Table.playing(world, alice, [bob]) as table:
        opening = (
            {"type": "place_tile", "stack": 0},
            {"type": "place_key", "to": "arc"},
            {"type": "place_tile", "stack": 1},
            {"type": "place_key", "to": "chaillot/bank"},
            {"type": "place_tile", "stack": 2},
        )
        for action in opening:
            live = await table.live()
            _seat, user = table.person_to_act(live)
            await table.bot.host.act(table.match_id, user.id, GAME.parse_action(action), key=None)
        live = await table.live()
        assert table.person_to_act(live) == (0, alice) and live.state.francs[0] == 3
        buy = GAME.parse_action(move("arc", "saint_germain/3"))
        assert await table.turn(lambda live, seat: buy)
        live = await table.live()
        assert live.state.phase == BONUS and live.state.francs[0] == 0
        board_message = table_message(world, table.thread)
        mine = await alice.click(board_message, "My screen")
        opened = await alice.click(mine.message, "💱 Trade at your screen")
        assert opened.responded and not opened.failed, opened
        assert "sell something first" in opened.message.text
        sell = GAME.parse_action({"type": "sell", "item": "gold_prestige"})
        confirm = await walk_to_confirm(
            alice, opened.message, path_of(table.bot.host, live, 0, sell)
        )
        assert "Done" in (await alice.click(confirm, "Confirm")).message.text
        await settle(world, table.bot)
        live = await table.live()
        assert live.state.phase == BONUS and live.state.francs[0] == 3
        take = GAME.parse_action({"type": "take_bonus", "space": 1})
        assert await table.turn(lambda live, seat: take)
        live = await table.live()
        assert live.state.bonus[0] == (1,) and live.state.francs[0] == 1
        await table.snapshot()
    table.assert_no_leaks()


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
