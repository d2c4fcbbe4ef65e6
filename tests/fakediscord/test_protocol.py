"""The fake's wire protocol without discord.py: gateway frames, headers, limits."""

from __future__ import annotations

import aiohttp
import pytest

from fakediscord import FakeDiscord
from fakediscord.errors import ApiError
from fakediscord.faults import check_message
from fakediscord.redirect import redirect_discord


@pytest.fixture
async def fake():
    fake = await FakeDiscord.start()
    fake.add_guild("G")
    fake.add_user("alice")
    yield fake
    await fake.stop()


async def _recv(ws) -> dict:
    return await ws.receive_json(timeout=2)


async def test_gateway_handshake_and_member_chunk(fake):
    async with aiohttp.ClientSession() as s, s.ws_connect(fake.gateway_url) as ws:
        hello = await _recv(ws)
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_json({"op": 1, "d": None})
        assert (await _recv(ws))["op"] == 11
        await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 0, "properties": {}}})
        ready = await _recv(ws)
        assert (ready["t"], ready["s"]) == ("READY", 1)
        assert ready["d"]["resume_gateway_url"] == fake.gateway_url
        assert ready["d"]["application"]["id"] == str(fake.application_id)
        guild = await _recv(ws)
        assert (guild["t"], guild["s"]) == ("GUILD_CREATE", 2)
        gid = guild["d"]["id"]
        await ws.send_json({"op": 8, "d": {"guild_id": gid, "query": "", "limit": 0, "nonce": "n"}})
        chunk = await _recv(ws)
        assert chunk["t"] == "GUILD_MEMBERS_CHUNK" and chunk["d"]["nonce"] == "n"
        names = {m["user"]["username"] for m in chunk["d"]["members"]}
        assert "alice" in names and all("flags" in m for m in chunk["d"]["members"])


async def test_gateway_rejects_bad_token(fake):
    async with aiohttp.ClientSession() as s, s.ws_connect(fake.gateway_url) as ws:
        await _recv(ws)
        await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 0, "properties": {}}})
        msg = await ws.receive(timeout=2)
        assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4004


async def test_json_content_type_is_exact_and_auth_checked(fake):
    async with aiohttp.ClientSession() as s:
        headers = {"Authorization": f"Bot {fake.token}"}
        async with s.get(fake.api_url + "/users/@me", headers=headers) as r:
            assert r.headers["Content-Type"] == "application/json"
            assert (await r.json())["id"] == str(fake.bot_user.id)
        async with s.get(fake.api_url + "/users/@me") as r:
            assert r.status == 401
        async with s.get(fake.api_url + "/nothing/here", headers=headers) as r:
            assert r.status == 404 and (await r.json())["code"] == 0
    assert fake.unknown_routes == ["GET /nothing/here"]
    assert [c.route for c in fake.rest_calls] == ["/users/@me", "/users/@me", "<unknown>"]


async def test_injected_failure(fake):
    fake.faults.fail_next("GET", "/users/@me", status=503)
    async with aiohttp.ClientSession() as s:
        headers = {"Authorization": f"Bot {fake.token}"}
        async with s.get(fake.api_url + "/users/@me", headers=headers) as r:
            assert r.status == 503
        async with s.get(fake.api_url + "/users/@me", headers=headers) as r:
            assert r.status == 200


def _row(*items):
    return {"type": 1, "components": list(items)}


def _button(cid):
    return {"type": 2, "style": 1, "label": "b", "custom_id": cid}


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"components": [_row(_button(f"b{i}")) for i in range(6)]}, "components"),
        ({"components": [_row(*[_button(f"b{i}") for i in range(6)])]}, "components"),
        ({"components": [_row(_button("x" * 101))]}, "components"),
        ({"components": [_row(_button("a"), _button("a"))]}, "components"),
        (
            {
                "components": [
                    _row(
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                        }
                    )
                ]
            },
            "components",
        ),
    ],
)
def test_message_limits(body, path):
    with pytest.raises(ApiError) as info:
        check_message(body, path="data")
    assert info.value.status == 400 and info.value.code == 50035
    assert path in info.value.errors["data"]


def test_message_at_limits_is_fine():
    check_message({"content": "x" * 2000, "components": [_row(_button("y" * 100))]})
    with pytest.raises(ApiError) as info:
        check_message({})
    assert info.value.code == 50006


def test_redirect_refuses_non_loopback_and_restores():
    import discord

    before = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    with pytest.raises(ValueError, match="loopback"):
        with redirect_discord("https://discord.com/api/v10", "ws://127.0.0.1:1/gateway"):
            pass
    with redirect_discord("http://127.0.0.1:9/api/v10", "ws://[::1]:9/gateway"):
        assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
    assert (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == before
