"""The demo bot, unchanged discord.py, driven through the fake as users would."""

from __future__ import annotations

import discord
import pytest

from fakediscord import InteractionRefused
from fakediscord.rest import create_message
from fakediscord.testing import running_bot
from tests.fakediscord.demo_bot import make_bot


async def test_public_table_with_thread(fake, bot, general):
    alice = fake.user("alice")
    result = await alice.slash(general, "paris-paris new", players=3, mode="express")
    assert result.callback_type == 4 and not result.ephemeral
    assert result.embeds[0]["description"] == "3 players, express"
    (thread,) = await fake.wait_for(lambda: fake.threads(general))
    assert thread.starter_message_id == result.message.id
    welcome = await fake.wait_for_message(thread)
    assert welcome.content.startswith("Welcome to table")
    assert fake.user("bob").visible_messages(thread) == [welcome]


async def test_ephemeral_visible_only_to_its_user(fake, bot, general):
    alice, bob = fake.user("alice"), fake.user("bob")
    result = await alice.slash(general, "hand")
    assert result.ephemeral and result.content == "your hand: 3 cards"
    assert result.message in alice.visible_messages(general)
    assert result.message not in bob.visible_messages(general)
    assert fake.messages(general) == []
    with pytest.raises(InteractionRefused, match="someone else"):
        await bob.click(result.message, "Play card")
    played = await alice.click(result.message, "Play card")
    assert played.content == "card played" and played.ephemeral


async def test_persistent_button_click(fake, bot, general):
    alice, bob = fake.user("alice"), fake.user("bob")
    table = await alice.slash(general, "paris-paris new", players=2)
    joined = await bob.click(table.message, "Join")
    assert joined.ephemeral and joined.content.startswith("bob joined table")
    assert list(bot.joined.values()) == [[bob.id]]
    with pytest.raises(InteractionRefused):
        await bob.click(table.message, custom_id="demo:not-there")


async def test_defer_then_followups(fake, bot, general):
    result = await fake.user("alice").slash(general, "slow")
    assert result.callback_type == 5
    assert result.content == "done thinking" and not result.ephemeral
    await fake.wait_for(lambda: result.followups)
    (extra,) = result.followups
    assert extra.ephemeral and extra.content == "and a second followup"


async def test_edit_original_response(fake, bot, general):
    result = await fake.user("alice").slash(general, "edit")
    await fake.wait_for(lambda: result.content == "final")
    assert result.message.edits == 1


async def test_file_attachment_bytes_are_kept(fake, bot, general):
    result = await fake.user("alice").slash(general, "file")
    (att,) = result.message.attachments
    assert att.filename == "board.png" and att.data == b"\x89PNG-fake-bytes"


async def test_channel_send_with_file_and_edit(fake, bot, general):
    result = await fake.user("alice").slash(general, "post")
    assert result.content == "ok" and result.ephemeral
    posted = await fake.wait_for_message(general, lambda m: m.content == "posted (edited)")
    assert posted.attachments[0].data == b"hello"


async def test_thread_without_message(fake, bot, general):
    result = await fake.user("alice").slash(general, "lobby")
    (thread,) = fake.threads(general)
    assert thread.name == "lobby" and thread.starter_message_id is None
    assert f"<#{thread.id}>" in result.content
    assert (await fake.wait_for_message(thread)).content == "lobby open"


async def test_dm_and_closed_dms(fake, bot, general):
    alice, bob = fake.user("alice"), fake.user("bob")
    ok = await alice.slash(general, "dm")
    assert ok.content == "check your DMs"
    assert [m.content for m in alice.dms()] == ["psst, your secret"]
    fake.close_dms(bob)
    closed = await bob.slash(general, "dm")
    assert closed.content == "your DMs are closed"
    (err,) = bot.http_errors
    assert isinstance(err, discord.Forbidden) and err.code == 50007
    assert bob.dms() == []


async def test_late_callback_is_unknown_interaction(fake, bot, general):
    fake.faults.response_window = 0.1
    result = await fake.user("alice").slash(general, "late", seconds=0.2)
    assert result.failed
    await fake.wait_for(lambda: bot.http_errors)
    (err,) = bot.http_errors
    assert isinstance(err, discord.NotFound) and err.code == 10062
    assert result.record.late_callbacks == 1


async def test_content_over_2000_chars_rejected(fake, bot, general):
    result = await fake.user("alice").slash(general, "long")
    assert result.content == "too long"
    (err,) = bot.http_errors
    assert err.status == 400 and err.code == 50035
    (refusal,) = fake.schema_refusals  # the demo bot's, on purpose: the guard lets it pass
    assert "'content'" in refusal
    fake.schema_refusals.clear()


async def test_string_select(fake, bot, general):
    alice = fake.user("alice")
    shown = await alice.slash(general, "pick")
    with pytest.raises(InteractionRefused):
        await alice.select(shown.message, "Token", "tok-9")
    picked = await alice.select(shown.message, "Token", "Token 1")  # by label
    assert picked.callback_type == 7
    assert shown.message.content == "picked tok-1" and shown.message.components == []


async def test_more_than_25_select_options_rejected(fake, bot, general):
    fake.faults.response_window = 0.3  # the bot never answers: don't wait the full 3 s
    result = await fake.user("alice").slash(general, "pick", count=26)
    assert result.failed
    (err,) = bot.http_errors
    assert err.code == 50035 and "options" in str(err)
    (refusal,) = fake.schema_refusals  # the demo bot's, on purpose: the guard lets it pass
    assert "'options'" in refusal
    fake.schema_refusals.clear()


async def test_user_select(fake, bot, general):
    alice = fake.user("alice")
    shown = await alice.slash(general, "who")
    chosen = await alice.select(shown.message, "Who", fake.user("carol"))
    assert chosen.content == "you chose carol"


async def test_modal(fake, bot, general):
    alice = fake.user("alice")
    shown = await alice.slash(general, "paris-paris settings rename")
    assert shown.callback_type == 9 and shown.modal["title"] == "Name your table"
    with pytest.raises(InteractionRefused):
        await alice.submit_modal(shown, {"demo:name": "x" * 21})
    submitted = await alice.submit_modal(shown, {"demo:name": "Salon"})
    assert submitted.content == "table named Salon"


async def test_autocomplete(fake, bot, general):
    choices = await fake.user("alice").autocomplete(
        general, "paris-paris play", option="token", value="odeon"
    )
    assert [c["value"] for c in choices] == ["odeon-blue", "odeon-red"]


async def test_member_option(fake, bot, general):
    bob = fake.user("bob")
    result = await fake.user("alice").slash(general, "invite", player=bob)
    assert result.content == f"invited bob ({bob.id})"


async def test_client_side_refusals(fake, bot, general):
    alice = fake.user("alice")
    cases = [
        ("paris-paris new", {}),  # missing required option
        ("paris-paris new", {"players": 7}),  # above max_value
        ("paris-paris new", {"players": 2, "mode": "blitz"}),  # not a choice
        ("paris-paris new", {"players": "two"}),  # wrong type
        ("paris-paris nope", {}),  # unknown subcommand
        ("paris-paris", {}),  # a group is not runnable
        ("invite", {"player": "nobody"}),
        ("hand", {"extra": 1}),
    ]
    for line, opts in cases:
        with pytest.raises(InteractionRefused):
            await alice.slash(general, line, opts)
    msg = create_message(
        fake,
        general,
        {
            "content": "old",
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "Go", "custom_id": "x", "disabled": True}
                    ],
                }
            ],
        },
        [],
    )
    with pytest.raises(InteractionRefused, match="disabled"):
        await alice.click(msg, "Go")
    assert fake.interactions() == []


async def test_admin_command_needs_manage_server(fake, bot, general):
    alice = fake.user("alice")
    with pytest.raises(InteractionRefused, match="permission"):
        await alice.slash(general, "admin")
    fake.make_admin(alice, fake.guild)
    result = await alice.slash(general, "admin")
    assert result.content == "admin ok: True"


async def test_restart_old_button_still_works(fake, general):
    alice, bob = fake.user("alice"), fake.user("bob")
    async with running_bot(fake, make_bot):
        table = await alice.slash(general, "paris-paris new", players=2)
    assert not fake.connected
    with pytest.raises(InteractionRefused):
        await bob.click(table.message, "Join")
    async with running_bot(fake, make_bot) as second:
        joined = await bob.click(table.message, "Join")
        assert joined.content.startswith("bob joined")
        assert list(second.joined.values()) == [[bob.id]]
    assert fake.identify_count == 2
    assert fake.unknown_routes == []


async def test_rest_calls_recorded_per_interaction(fake, bot, general):
    result = await fake.user("alice").slash(general, "paris-paris new", players=2)
    await fake.wait_for(lambda: fake.threads(general) and fake.messages(fake.threads()[0]))
    routes = [c.route for c in result.record.rest_calls]
    assert routes[0] == "/interactions/{interaction_id}/{token}/callback"
    assert "/channels/{channel_id}/messages/{message_id}/threads" in routes
    assert result.rest_calls == len(routes) >= 3
    assert fake.rest_calls_per_interaction()[result.id] == result.rest_calls
    # What `bench` reports is the one interaction's own record (a consistency check, no bound).
    recorded = result.latency
    assert fake.answer_latencies() == [recorded]


async def test_unknown_route_is_recorded(fake, bot):
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/no/such/{thing}", thing=1))
    assert fake.unknown_routes == ["GET /no/such/1"]
    fake.unknown_routes.clear()  # the fixture would fail the test otherwise


async def test_gateway_reconnect_then_resume(fake, bot, general):
    fake.request_reconnect()
    await fake.wait_for(lambda: fake.resume_count == 1 and fake.connected)
    assert fake.identify_count == 1
    result = await fake.user("alice").slash(general, "hand")
    assert result.content == "your hand: 3 cards"


async def test_slash_in_dm_channel(fake, bot):
    alice = fake.user("alice")
    result = await alice.slash(alice.dm_channel, "hand")
    assert result.content == "your hand: 3 cards" and result.ephemeral
    assert "user" in result.record.payload and "member" not in result.record.payload


async def test_role_grants_command_permission(fake, bot, general):
    bob = fake.user("bob")
    managers = fake.add_role(fake.guild, "Managers", permissions=1 << 5)
    fake.give_role(bob, fake.guild, managers)
    result = await bob.slash(general, "admin")
    assert result.content == "admin ok: True"
