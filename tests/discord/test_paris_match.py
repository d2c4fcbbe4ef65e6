"""Paris on Discord: whole matches on the fake Discord.

The matches are played by clicking through the panel (2, 3 and 4 players, people and AI
seats), with the host fast-forwarding the long middle of a match (Paris games run to some
300 decisions): the first turns, the end-game stack browsed and kept, and the last rounds
are clicked. The bot restarts in the middle of a decision and the old buttons still work;
every message body the bot sent is scanned for another player's screen. The adapter's
choice paths and texts are checked in test_paris_texts.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.alt_text import unmark
from bot.games.paris.adapter import screen_line
from bot.games.paris.layout import HEIGHT, SCREEN_H, WIDTH, stack_box
from bot.render.drawing import Canvas
from games.paris.state import BONUS, ENDGAME
from tests.discord.driver import (
    offered,
    path_of,
    selects,
    settle,
    start_match,
    table_message,
    walk_to_confirm,
)
from tests.discord.matchplay import ClickedMatch, fix_the_deal
from tests.discord.paris_samples import GAME, sampled_move, secret_lines
from tests.discord.payload_log import PayloadLog
from tests.paris.helpers import top_first
from tests.paris.playing import move
from tests.render.pixels import decode


@pytest.fixture
def tiny_pictures(tiny_pictures, monkeypatch):
    """No pictures (tests/discord/conftest.py), and every match dealt from a fixed seed (the
    Start button draws one), so matches replay alike."""
    fix_the_deal(monkeypatch, seed=2024)


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
