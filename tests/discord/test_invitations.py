"""Issue 19, item 1: `/<game> challenge` names players. Each is pinged once by a message of
their own, answers with Accept or Decline, the table starts by itself once all accepted (or
its host starts it with those who did), a decline shows on the lobby, an invitation expires,
survives a restart, and every bad name is one sentence that opens nothing."""

from __future__ import annotations

import time

import pytest

from tests.discord.driver import settle

pytestmark = pytest.mark.usefixtures("fast_render")
DAY = 24 * 3600


def invitation_of(world, user):
    """The invitation message naming `user` (the one whose buttons carry their id)."""
    found = [
        m
        for m in world.fake.messages(world.games)
        if any(c.get("custom_id", "").endswith(f":accept:{user.id}") for c in m.iter_components())
    ]
    assert len(found) == 1, found
    return found[0]


def lobby_text(world, lobby) -> str:
    return world.fake.state.messages[lobby.id].embeds[0]["description"]


def match_of(lobby) -> str:
    return lobby.embeds[0]["footer"]["text"].split()[-1]


async def test_a_challenge_pings_each_named_player_once_and_starts_when_all_accepted(world):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with world.bot() as bot:
        opened = await alice.slash(world.games, "paris-paris challenge", player=bob, player2=carol)
        assert opened.responded and not opened.ephemeral, opened
        lobby = opened.message
        await settle(world, bot)
        text = lobby_text(world, lobby)
        assert f"{bob.mention} — ⏳ invited" in text and f"{carol.mention} — ⏳ invited" in text
        assert not lobby.pinged_user_ids  # the lobby pings nobody
        for user, other in ((bob, carol), (carol, bob)):
            invitation = invitation_of(world, user)
            assert invitation.pinged_user_ids == {user.id}  # a message naming only them
            assert "challenges you" in invitation.content
            assert other.mention not in invitation.content
            assert [p.id for p in user.pings] == [invitation.id]  # pinged once
        match_id = match_of(lobby)
        someone_else = await carol.click(invitation_of(world, bob), "Accept")
        assert someone_else.ephemeral and "for someone else" in someone_else.content
        accepted = await bob.click(invitation_of(world, bob), "Accept")
        assert accepted.responded and "✅" in world.fake.state.messages[accepted.message.id].content
        assert not world.fake.state.messages[accepted.message.id].components  # answered
        await settle(world, bot)
        assert "invited" not in lobby_text(world, lobby).split(carol.mention)[0]
        assert (await bot.host.get(match_id)).status == "lobby"
        before = {t.id for t in world.fake.threads()}
        await carol.click(invitation_of(world, carol), "Accept")  # the last one: it starts
        await settle(world, bot)
        live = await bot.host.get(match_id)
        assert live.status == "active"
        assert [s.user_id for s in live.seats] == [alice.id, bob.id, carol.id]
        assert "has started" in lobby_text(world, lobby)
        assert not world.fake.state.messages[lobby.id].components
        assert [t for t in world.fake.threads() if t.id not in before]  # its own thread


async def test_a_decline_shows_on_the_lobby_and_the_host_starts_with_who_accepted(world):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    dave = world.user("dave")
    async with world.bot() as bot:
        opened = await alice.slash(world.games, "paris-paris challenge", player=bob, player2=carol)
        lobby = opened.message
        await settle(world, bot)
        declined = await carol.click(invitation_of(world, carol), "Decline")
        assert "✖️" in world.fake.state.messages[declined.message.id].content
        await settle(world, bot)
        text = lobby_text(world, lobby)
        assert f"✖️ {carol.mention} declined." in text
        assert f"2. {bob.mention} — ⏳ invited" in text and "3. *(empty)*" in text
        assert (await dave.click(lobby, "Join")).responded  # the freed seat is anyone's
        await bob.click(invitation_of(world, bob), "Accept")
        await settle(world, bot)
        assert (await bot.host.get(match_of(lobby))).status == "lobby"  # not everyone
        assert (await alice.click(lobby, "Start")).responded
        await settle(world, bot)
        live = await bot.host.get(match_of(lobby))
        assert live.status == "active"
        assert [s.user_id for s in live.seats] == [alice.id, bob.id, dave.id]


async def test_the_host_starts_without_who_has_not_answered(world):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    async with world.bot() as bot:
        opened = await alice.slash(world.games, "paris-paris challenge", player=bob, player2=carol)
        lobby = opened.message
        await settle(world, bot)
        await carol.click(invitation_of(world, carol), "Accept")
        assert (await alice.click(lobby, "Start")).responded
        await settle(world, bot)
        live = await bot.host.get(match_of(lobby))
        assert [s.user_id for s in live.seats] == [alice.id, carol.id]
        late = await bob.click(invitation_of(world, bob), "Accept")
        assert late.ephemeral and "no longer open" in late.content


async def test_bad_names_are_one_sentence_and_open_nothing(world):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    erin = world.fake.add_user("erin", guilds=[])  # not in the server
    cases = [
        ("paris-paris challenge", {"player": world.fake.bot_user}, "is a bot"),
        ("paris-paris challenge", {"player": alice}, "at your own table already"),
        ("paris-paris challenge", {"player": bob, "player2": bob}, "Name each player once"),
        ("paris-paris challenge", {"player": erin}, "not a member of this server"),
        ("city-of-light challenge", {"player": bob, "player2": carol}, "seats 2 players"),
    ]
    async with world.bot() as bot:
        for command, options, sentence in cases:
            refused = await alice.slash(world.games, command, **options)
            assert refused.ephemeral, (command, options)
            assert sentence in refused.content and "\n" not in refused.content, refused.content
        await settle(world, bot)
        assert await bot.host.matches(("lobby",)) == []
        assert not bob.pings and not carol.pings and not erin.pings


async def test_an_expired_invitation_is_one_sentence(world):
    alice, bob = world.user("alice"), world.user("bob")
    now = [time.time()]
    async with world.bot() as bot:
        bot.host.clock = lambda: now[0]
        await bot.host.guilds.set_lobby_expiry(world.guild.id, 3 * DAY)  # the table waits longer
        lobby = (await alice.slash(world.games, "paris-paris challenge", player=bob)).message
        await settle(world, bot)
        now[0] += DAY + 1
        late = await bob.click(invitation_of(world, bob), "Accept")
        assert late.ephemeral and "This invitation has expired" in late.content
        await settle(world, bot)
        live = await bot.host.get(match_of(lobby))
        assert live.status == "lobby"
        assert (await bot.host.lobbies.of(live.id)).invitations[0].status == "expired"


async def test_an_invitation_answered_after_a_restart_starts_the_table(world):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        lobby = (await alice.slash(world.games, "paris-paris challenge", player=bob)).message
        await settle(world, bot)
    async with world.bot() as bot:  # the invitation and the lobby's place are stored
        await bob.click(invitation_of(world, bob), "Accept")
        await settle(world, bot)
        live = await bot.host.get(match_of(lobby))
        assert live.status == "active"
        assert [s.user_id for s in live.seats] == [alice.id, bob.id]
        assert "has started" in lobby_text(world, lobby)


async def test_a_hostile_host_name_pings_nobody_but_the_named_player(world):
    """Names are user input: the host's shows escaped, and the bot's right to mention
    @everyone (granted here) pings nobody but the player named."""
    fake, guild = world.fake, world.guild
    power = fake.add_role(guild, "Bot power", 1 << 17)  # MENTION_EVERYONE
    fake.give_role(fake.bot_user, guild, power)
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    fake.set_nickname(alice, guild, "@everyone **b** [x](https://e.x)")
    async with world.bot() as bot:
        await world.fake.wait_for(lambda: True)
        await alice.slash(world.games, "paris-paris challenge", player=bob)
        await settle(world, bot)
        invitation = invitation_of(world, bob)
        assert invitation.pinged_user_ids == {bob.id} and not invitation.pinged_everyone
        assert r"\@everyone \*\*b\*\* \[x\]\(https\:" in invitation.content
        assert not carol.pings
