"""Threads as threads.mdx documents them: the fake clock archives quiet threads; archived
and locked threads refuse what Discord refuses; posting unarchives."""

from __future__ import annotations

import discord
import pytest

from fakediscord import InteractionRefused
from fakediscord.rest import create_message
from tests.fakediscord.rawapi import RawApi, record_dispatches

HOUR = 3600


async def _thread(api: RawApi, channel, **body) -> dict:
    r = await api.call("POST", f"/channels/{channel.id}/threads", {"name": "t", "type": 11, **body})
    assert r.status == 201, r.body
    return r.body


async def test_quiet_threads_archive_on_the_fake_clock(fake, general):
    async with RawApi(fake) as api:
        data = await _thread(api, general, auto_archive_duration=60)
        default = fake.state.channels[int((await _thread(api, general))["id"])]
        thread = fake.state.channels[int(data["id"])]
        assert data["thread_metadata"]["auto_archive_duration"] == 60
        assert default.auto_archive_duration == 1440
        created = data["thread_metadata"]["archive_timestamp"]
        fake.advance(59 * 60)
        assert not thread.archived
        r = await api.call("POST", f"/channels/{thread.id}/messages", {"content": "activity"})
        assert r.status == 200
        fake.advance(59 * 60)  # 59 minutes since the message: still active
        assert not thread.archived
        fake.advance(2 * 60)
        assert thread.archived and not default.archived
        got = (await api.call("GET", f"/channels/{thread.id}")).body["thread_metadata"]
        assert got["archived"] and got["archive_timestamp"] > created
        fake.advance(24 * HOUR)
        assert default.archived
        assert (await api.call("GET", f"/guilds/{general.guild_id}/threads/active")).body[
            "threads"
        ] == []


async def test_patch_duration_is_activity_and_only_documented_values(fake, general):
    async with RawApi(fake) as api:
        thread = fake.state.channels[int((await _thread(api, general))["id"])]
        fake.advance(23 * HOUR)
        r = await api.call("PATCH", f"/channels/{thread.id}", {"auto_archive_duration": 60})
        assert r.status == 200 and r.body["thread_metadata"]["auto_archive_duration"] == 60
        fake.advance(59 * 60)
        assert not thread.archived
        fake.advance(60)
        assert thread.archived
        bad = await api.call("PATCH", f"/channels/{thread.id}", {"auto_archive_duration": 61})
        assert (bad.status, bad.code) == (400, 50083)  # archived: unarchive first
        r = await api.call("PATCH", f"/channels/{thread.id}", {"archived": False})
        assert r.status == 200 and not thread.archived
        bad = await api.call("PATCH", f"/channels/{thread.id}", {"auto_archive_duration": 61})
        assert (bad.status, bad.code) == (400, 50035)
        bad = await _bad_thread(api, general, auto_archive_duration=30)
        assert "auto_archive_duration" in bad.body["errors"]


async def _bad_thread(api, channel, **body):
    r = await api.call("POST", f"/channels/{channel.id}/threads", {"name": "t", "type": 11, **body})
    assert (r.status, r.code) == (400, 50035)
    return r


async def test_archived_thread_edits_refused_deletes_allowed_posts_unarchive(fake, bot, general):
    async with RawApi(fake) as api:
        thread = fake.state.channels[int((await _thread(api, general))["id"])]
        ids = []
        for text in ("one", "two"):
            r = await api.call("POST", f"/channels/{thread.id}/messages", {"content": text})
            ids.append(r.body["id"])
        await fake.wait_for(lambda: bot.get_channel(thread.id))
        sent = record_dispatches(fake)
        fake.archive(thread)
        (meta,) = [d["thread_metadata"] for e, d in sent if e == "THREAD_UPDATE"]
        assert meta["archived"] and meta["archive_timestamp"] > meta["create_timestamp"]
        await fake.wait_for(lambda: bot.get_channel(thread.id) is None)  # discord.py drops it
        edit = await api.call("PATCH", f"/channels/{thread.id}/messages/{ids[0]}", {"content": "x"})
        assert (edit.status, edit.code, edit.body["message"]) == (400, 50083, "Thread is archived")
        gone = await api.call("DELETE", f"/channels/{thread.id}/messages/{ids[1]}")
        assert gone.status == 204 and thread.archived  # deleting is the one thing allowed
        sent.clear()
        posted = await api.call("POST", f"/channels/{thread.id}/messages", {"content": "back"})
        assert posted.status == 200 and not thread.archived
        assert [e for e, _ in sent] == ["THREAD_UPDATE", "MESSAGE_CREATE"]
        await fake.wait_for(lambda: bot.get_channel(thread.id) is not None)  # active again


async def test_locked_threads_need_manage_threads(fake, general):
    async with RawApi(fake) as api:
        thread = fake.state.channels[int((await _thread(api, general))["id"])]
        r = await api.call("POST", f"/channels/{thread.id}/messages", {"content": "m"})
        mid = r.body["id"]
        fake.lock(thread)
        assert thread.locked and not thread.archived  # locking alone does not archive
        for method, path, body in (
            ("POST", f"/channels/{thread.id}/messages", {"content": "x"}),
            ("PATCH", f"/channels/{thread.id}/messages/{mid}", {"content": "x"}),
        ):
            r = await api.call(method, path, body)
            assert (r.status, r.code) == (403, 160005), (method, r.body)
        fake.archive(thread)
        r = await api.call("PATCH", f"/channels/{thread.id}", {"archived": False})
        assert (r.status, r.code) == (403, 50013) and thread.archived
        r = await api.call("DELETE", f"/channels/{thread.id}/messages/{mid}")
        assert (r.status, r.code) == (400, 50083)  # locked and archived: not even deletes
        fake.set_permissions(general, fake.bot_user, allow="manage_threads")
        r = await api.call("POST", f"/channels/{thread.id}/messages", {"content": "mod"})
        assert r.status == 200 and not thread.archived and thread.locked
        r = await api.call("PATCH", f"/channels/{thread.id}", {"locked": False})
        assert r.status == 200 and not thread.locked
        fake.lock(thread, archived=True)
        assert thread.archived and thread.locked


async def test_user_side_thread_rules(fake, bot, general):
    alice = fake.user("alice")
    async with RawApi(fake) as api:
        thread = fake.state.channels[int((await _thread(api, general))["id"])]
    fake.archive(thread)
    with pytest.raises(InteractionRefused, match="archived"):
        await alice.slash(thread, "hand")
    assert fake.visible_commands(alice, thread) == []
    await alice.say(thread, "I'm back")  # a user's message unarchives too
    assert not thread.archived
    assert (await alice.slash(thread, "hand")).responded
    fake.lock(thread)
    with pytest.raises(InteractionRefused, match="160005"):
        await alice.say(thread, "let me in")


async def test_webhook_edits_in_an_archived_thread(fake, bot, general):
    alice = fake.user("alice")
    async with RawApi(fake) as api:
        thread = fake.state.channels[int((await _thread(api, general))["id"])]
    public = await alice.slash(thread, "say", text="public")
    secret = await alice.slash(thread, "say", text="secret", secret=True)
    first, second = await fake.wait_for(lambda: len(bot.remembered) == 2 and bot.remembered)
    fake.archive(thread)
    with pytest.raises(discord.HTTPException) as info:
        await first.edit_original_response(content="edited")
    assert (info.value.status, info.value.code) == (400, 50083)
    await second.edit_original_response(content="edited")  # ephemeral: not in the thread
    assert secret.content == "edited" and public.content == "public" and thread.archived
    followup = await first.followup.send("a followup", wait=True)  # a new message: unarchives
    assert followup.content == "a followup" and not thread.archived


async def test_delete_channel_dispatches_and_removes_messages(fake, bot, general):
    async with RawApi(fake) as api:
        thread = fake.state.channels[int((await _thread(api, general))["id"])]
        await api.call("POST", f"/channels/{thread.id}/messages", {"content": "m"})
    await fake.wait_for(lambda: bot.get_channel(thread.id))
    create_message(fake, general, {"content": "in general"}, [])
    fake.delete_channel(thread)
    await fake.wait_for(lambda: bot.get_channel(thread.id) is None)
    assert fake.messages(thread) == [] and fake.threads() == []
    fake.delete_channel(general)
    await fake.wait_for(lambda: bot.get_channel(general.id) is None)
    assert fake.messages(general) == []
