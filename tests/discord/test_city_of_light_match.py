"""City of Light on Discord: the adapter's choice paths, then whole matches on the fake Discord.

The adapter tests check what the generic panel relies on: every legal action is exactly one
path of steps, no path is the start of another, every step fits a select (≤ 25 options, a
button's label ≤ 80 chars, an option's ≤ 100) and every path fits a custom_id. The matches
are played by clicking, with every message body the bot sent scanned for the other player's
hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.city_of_light import layout
from bot.games.city_of_light.adapter import CityOfLightAdapter, tile_rows
from bot.games.city_of_light.steps import ONE_CELL_FOUNTAIN
from bot.games.contract import BUTTON_LABEL
from games.city_of_light.data import POSTCARDS
from games.city_of_light.engine import CityOfLight
from tests.city_of_light.helpers import flat
from tests.discord.driver import (
    choice_buttons,
    choose_and_confirm,
    offered,
    play_turns,
    selects,
    settle,
    start_match,
    table_message,
)
from tests.discord.payload_log import PUBLIC, PayloadLog
from tests.render.colour_vision import text_calls

GAME = CityOfLight()
ADAPTER = CityOfLightAdapter()
NAMES = ["alice", "bob"]
VARIANTS = [
    {},
    {"hand_size": 2, "metropolitain": "next_turn"},
    {"postcards": "random"},
    {"postcards": "random", "fountain_cells": 1, "tiebreak": "unbuilt_cells"},
]


# --------------------------------------------------------------------------- the adapter


def test_labels_say_what_happens():
    state = GAME.setup(2, {}, 1)
    moves = ADAPTER.moves(GAME.view(state, 0), GAME.legal_actions(state, 0), NAMES, None)
    labels = {m.label for m in moves}
    tile = state.hands[0][0]
    rows = " / ".join(tile_rows(0, tile, 0))
    assert f"Lay tile {tile} ({rows}) → On square A1–B2 → Turned 0°: {rows}" in labels
    assert "Take a building from the supply → Cross (5) ⬜⬛⬜ / ⬛⬛⬛ / ⬜⬛⬜" in labels
    assert ADAPTER.highlight(GAME.legal_actions(state, 0)[0]) == {"0,0", "1,0", "0,1", "1,1"}


def test_every_postcard_reads_whole_on_a_button_in_every_language():
    """A postcard is offered with its name and what it does; when a step has few choices
    they are buttons, whose labels Discord cuts at 80 characters: every card's label fits,
    in every language (the choice-path check reads English only)."""
    for cards in (POSTCARDS[:8], POSTCARDS[4:]):
        options = GAME.parse_options({"postcards": "chosen", "chosen_postcards": list(cards)})
        state, rng = GAME.setup(2, options, 3), random.Random(3)
        while True:  # to the first turn that offers every postcard
            seat = min(GAME.to_act(state))
            actions = GAME.legal_actions(state, seat)
            if {a.card for a in actions if a.type == "activate"} >= set(cards):
                break
            rest = [a for a in actions if a.type != "activate"] or actions
            state, _ = GAME.apply(state, seat, rng.choice(rest))
        for locale in ("en", "ru", "de", "fr"):
            moves = ADAPTER.moves(GAME.view(state, seat), actions, NAMES, locale)
            cards_offered = [m.steps[0].label for m in moves if actions[m.index].type == "activate"]
            assert len(set(cards_offered)) == len(cards), locale
            assert all(len(label) <= BUTTON_LABEL for label in cards_offered), cards_offered


def test_private_text_shows_only_the_own_hand():
    state = GAME.setup(2, {"hand_size": 2}, 5)
    for seat in (0, 1):
        text = ADAPTER.private_text(GAME.view(state, seat), NAMES, None)
        for tile in state.hands[seat]:
            assert f"**Tile {tile}**\n" + "\n".join(tile_rows(seat, tile, 0)) in text
        for tile in state.hands[1 - seat]:
            assert "\n".join(tile_rows(1 - seat, tile, 0)) not in text


def test_every_event_and_result_reads_well():
    for seed in range(3):
        state = GAME.setup(2, {"postcards": "random"}, seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for event in events:
                line = ADAPTER.describe(event, NAMES, None)
                assert (line is None) == (
                    event.kind
                    not in {
                        "tile_placed",
                        "tiles_done",
                        "phase_started",
                        "building_taken",
                        "building_placed",
                        "postcard_activated",
                        "metropolitain_expired",
                        "passed",
                        "game_over",
                        "tile_drawn",
                    }
                ), (event, line)
                assert line is None or "{" not in line, line
        lines = ADAPTER.result_lines(GAME.result(state), NAMES, None)
        text = "\n".join(lines)
        assert "{" not in text and "Lit buildings" in text and "Largest district" in text
        assert "Unbuilt buildings" in text and "Postcards" in text
        assert len(text) < 4000


def test_the_one_cell_fountain_is_chosen_by_its_cell():
    # DE: «auf einem Straßen-Abschnitt» (`fountain_cells: 1`): card, then the cell; no rotation.
    for cells, code in ((1, ONE_CELL_FOUNTAIN), (2, "fon")):
        state = flat(fountain_cells=cells)
        actions = GAME.legal_actions(state, 0)
        moves = ADAPTER.moves(GAME.view(state, 0), actions, NAMES, None)
        fountain = [
            m
            for m, a in zip(moves, actions, strict=True)
            if a.type == "activate" and a.card == "fontaine_des_mers"
        ]
        assert fountain and {m.codes[0] for m in fountain} == {code}
        placed = [m for m in fountain if m.codes[1] != "no"]
        assert all(m.codes[1].startswith("r") == (cells == 2) for m in placed)
    assert ADAPTER.step_prompt((ONE_CELL_FOUNTAIN,), None) == "On which cell (or decline)?"
    one = GAME.parse_action({"type": "activate", "card": "fontaine_des_mers", "x": 2, "y": 1})
    assert ADAPTER.highlight(one) == {"2,1"}
    _, events = GAME.apply(flat(fountain_cells=1), 0, one)
    assert "the fountain is on C2" in ADAPTER.describe(events[0], NAMES, None)


# --------------------------------------------------------------------------- Discord


def hand_patterns(seat: int, tiles: tuple[int, ...]) -> list[str]:
    """How a tile in hand would read in any message: its rows, in any rotation."""
    out = []
    for tile in tiles:
        for rotation in range(4):
            rows = tile_rows(seat, tile, rotation)
            out += [" / ".join(rows), "\n".join(rows)]
    return out


def hand_leaks(
    sent: list[Any], snapshots: list[tuple[int, tuple]], owners: dict[int, int]
) -> list[str]:
    """Bodies showing a tile in a seat's hand to anybody but that seat's user.

    snapshots: (number of bodies sent when taken, hands) after each turn; a body is checked
    against the hands of the first snapshot taken after it (a tile placed meanwhile is public).
    """
    problems = []
    for item in sent:
        hands = next((h for n, h in snapshots if n > item.seq), snapshots[-1][1])
        for seat, tiles in enumerate(hands):
            if item.audience == owners.get(seat):
                continue
            for pattern in hand_patterns(seat, tiles):
                if pattern in item.text:
                    problems.append(f"{item!r} shows seat {seat}'s tile {pattern!r}")
    return problems


async def test_two_people_play_the_original_edition_with_a_restart(world):
    fake = world.fake
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    users = {alice.id: alice, bob.id: bob}
    people = [alice, bob]
    rng = random.Random(11)
    log = PayloadLog(fake)
    snapshots: list[tuple[int, tuple]] = []
    with log.installed():
        async with world.bot() as bot:
            match_id, thread, _ = await start_match(
                world, bot, alice, [bob], game="city-of-light", variant="original"
            )
            live = await bot.host._loaded(match_id)
            owners = {s.seat: s.user_id for s in live.row.seat_rows}
            assert live.state.hand_size == 1 and live.state.cards[0] == "levitation"
            snapshots.append((len(log.sent), live.state.hands))
            table = table_message(world, thread)
            assert table.media[0].url == "attachment://table.png"
            assert "Phase 1" in table.text

            # "My tiles": a fresh ephemeral for its owner only, showing that seat's hand.
            for user in (alice, bob):
                seat = live.seat_of(user.id)
                mine = await user.click(table, "My tiles")
                assert mine.ephemeral and mine.message.ephemeral_for == user.id
                (tile,) = live.state.hands[seat]
                assert f"**Tile {tile}**\n" + "\n".join(tile_rows(seat, tile, 0)) in mine.content
                other = bob if user is alice else alice
                assert mine.message not in other.visible_messages(thread)

            # Refusals: out of turn, and a member who is not playing.
            waiting = users[owners[1 - min(live.to_act())]]
            refused = await waiting.click(table, "Take turn")
            assert refused.ephemeral and "not your turn" in refused.content
            stranger = await dave.click(table, "Take turn")
            assert stranger.ephemeral and "not playing in this match" in stranger.content
            stranger = await dave.click(table, "My tiles")
            assert stranger.ephemeral and "not playing" in stranger.content
            assert (await bot.host._loaded(match_id)).row.version == 0

            for _ in range(12):
                assert await play_turns(world, bot, match_id, thread, people, rng, turns=1)
                snapshots.append((len(log.sent), (await bot.host._loaded(match_id)).state.hands))
            old_table = table_message(world, thread)

        # A restart mid-match: the old table's buttons still work.
        async with world.bot() as bot:
            live = await bot.host._loaded(match_id)
            user = users[live.row.seat_rows[min(live.to_act())].user_id]
            mine = await user.click(old_table, "My tiles")
            assert mine.ephemeral and "Tiles in your hand" in mine.content
            opened = await user.click(old_table, "Take turn")
            assert opened.ephemeral and (selects(opened.message) or choice_buttons(opened.message))
            done = await choose_and_confirm(user, opened.message, rng)
            assert "Done" in done.message.text
            await settle(world, bot)
            snapshots.append((len(log.sent), (await bot.host._loaded(match_id)).state.hands))
            while await play_turns(world, bot, match_id, thread, people, rng, turns=1):
                live = await bot.host._loaded(match_id)
                snapshots.append((len(log.sent), live.state.hands))
                if live.state.phase == 2 and any(live.state.hands):
                    pytest.fail("phase 2 with tiles in hand")
            live = await bot.host._loaded(match_id)
            assert live.row.status == "finished"

    final = table_message(world, thread)
    description = final.text
    assert "Final result" in description and "Lit buildings" in description
    assert "Largest district" in description and "Unbuilt buildings" in description
    assert any("Game over" in m.text for m in fake.messages(thread))
    assert any(
        "Phase 2 begins" in m.text or "phase 2 begins" in m.text for m in fake.messages(thread)
    )

    # Nobody but its owner ever saw a tile in hand, in any body the bot sent.
    sent = log.with_autocomplete()
    assert hand_leaks(sent, snapshots, owners) == []
    privates = [s for s in sent if "Tiles in your hand" in s.text]
    assert privates and all(s.audience != PUBLIC for s in privates)
    # The scan can fail: alice's "My tiles" body shown to bob would be caught.
    alice_body = next(s for s in privates if s.audience == alice.id)
    forged = type(alice_body)(0, "create", 1, thread.id, bob.id, alice_body.text)
    first_hands = snapshots[0][1]
    assert hand_leaks([forged], [(1, first_hands)], owners)


async def test_the_german_edition_against_an_ai(world, tiny_pictures):
    alice = world.user("alice")
    rng = random.Random(5)
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(
            world, bot, alice, [], ais=1, game="city-of-light", variant="german"
        )
        live = await bot.host._loaded(match_id)
        assert live.state.hand_size == 2 and live.state.metro_window == "next_turn"
        assert live.state.tiebreak == "unbuilt_cells" and live.state.fountain_cells == 1
        seat = live.seat_of(alice.id)
        mine = await alice.click(table_message(world, thread), "My tiles")
        assert mine.content.count("**Tile ") == 2
        for tile in live.state.hands[seat]:
            assert f"**Tile {tile}**" in mine.content
        turns = 0
        while await play_turns(world, bot, match_id, thread, [alice], rng, turns=1):
            turns += 1
            assert turns < 60
        live = await bot.host._loaded(match_id)
        assert live.row.status == "finished" and turns > 8
    description = table_message(world, thread).text
    assert "Final result" in description and "Lit buildings" in description


async def test_a_drawn_tile_is_told_to_its_drawer_only(world, tiny_pictures):
    # Issue 8: a private event (the tile a player draws) is delivered to that player: by DM
    # when they asked for DMs, else at the top of their next panel — and to nobody else.
    alice, bob = world.user("alice"), world.user("bob")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(3)
    log = PayloadLog(world.fake)
    told = {alice.id: 0, bob.id: 0}
    lines: list[tuple[int, str]] = []  # (drawer, the notice only they may see)
    with log.installed():
        async with world.bot() as bot:
            await bob.slash(world.games, "lutece dms", enabled="on")
            match_id, thread, _ = await start_match(
                world, bot, alice, [bob], game="city-of-light", variant="original"
            )
            pending: int | None = None  # a tile alice drew and was not told yet
            for _ in range(10):
                live = await bot.host._loaded(match_id)
                seat = min(live.to_act())
                user = users[live.row.seat_rows[seat].user_id]
                before = live.state.hands[seat]
                opened = await user.click(table_message(world, thread), "Take turn")
                if user is alice and pending is not None:
                    assert opened.message.text.startswith(f"🤫 You drew tile {pending}:")
                    told[alice.id] += 1
                    pending = None
                assert not opened.message.text.startswith("🤫") or user is alice
                done = await choose_and_confirm(user, opened.message, rng)
                assert "Done" in done.message.text
                await settle(world, bot)
                after = (await bot.host._loaded(match_id)).state.hands[seat]
                if after != before:  # laid the tile in hand and drew the next one
                    (tile,) = after
                    rows = " / ".join(tile_rows(seat, tile, 0))
                    lines.append((user.id, f"🤫 You drew tile {tile}: {rows}"))
                    if user is bob:
                        assert f"You drew tile {tile}:" in bob.dms()[-1].content
                        told[bob.id] += 1
                    else:
                        pending = tile
    assert told[alice.id] and told[bob.id]
    for item in log.sent:
        for drawer, line in lines:
            if line in item.text:
                assert item.audience == drawer, item


@pytest.mark.real_pictures
async def test_the_panel_tags_each_offered_square_on_its_picture(world, monkeypatch):
    # Issue 20, item 3: a step that asks *where* tags each offered place on the panel's
    # picture with the tag its select option starts with; the public table is not tagged.
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(
            world, bot, alice, [bob], game="city-of-light", variant="original"
        )
        live = await bot.host._loaded(match_id)
        user = {alice.id: alice, bob.id: bob}[live.row.seat_rows[min(live.to_act())].user_id]
        table = table_message(world, thread)
        before = table.attachments[0].data
        opened = await user.click(table, "Take turn")
        (tile,) = [c for c in offered(opened.message)[1].values() if "Lay tile" in c[0]]
        with text_calls(monkeypatch) as calls:
            squares = await user.click(opened.message, custom_id=tile[1]["custom_id"])
        prefix, choices = offered(squares.message)
        assert len(choices) == 16 and all(kind == "select" for _, _, kind in choices.values())
        drawn: dict[str, tuple[int, int]] = {}
        for code, (label, _, _) in choices.items():
            tag, sep, rest = label.partition(" · ")
            assert sep and tag.isdigit() and rest.startswith("On square"), label
            tx, ty = int(code[1]), int(code[2])
            x0, y0, x1, y1 = layout.cell_box(2 * tx, 2 * ty)
            # The tag is written on the square's first cell, at 11 px or more in an embed.
            (call,) = [
                c for c in calls if c.text == tag and x0 <= c.x < x1 and y0 < c.baseline < y1
            ]
            assert call.embed_px(layout.WIDTH) >= 11
            drawn[tag] = (tx, ty)
        assert sorted(drawn, key=int) == [str(n) for n in range(1, 17)]
        assert squares.message.attachments[0].data != before  # the panel's own picture
        assert table_message(world, thread).attachments[0].data == before
