"""Moscow–Paris on Discord: whole matches on the fake Discord.

The matches are played by clicking (2, 3 and 4 players, people and AI seats, teams at 4), a
chain exchange goes round three players who each decide on their own panel, the bot restarts
in the middle of a chain, and every message body the bot sent is scanned for another player's
hand. The adapter's choice paths and texts are checked in test_moscow_paris_texts.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.moscow_paris.adapter import hand_line
from games.core.ai import GreedyPlayer
from games.moscow_paris.data import CARD_IDS
from games.moscow_paris.deal import full_deck
from games.moscow_paris.engine import MoscowParis
from tests.discord.driver import NAMES, follow, offered, said, selects, settle, table_message
from tests.discord.matchplay import ClickedMatch, fix_the_deal
from tests.discord.payload_log import PayloadLog

GAME = MoscowParis()
GREEDY = GreedyPlayer()


def hands(live: Any) -> tuple[list[str], ...]:
    return tuple([CARD_IDS[c] for c in hand] for hand in live.state.hands)


class Table(ClickedMatch):
    """A Moscow–Paris match being clicked through: a seat's secret is its hand."""

    command = "moscow-paris"
    private_label, private_title = "My hand", "Your hand"
    private_marks = ("Your hand", "You drew")

    def secrets(self, live: Any) -> dict[int, set[str]]:
        return {seat: {hand_line(hand, None)} for seat, hand in enumerate(hands(live))}

    def choose(self, live: Any, seat: int) -> Any:
        return GREEDY.choose(live.game, live.state, seat, self.rng)

    def shows_own(self, live: Any, seat: int, content: str) -> bool:
        return hand_line(hands(live)[seat], None) in content


async def test_two_people_play_a_whole_match_and_hands_stay_private(world, tiny_pictures):
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    log = PayloadLog(world.fake)
    with log.installed():
        async with world.bot() as bot:
            on = await bob.slash(world.games, "lutece dms", enabled="on")
            assert on.ephemeral
            rules = await alice.slash(world.games, "moscow-paris rules")
            assert rules.ephemeral and "Moscow–Paris" in rules.content
            table = await Table.open(world, bot, log, alice, [bob], seed=3)
            live = await table.live()
            board = table_message(world, table.thread)
            title, status = board.text_displays[-2:]
            assert title == "### Moscow–Paris"
            assert "**Turn 1** — ➡️ **alice** to play" in status
            assert "Draw pile 94" in status

            # "My hand": a fresh ephemeral for its owner only, with that seat's cards.
            for user in (alice, bob):
                seat = live.seat_of(user.id)
                mine = await user.click(board, "My hand")
                assert mine.ephemeral and mine.message.ephemeral_for == user.id
                assert hand_line(hands(live)[seat], None) in mine.content
                other = bob if user is alice else alice
                assert mine.message not in other.visible_messages(table.thread)
            # Refusals: out of turn, and a member who is not playing.
            refused = await bob.click(board, "Take turn")
            assert refused.ephemeral and "not your turn" in refused.content
            stranger = await dave.click(board, "My hand")
            assert stranger.ephemeral and "not playing" in stranger.content
            # The keyboard: autocomplete offers only alice's legal moves, within limits.
            offered = await alice.autocomplete(
                world.games, "moscow-paris play", option="move", value=""
            )
            assert 0 < len(offered) <= 25 and all(len(c["name"]) <= 100 for c in offered)
            assert not await bob.autocomplete(
                world.games, "moscow-paris play", option="move", value=""
            )

            played = await table.play_out()
            live = await table.live()
            assert live.row.status == "finished" and played > 10

    assert "repeated flags" in table.assert_finished(live, by_dm=(bob,))
    posts = [m.text for m in world.fake.messages(table.thread)]
    assert any("🏙️ alice claimed" in c or "🏙️ bob claimed" in c for c in posts)
    # bob asked for DMs: his draws reached him there; alice read hers on her panels.
    assert any("🤫 You drew" in m.text for m in bob.dms())
    assert not alice.dms()
    assert any(s.audience == alice.id and "🤫 You drew" in s.text for s in log.sent)
    table.assert_no_leaks()


async def test_three_players_with_an_ai_play_the_orient_express(world, tiny_pictures):
    """The Orient Express edition puts Istanbul in play; an AI takes the third seat."""
    alice, carol = world.user("alice"), world.user("carol")
    how = {"ais": 1, "variant": "orient_express", "seed": 5}
    async with Table.playing(world, alice, [carol], **how) as table:
        live = await table.live()
        assert live.state.cfg.players == 3 and live.row.options["istanbul"] is True
        played = await table.play_out()
        live = await table.live()
        assert live.row.status == "finished" and played > 5
    table.assert_finished(live)
    table.assert_no_leaks()


async def test_four_players_in_teams_with_two_ai_seats(world, tiny_pictures):
    """At four, partners sit across the table: each person plays with an AI partner against
    the other pair, and the ranking is by team."""
    alice, bob = world.user("alice"), world.user("bob")
    async with Table.playing(world, alice, [bob], ais=2, variant="teams", seed=9) as table:
        live = await table.live()
        assert live.state.cfg.teams and live.state.cfg.players == 4
        description = table_message(world, table.thread).text
        assert "(team A)" in description and "👥 Team B (bob & " in description
        mine = await alice.click(table_message(world, table.thread), "My hand")
        assert "You play in team A with" in mine.content
        played = await table.play_out()
        live = await table.live()
        assert live.row.status == "finished" and played > 5
    assert "**1. Team " in table.assert_finished(live)
    table.assert_no_leaks()


def chain_arrangement(players: int) -> dict[str, Any]:
    """A deck whose deal gives seat 0 the chain exchange, and everyone wagons."""
    deck = [CARD_IDS[c] for c in full_deck(GAME.parse_options({}))]
    deals = [
        ["chain_exchange", "mail", "tank", "passenger", "dining"],
        ["sleeper", "baggage", "boxcar", "flatcar", "mail"],
        ["tank", "dining", "passenger", "sleeper", "baggage"],
        ["flatcar", "boxcar", "mail", "tank", "dining"],
    ][:players]
    top = []
    for hand in deals:
        for card in hand:
            deck.remove(card)
            top.append(card)
    return {"deck": top + deck}


@pytest.fixture
def chain_deal(monkeypatch):
    """Start matches with `chain_arrangement` (the Start button passes no arrangement)."""
    fix_the_deal(monkeypatch, arrangement=chain_arrangement)


def by_type(**fields: Any):
    """A chooser: the legal action with these fields."""

    def choose(live: Any, seat: int) -> Any:
        actions = live.game.legal_actions(live.state, seat)
        return next(a for a in actions if all(getattr(a, k, None) == v for k, v in fields.items()))

    return choose


async def put_first_wagons(table: Table, wagons: list[str]) -> None:
    for wagon in wagons:
        assert await table.turn(by_type(type="to_tableau", wagon=wagon))


async def test_a_chain_exchange_goes_round_three_players(world, tiny_pictures, chain_deal):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    fake = world.fake
    async with Table.playing(world, alice, [bob, carol]) as table:
        await put_first_wagons(table, ["mail", "sleeper", "tank"])
        # alice plays the chain exchange toward bob: she decides the first link.
        assert await table.turn(by_type(type="play_card", card="chain_exchange", direction="left"))
        live = await table.live()
        assert live.to_act() == {0}
        assert (
            "waiting for **alice** to exchange a wagon with bob"
            in table_message(world, table.thread).text
        )
        pinged = len(fake.pings(bob))
        assert await table.turn(by_type(type="exchange", give="mail", take="sleeper"))

        # bob decides the next link, out of turn: he is pinged and told what it is.
        live = await table.live()
        assert live.to_act() == {1} and live.state.turn == 0
        assert len(fake.pings(bob)) == pinged + 1
        ping = fake.pings(bob)[-1]
        assert "The chain goes on: bob may now exchange a wagon with carol" in said(ping)
        assert f"<@{bob.id}>, your turn" in said(ping)
        board = table_message(world, table.thread)
        assert "waiting for **bob** to exchange a wagon with carol, or stop the chain" in board.text
        refused = await alice.click(board, "Take turn")
        assert refused.ephemeral and "not your turn" in refused.content
        assert "bob" in refused.content
        # bob's own panel: his wagon for one of carol's (tagged "1" on the picture, where
        # it lies in his tableau), or stop.
        opened = await bob.click(board, "Take turn")
        prefix, out = offered(opened.message)
        assert prefix == () and {label for label, _, _ in out.values()} == {
            "1 · Give your 🟨 Mail car to carol",
            "Stop the chain: no exchange",
        }
        done = await follow(bob, opened.message, ("g.mail", "t.tank"))
        assert "Done" in done.message.text
        await settle(world, table.bot)
        await table.snapshot()

        # carol was the last link (alice's other neighbour): the chain is complete and
        # the turn passed on to bob, pinged again for his own turn.
        live = await table.live()
        assert live.to_act() == {1} and live.state.turn == 1
        tableaux = [[CARD_IDS[c] for c in t] for t in live.state.tableaux]
        assert tableaux == [["sleeper"], ["tank"], ["mail"]]
        posts = "\n".join(m.text for m in fake.messages(table.thread))
        assert "⛓️ bob gave a 🟨 Mail car to carol and took a ⬛ Tank car." in posts
        assert "⛓️ The chain is complete (carol was the last to take part)." in posts
        assert len(fake.pings(bob)) == pinged + 2
        for _ in range(6):
            assert await table.turn()
    table.assert_no_leaks()


async def test_a_restart_in_the_middle_of_a_chain(world, tiny_pictures, chain_deal):
    alice, bob, carol, dave = (world.user(n) for n in NAMES)
    fake = world.fake
    log = PayloadLog(fake)
    with log.installed():
        async with world.bot() as bot:
            table = await Table.open(world, bot, log, alice, [bob, carol, dave])
            thread = table.thread
            await put_first_wagons(table, ["mail", "sleeper", "tank", "flatcar"])
            assert await table.turn(
                by_type(type="play_card", card="chain_exchange", direction="left")
            )
            assert await table.turn(by_type(type="exchange", give="mail", take="sleeper"))
            old_table = table_message(world, thread)
            # bob opens his panel and picks the wagon he gives (carol has one wagon: the
            # panel goes straight to Confirm)… then the bot restarts.
            opened = await bob.click(old_table, "Take turn")
            _, out = offered(opened.message)
            picked = await bob.click(opened.message, custom_id=out["g.mail"][1]["custom_id"])
            old_panel = picked.message
            assert "Take carol\\'s ⬛ Tank car" in old_panel.text  # Markdown-escaped
            assert old_panel.find_component(label="Confirm") is not None

        async with world.bot() as bot:
            table.bot = bot
            live = await table.live()
            assert live.to_act() == {1}
            # The buttons from before the restart still work: the table's, and bob's panel.
            mine = await bob.click(old_table, "My hand")
            assert mine.ephemeral and "Your hand" in mine.content
            done = await bob.click(old_panel, "Confirm")
            assert "Done" in done.message.text
            await settle(world, bot)
            await table.snapshot()
            live = await table.live()
            assert live.to_act() == {2}  # carol decides the last link, with dave
            assert f"<@{carol.id}>, your turn" in said(fake.pings(carol)[-1])
            opened = await carol.click(table_message(world, thread), "Take turn")
            assert opened.ephemeral and offered(opened.message)[1]
            done = await follow(carol, opened.message, ("g.mail", "t.flatcar"))
            assert "Done" in done.message.text
            await settle(world, bot)
            await table.snapshot()
            live = await table.live()
            assert live.state.turn == 1 and live.to_act() == {1}  # complete: bob's turn
            tableaux = [[CARD_IDS[c] for c in t] for t in live.state.tableaux]
            assert tableaux == [["sleeper"], ["tank"], ["flatcar"], ["mail"]]
            posts = "\n".join(m.text for m in fake.messages(thread))
            assert "⛓️ The chain is complete (dave was the last to take part)." in posts
            for _ in range(4):
                assert await table.turn()
    table.assert_no_leaks()


async def test_the_host_combines_house_rules_in_the_lobby(world, tiny_pictures):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with world.bot() as bot:
        opened = await alice.slash(
            world.games, "moscow-paris new", players=3, variant="orient_express"
        )
        lobby = opened.message
        match_id = lobby.embeds[0]["footer"]["text"].split()[-1]
        (menu,) = [c for c in selects(lobby) if ":option:" in c["custom_id"]]  # not the clock
        assert menu["custom_id"].endswith(":option:rules") and menu["min_values"] == 0
        assert {o["value"] for o in menu["options"] if o.get("default")} == {"istanbul"}
        refused = await bob.select(lobby, menu["custom_id"], ["teams"])
        assert refused.ephemeral and "Only the player who opened the table" in refused.content
        picked = await alice.select(lobby, menu["custom_id"], ["teams", "istanbul", "any_rows"])
        assert picked.responded and not picked.ephemeral, picked
        lobby = picked.message or lobby
        assert "⚙️ House rules: Teams (4 players" in lobby.embeds[0]["description"]
        options = (await bot.host._loaded(match_id)).row.options
        assert options["teams"] and options["istanbul"] and options["columns"] == "any_rows"
        for user in (bob, carol):
            assert (await user.click(lobby, "Join")).responded
        # Teams need 4 players: Start says so and the table stays open.
        refused = await alice.click(lobby, "Start")
        assert refused.ephemeral and "Team play needs exactly 4 players" in refused.content
        assert (await bot.host._loaded(match_id)).row.status == "lobby"
        picked = await alice.select(lobby, menu["custom_id"], ["istanbul", "multiple_claims"])
        lobby = picked.message or lobby
        assert (await alice.click(lobby, "Start")).responded
        await world.fake.wait_for(lambda: world.fake.threads())
        await settle(world, bot)
        live = await bot.host._loaded(match_id)
        cfg = live.state.cfg
        assert live.row.status == "active" and not cfg.teams and cfg.multiple_claims
        assert not cfg.any_rows and live.row.options["istanbul"]
