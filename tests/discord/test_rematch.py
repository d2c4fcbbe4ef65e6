"""Issue 19, item 3: **Rematch** on the final table opens a lobby with the same players and
options, the seats rotated by one and the AI seat kept, which starts once every player has
clicked; a second click, or one by someone who did not play, is one sentence. Played with the
test-only game (tests/toy_game: a short race; the `race_presentation` fixture) so a whole
match is quick."""

from __future__ import annotations

import random

from tests.discord.driver import choose_one, settle, start_match, table_message


async def play_to_the_end(world, bot_, match_id, thread, users) -> None:
    rng = random.Random(3)
    while (live := await bot_.host.get(match_id)).status == "active":
        user = users[live.seats[min(live.to_act)].user_id]
        opened = await user.click(table_message(world, thread), "Take turn")
        confirm = await choose_one(user, opened.message, rng)
        await user.click(confirm.message, "Confirm")
        await settle(world, bot_)


async def test_a_rematch_starts_with_the_seats_rotated_once_every_player_clicked(
    world, race_presentation
):
    alice, bob, dave = world.user("alice"), world.user("bob"), world.user("dave")
    users = {alice.id: alice, bob.id: bob}
    async with world.bot() as bot_:
        await world.fake.wait_for(lambda: True)
        old, thread, _ = await start_match(world, bot_, alice, [bob], ais=1, game="race")
        before = [(s.name, s.user_id, s.ai) for s in (await bot_.host.get(old)).seats]
        await play_to_the_end(world, bot_, old, thread, users)
        final = table_message(world, thread)
        assert final.find_component(label="Rematch") is not None
        bystander = await dave.click(final, "Rematch")
        assert bystander.ephemeral and "Only the players of this match" in bystander.content
        asked = await bob.click(final, "Rematch")
        assert asked.ephemeral and "starts once every player has clicked" in asked.content
        await settle(world, bot_)
        lobby = next(
            m for m in reversed(world.fake.messages(world.games)) if "wants a rematch" in m.text
        )
        assert lobby.pinged_user_ids == {alice.id}  # the others, once; not who asked
        assert [p.id for p in alice.pings if "rematch" in p.content] == [lobby.id]
        new = lobby.embeds[0]["footer"]["text"].split()[-1]
        assert f"{alice.mention} — ⏳ invited" in lobby.embeds[0]["description"]
        again = await bob.click(final, "Rematch")
        assert again.ephemeral and "asked for this rematch already" in again.content
        assert (await bot_.host.get(new)).status == "lobby"
        threads = {t.id for t in world.fake.threads()}
        await alice.click(final, "Rematch")  # the last player: it starts
        await settle(world, bot_)
        live = await bot_.host.get(new)
        assert live.status == "active"
        rotated = before[1:] + before[:1]
        assert [(s.name, s.user_id, s.ai) for s in live.seats] == rotated
        assert live.options == (await bot_.host.get(old)).options
        assert "has started" in world.fake.state.messages[lobby.id].embeds[0]["description"]
        assert [t for t in world.fake.threads() if t.id not in threads]  # its own thread
        late = await alice.click(final, "Rematch")
        assert late.ephemeral and "has started already" in late.content
