"""allowed_mentions interpreted as message.mdx documents it: who a new message notifies."""

from __future__ import annotations

import pytest

from tests.fakediscord.rawapi import RawApi, record_dispatches


@pytest.fixture
def people(fake):
    alice, bob, carol = (fake.user(n) for n in ("alice", "bob", "carol"))
    staff = fake.add_role(fake.guild, "Staff")
    fake.give_role(carol, fake.guild, staff)
    return alice, bob, carol, staff


async def _post(api, channel, body):
    r = await api.call("POST", f"/channels/{channel.id}/messages", body)
    assert r.status == 200, r.body
    return r, api.fake.state.messages[int(r.body["id"])]


async def test_default_parses_users_roles_and_everyone_as_permitted(fake, general, people):
    alice, bob, carol, staff = people
    text = f"hi <@{alice.id}> <@!{bob.id}> <@&{staff.id}> @everyone"
    async with RawApi(fake) as api:
        r, msg = await _post(api, general, {"content": text})
        assert msg.pinged_user_ids == {alice.id, bob.id}  # role not mentionable, no @everyone
        assert not msg.pinged_role_ids and not msg.pinged_everyone
        assert {u["id"] for u in r.body["mentions"]} == {str(alice.id), str(bob.id)}
        assert r.body["mention_roles"] == [] and r.body["mention_everyone"] is False
        staff.mentionable = True
        _, msg = await _post(api, general, {"content": text})
        assert msg.pinged_role_ids == {staff.id} and msg.pinged_user_ids == {
            alice.id,
            bob.id,
            carol.id,
        }
        staff.mentionable = False
        fake.set_permissions(general, fake.bot_user, allow="mention_everyone")
        fake.set_permissions(general, bob, deny="view_channel")  # bob cannot see #general
        r, msg = await _post(api, general, {"content": text})
        members = set(fake.guild.members) - {fake.bot_user.id, bob.id}
        assert msg.pinged_everyone and msg.pinged_role_ids == {staff.id}
        assert msg.pinged_user_ids == members and r.body["mention_everyone"] is True
    assert fake.pings(alice)[-1] is msg and alice.pings == fake.pings(alice)
    assert msg not in fake.pings(bob) and len(fake.pinged_messages()) == 3


async def test_explicit_allowed_mentions(fake, general, people):
    alice, bob, carol, staff = people
    staff.mentionable = True
    text = f"<@{alice.id}> <@{bob.id}> <@&{staff.id}> @here"
    async with RawApi(fake) as api:
        _, msg = await _post(api, general, {"content": text, "allowed_mentions": {"parse": []}})
        assert not (msg.pinged_user_ids or msg.pinged_role_ids or msg.pinged_everyone)
        only = {"allowed_mentions": {"users": [str(alice.id), "123"]}}
        _, msg = await _post(api, general, {"content": text, **only})
        assert msg.pinged_user_ids == {alice.id}  # 123 is not in the content: ignored
        roles = {"allowed_mentions": {"parse": ["users"], "roles": [str(staff.id)]}}
        _, msg = await _post(api, general, {"content": text, **roles})
        assert msg.pinged_user_ids == {alice.id, bob.id, carol.id}
        empty = {"allowed_mentions": {"parse": ["users"], "users": []}}  # falsy: accepted
        _, msg = await _post(api, general, {"content": text, **empty})
        assert msg.pinged_user_ids == {alice.id, bob.id}
        escaped = f"\\<@{alice.id}> \\@everyone <@{bob.id}>"
        body = {"content": escaped, "embeds": [{"description": f"<@{carol.id}>"}]}
        _, msg = await _post(api, general, body)
        assert msg.pinged_user_ids == {bob.id}  # escaped text and embeds ping nobody


@pytest.mark.parametrize(
    ("allowed", "where"),
    [
        ({"parse": ["users"], "users": ["1"]}, ("allowed_mentions", "_errors")),
        ({"parse": ["roles"], "roles": ["1"]}, ("allowed_mentions", "_errors")),
        ({"parse": ["bots"]}, ("allowed_mentions", "parse", "0")),
        ({"users": [str(i) for i in range(101)]}, ("allowed_mentions", "users")),
        ({"users": ["not-a-snowflake"]}, ("allowed_mentions", "users", "0")),
        ({"replied_user": "yes"}, ("allowed_mentions", "replied_user")),
    ],
)
async def test_invalid_allowed_mentions_are_refused(fake, general, allowed, where):
    async with RawApi(fake) as api:
        body = {"content": "x", "allowed_mentions": allowed}
        r = await api.call("POST", f"/channels/{general.id}/messages", body)
    assert (r.status, r.code) == (400, 50035)
    node = r.body["errors"]
    for key in where:
        node = node[key]
    assert fake.messages(general) == []


async def test_interaction_messages(fake, bot, general, people):
    alice, bob, carol, staff = people
    staff.mentionable = True
    fake.set_permissions(general, fake.bot_user, allow="mention_everyone")
    text = f"<@{bob.id}> <@&{staff.id}> @everyone"
    said = await alice.slash(general, "say", text=text)
    assert said.message.pinged_user_ids == {bob.id}  # interactions parse only users by default
    secret = await alice.slash(general, "say", text=text, secret=True)
    assert not secret.message.pinged_user_ids  # ephemeral: nobody is notified
    posted = await alice.slash(general, "announce", text=text)
    assert posted.content == "posted"
    msg = await fake.wait_for_message(general, lambda m: m.content == text and not m.webhook_id)
    assert msg.pinged_everyone and carol.id in msg.pinged_user_ids  # a channel message
    thought = await alice.slash(general, "think", text=f"<@{carol.id}>")
    assert thought.message.pinged_user_ids == {carol.id}  # the deferred answer appears
    first = await fake.wait_for(lambda: bot.remembered and bot.remembered[0])
    before = len(fake.pings(carol))
    await first.edit_original_response(content=f"now <@{carol.id}>")
    assert said.content == f"now <@{carol.id}>"
    assert len(fake.pings(carol)) == before  # edits notify nobody


async def test_display_names_and_nicknames(fake, bot, general):
    hostile = "@everyone\n**bold** [x](https://evil.example)"
    mallory = fake.add_user("mallory", global_name=hostile)
    sent = record_dispatches(fake)
    fake.set_nickname(mallory, fake.guild, "<@&123> 🎲")
    (update,) = [d for e, d in sent if e == "GUILD_MEMBER_UPDATE"]
    assert update["nick"] == "<@&123> 🎲" and update["user"]["global_name"] == hostile
    result = await mallory.slash(general, "hand")
    member = result.record.payload["member"]
    assert (member["nick"], member["user"]["global_name"]) == ("<@&123> 🎲", hostile)
    fake.set_nickname(mallory, fake.guild, None)
    assert sent[-1][1]["nick"] is None
