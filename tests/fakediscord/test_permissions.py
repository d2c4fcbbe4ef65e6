"""Channel permissions: overwrites computed as permissions.mdx documents, enforced on the
bot's own REST calls, and sent in interaction payloads."""

from __future__ import annotations

from fakediscord import permissions
from fakediscord.state import ALL_PERMISSIONS, PERMISSIONS, permission_bits
from tests.fakediscord.rawapi import RawApi

P = PERMISSIONS


async def test_overwrites_apply_in_the_documented_order(fake, general):
    guild, alice = fake.guild, fake.user("alice")
    st = fake.state
    staff = fake.add_role(guild, "Staff")
    helpers = fake.add_role(guild, "Helpers")
    fake.give_role(alice, guild, staff)
    fake.give_role(alice, guild, helpers)
    send, embed = P["send_messages"], P["embed_links"]
    assert permissions.compute(st, general, alice.id) & send
    fake.set_permissions(general, guild, deny=send | embed)  # @everyone
    assert not permissions.compute(st, general, alice.id) & send
    fake.set_permissions(general, staff, allow=send)  # roles beat @everyone...
    fake.set_permissions(general, helpers, deny=send)  # ...and role allow beats role deny
    assert permissions.compute(st, general, alice.id) & send
    fake.set_permissions(general, alice, deny=["send_messages"], allow="embed_links")
    perms = permissions.compute(st, general, alice.id)
    assert not perms & send and perms & embed  # the member overwrite comes last
    other = fake.add_channel(guild, "other")  # overwrites are per channel
    assert permissions.compute(st, other, alice.id) & send
    admins = fake.add_role(guild, "Root", "administrator")
    fake.give_role(alice, guild, admins)
    assert permissions.compute(st, general, alice.id) == ALL_PERMISSIONS
    assert permissions.compute(st, general, guild.owner_id) == ALL_PERMISSIONS


async def test_implicit_denials(fake, general):
    st, bot = fake.state, fake.bot_user.id
    fake.deny_bot(general, "send_messages")
    raw, eff = permissions.compute(st, general, bot), permissions.effective(st, general, bot)
    assert raw & P["embed_links"] and not eff & (P["embed_links"] | P["attach_files"])
    fake.deny_bot(general, "view_channel")
    assert permissions.effective(st, general, bot) == 0
    assert fake.bot_permissions(general) == raw & ~P["view_channel"]


async def test_bot_rest_calls_are_checked(fake, general):
    async with RawApi(fake) as api:
        ok = await api.call("POST", f"/channels/{general.id}/messages", {"content": "hi"})
        mid = ok.body["id"]
        embed = {"content": "e", "embeds": [{"title": "t"}]}
        fake.deny_bot(general, "embed_links", "attach_files", "read_message_history")
        r = await api.call("POST", f"/channels/{general.id}/messages", embed)
        assert (r.status, r.code, r.body["message"]) == (403, 50013, "Missing Permissions")
        r = await api.call("POST", f"/channels/{general.id}/messages", {}, files={"a.png": b"x"})
        assert (r.status, r.code) == (403, 50013)
        r = await api.call("PATCH", f"/channels/{general.id}/messages/{mid}", embed)
        assert (r.status, r.code) == (403, 50013)
        r = await api.call("GET", f"/channels/{general.id}/messages")
        assert (r.status, r.body) == (200, [])  # "no messages will be returned"
        r = await api.call("GET", f"/channels/{general.id}/messages/{mid}")
        assert (r.status, r.code) == (403, 50013)
        fake.deny_bot(general, "create_public_threads", "create_private_threads")
        for body in ({"name": "t", "type": 11}, {"name": "t", "type": 12}):
            r = await api.call("POST", f"/channels/{general.id}/threads", body)
            assert (r.status, r.code) == (403, 50013), body
        r = await api.call("POST", f"/channels/{general.id}/messages/{mid}/threads", {"name": "t"})
        assert (r.status, r.code) == (403, 50013)
        fake.deny_bot(general, "send_messages")
        r = await api.call("POST", f"/channels/{general.id}/messages", {"content": "x"})
        assert (r.status, r.code) == (403, 50013)
        fake.deny_bot(general, "view_channel")
        for method, path in (
            ("POST", f"/channels/{general.id}/messages"),
            ("GET", f"/channels/{general.id}/messages"),
            ("GET", f"/channels/{general.id}"),
            ("DELETE", f"/channels/{general.id}/messages/{mid}"),
        ):
            r = await api.call(method, path, {"content": "x"} if method == "POST" else None)
            assert (r.status, r.code, r.body["message"]) == (403, 50001, "Missing Access"), path


async def test_threads_inherit_and_use_send_messages_in_threads(fake, general):
    async with RawApi(fake) as api:
        r = await api.call("POST", f"/channels/{general.id}/threads", {"name": "t", "type": 11})
        tid = r.body["id"]
        fake.deny_bot(general, "send_messages")  # no effect in threads
        r = await api.call("POST", f"/channels/{tid}/messages", {"content": "x"})
        assert r.status == 200
        thread = fake.state.channels[int(tid)]
        fake.deny_bot(thread, "send_messages_in_threads")  # lands on the parent
        assert fake.bot_user.id in general.overwrites and not thread.overwrites
        r = await api.call("POST", f"/channels/{tid}/messages", {"content": "x"})
        assert (r.status, r.code) == (403, 50013)
        fake.set_permissions(general, fake.guild, allow="create_private_threads")
        r = await api.call("POST", f"/channels/{general.id}/threads", {"name": "p", "type": 12})
        private = fake.state.channels[int(r.body["id"])]
    alice = fake.user("alice")
    assert not permissions.can_view(fake.state, private, alice.id)  # not a member
    private.member_ids.add(alice.id)
    assert permissions.can_view(fake.state, private, alice.id)


async def test_interactions_are_not_subject_to_channel_permissions(fake, bot, general):
    alice = fake.user("alice")
    fake.deny_bot(general, "send_messages", "embed_links")
    table = await alice.slash(general, "paris-paris new", players=2)  # answers with an embed
    assert table.responded and table.embeds
    posted = await alice.slash(general, "announce", text="in the channel")
    assert posted.content == "posted"
    (err,) = bot.http_errors  # ...but its own channel message was refused
    assert (err.status, err.code) == (403, 50013)


async def test_payload_permissions_are_computed_in_the_channel(fake, bot, general):
    alice, st = fake.user("alice"), fake.state
    fake.deny_bot(general, "attach_files")
    fake.set_permissions(general, alice, deny="add_reactions")
    result = await alice.slash(general, "hand")
    payload = result.record.payload
    assert int(payload["app_permissions"]) == fake.bot_permissions(general)
    assert not int(payload["app_permissions"]) & P["attach_files"]
    assert int(payload["member"]["permissions"]) == permissions.compute(st, general, alice.id)
    assert not int(payload["member"]["permissions"]) & P["add_reactions"]
    dm = await alice.slash(alice.dm_channel, "hand")
    expected = permission_bits("attach_files", "embed_links", "mention_everyone")
    assert int(dm.record.payload["app_permissions"]) == expected | P["use_external_emojis"]
    # discord.py reads the overwrites the fake sends in CHANNEL_UPDATE
    me = bot.get_guild(fake.guild.id).me
    await fake.wait_for(lambda: not bot.get_channel(general.id).permissions_for(me).attach_files)
