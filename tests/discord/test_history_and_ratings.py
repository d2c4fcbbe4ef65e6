"""Issue 19, items 5 and 6, through the fake Discord: `/lutece history`, `/lutece stats` and
`/lutece leaderboard` after matches that were opened, joined and started by clicks.

The moves between Start and the end are played through the host (`host.act`, as a click's
handler does): what is checked here is what the end of a match stores and what the commands
then show, not the panels (the match tests click whole matches through). Ratings move the
right way (the winners up, partners together), casual and AI matches leave them alone, and a
restart keeps everything, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.discord.driver import forged_button, settle, start_match

pytestmark = pytest.mark.usefixtures("tiny_pictures")


@pytest.fixture(params=["sqlite", "postgres"])
async def any_world(request: pytest.FixtureRequest, world: Any) -> AsyncIterator[Any]:
    """The Discord world with its bot's database on each backend."""
    if request.param == "sqlite":
        yield world
        return
    server = request.getfixturevalue("pg_server")
    name, world.db = await server.create_database("history")
    yield world
    await server.drop_database(name)


async def play_out(bot: Any, match_id: str, seed: int) -> None:
    """Random legal moves by the players to act, through the host, until the match ends
    (AI seats answer by themselves)."""
    rng = random.Random(seed)
    for n in range(5000):
        live = await bot.host._loaded(match_id)
        if live.row.status != "active":
            return
        seat = min(live.to_act())
        action = rng.choice(live.game.legal_actions(live.state, seat))
        user = live.row.seat_rows[seat].user_id
        await bot.host.act(match_id, user, action, key=f"{match_id}-{n}")
    raise AssertionError(f"match {match_id} did not end")


def embed_text(result: Any) -> str:
    assert result.responded and result.ephemeral and not result.failed, result
    embed = result.message.embeds[0]
    return "\n".join([embed.get("title", ""), embed.get("description", "")])


async def test_a_leaderboard_after_rated_matches_of_two_three_and_four_and_a_team_match(
    any_world,
):
    world = any_world
    alice, bob, carol, dave = (world.user(n) for n in ("alice", "bob", "carol", "dave"))
    async with world.bot() as bot:
        rated = []
        for n, joiners in enumerate(([bob], [bob, carol], [bob, carol, dave])):
            match_id, _, lobby = await start_match(world, bot, alice, joiners)
            assert "🏆 Rated" in lobby.embeds[0]["description"]
            await play_out(bot, match_id, seed=n)
            rated.append(match_id)
        team_match, _, _ = await start_match(
            world, bot, alice, [bob, carol, dave], game="moscow-paris", variant="teams"
        )
        await play_out(bot, team_match, seed=9)
        await settle(world, bot)

        store = bot.host.store  # the test reads what was stored; the bot never does
        for match_id in [*rated, team_match]:
            result = await store.result_of(match_id)
            assert result.rated and len(result.seats) >= 2
            for seat in result.seats:  # the winners go up (the model gains them mu, loses σ)
                if seat.place == 1:
                    assert seat.rating_after > seat.rating_before, (match_id, seat)
        teams = (await store.result_of(team_match)).seats
        assert [s.team for s in teams] == [0, 1, 0, 1]
        for a, b in ((0, 2), (1, 3)):  # partners: the same place, the same move
            assert teams[a].place == teams[b].place
            assert teams[a].rating_after - teams[a].rating_before == pytest.approx(
                teams[b].rating_after - teams[b].rating_before
            )
        assert {s.place for s in teams} in ({1, 3}, {1})  # one side won, or both shared it

        board = embed_text(await alice.slash(world.games, "lutece leaderboard", game="paris-paris"))
        top, mine = board.split("\n\n")
        assert top.startswith("🏆 Paris Paris: the best rated players\n1. ")
        assert sorted(line.split(" — ")[0][3:] for line in top.splitlines()[1:]) == [
            "alice",
            "bob",
            "carol",
            "dave",
        ]
        alice_line = next(line for line in top.splitlines() if ". alice — " in line)
        assert mine == f"You: #{alice_line.split('.')[0]} of 4 — " + alice_line.split(" — ")[1]
        assert alice_line.endswith("· 3 rated matches")
        mp_board = embed_text(
            await dave.slash(world.games, "lutece leaderboard", game="moscow-paris")
        )
        lines = mp_board.split("\n\n")[0].splitlines()[1:]
        ratings = {line.split(". ", 1)[1].split(" — ")[0]: line.split(" — ")[1] for line in lines}
        assert sorted(ratings) == ["alice", "bob", "carol", "dave"]
        assert ratings["alice"] == ratings["carol"] and ratings["bob"] == ratings["dave"]
        partners_rank = {line.split(". ")[0] for line in lines[:2]}
        assert len(partners_rank) == 1  # the winning partners share the first place
        history = embed_text(await bob.slash(world.games, "lutece history"))
        before = (board, mp_board, history)

    async with world.bot() as bot:  # a restart over the same database keeps everything
        after = (
            embed_text(await alice.slash(world.games, "lutece leaderboard", game="paris-paris")),
            embed_text(await dave.slash(world.games, "lutece leaderboard", game="moscow-paris")),
            embed_text(await bob.slash(world.games, "lutece history")),
        )
    assert after == before


def ratings_of(rows: list[Any]) -> dict[tuple[str, int], tuple[float, float, int]]:
    return {(r.game, r.user_id): (r.mu, r.sigma, r.played) for r in rows}


async def test_history_pages_and_stats_after_several_matches_and_casual_ones_rate_nobody(world):
    alice, carol, dave = world.user("alice"), world.user("carol"), world.user("dave")
    hostile = "**b** [x](https://evil.ex)"
    world.fake.set_nickname(carol, world.guild, hostile)
    async with world.bot() as bot:
        for n in range(4):
            match_id, _, _ = await start_match(world, bot, alice, [carol])
            await play_out(bot, match_id, seed=n)
        store = bot.host.store
        kept = ratings_of(await store.all_ratings())
        assert len(kept) == 2
        casual, _, lobby = await start_match(world, bot, alice, [carol], rated=False)
        assert "🎲 Casual" in lobby.embeds[0]["description"]
        await play_out(bot, casual, seed=5)
        with_ai, _, lobby = await start_match(world, bot, alice, [], ais=1)
        assert "🎲 Casual" in lobby.embeds[0]["description"]
        await play_out(bot, with_ai, seed=6)
        await settle(world, bot)
        assert ratings_of(await store.all_ratings()) == kept  # casual and AI: nobody moved

        first = await alice.slash(world.games, "lutece history")
        page_1 = embed_text(first)
        assert (
            page_1.count("Paris Paris") == 5
            and "Page 1" in first.message.embeds[0]["footer"]["text"]
        )
        assert page_1.index(with_ai) < page_1.index(casual)  # newest first
        assert "🎲 casual" in page_1 and "🏆 rated" in page_1
        assert hostile not in page_1 and "\\*\\*b\\*\\* \\[x\\]" in page_1
        newer, older = (c for c in first.message.iter_components() if c.get("type") == 2)
        assert newer.get("disabled") and not older.get("disabled")
        second = await alice.click(first.message, older["label"])
        page_2 = embed_text(second)
        assert page_2.count("Paris Paris") == 1 and with_ai not in page_2
        back = await alice.click(second.message, newer["label"])
        assert embed_text(back) == page_1

        mine = embed_text(
            await alice.slash(world.games, "lutece history", user=carol, game="paris-paris")
        )
        assert mine.count("Paris Paris") == 5 + 1 and with_ai not in mine  # title + 5 matches

        stats = embed_text(await dave.slash(world.games, "lutece stats", user=carol))
        assert "**Paris Paris**: 5 matches finished" in stats and "rating **" in stats
        assert hostile not in stats
        own = embed_text(await alice.slash(world.games, "lutece stats"))
        assert "6 matches finished" in own and "(#" in own and " of 2)" in own


async def test_bad_requests_get_one_sentence_and_change_nothing(world):
    world.dev_guild = None  # global commands, so that /lutece can be asked in a DM too
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    async with world.bot() as bot:
        nothing = await alice.slash(world.games, "lutece history")
        assert nothing.ephemeral and nothing.content == "⚠️ No finished match to show here yet."
        match_id, _, _ = await start_match(world, bot, alice, [bob])
        await play_out(bot, match_id, seed=1)
        checks = [
            (
                ("lutece leaderboard", {"game": "city-of-light"}),
                "No rated match of City of Light on this server yet.",
            ),
            (("lutece leaderboard", {"game": "chess"}), "I don't know that game."),
            (
                ("lutece history", {"user": dave}),
                "dave has no finished match on this server yet.",
            ),
            (("lutece stats", {"user": dave}), "dave has no finished match on this server yet."),
        ]
        for (command, options), sentence in checks:
            answer = await alice.slash(world.games, command, **options)
            assert answer.ephemeral and answer.content == "⚠️ " + sentence, answer
        in_dm = await alice.slash(alice.dm_channel, "lutece leaderboard", game="paris-paris")
        assert in_dm.content == "⚠️ Results and ratings are kept per server: ask in a server."

        forged = {
            "lt:-:history:0::9": "That page is past the end of the history.",
            "lt:-:history:0:chess:0": "I don't know that game.",
            "lt:-:turn": "I don't know that match.",
        }
        for custom_id, sentence in forged.items():
            message = forged_button(world, world.games, custom_id)
            answer = await alice.click(message, "Forged")
            assert answer.ephemeral and answer.content == "⚠️ " + sentence, answer
        await settle(world, bot)
        assert len(await bot.host.store.all_ratings()) == 2
        assert [r.match_id for r in await bot.host.store.history(world.guild.id)] == [match_id]
