"""Rate limits as rate-limits.mdx documents them: headers, 429s, per-route buckets keyed by
their top-level resource, the global limit; and discord.py retrying through them."""

from __future__ import annotations

import asyncio

import discord

from fakediscord.ratelimits import Limit, bucket_hash
from fakediscord.testing import running_bot
from tests.fakediscord.rawapi import RawApi

MESSAGES = "/channels/{channel_id}/messages"


async def test_route_bucket_headers_and_429(fake, general):
    # Discord's own seconds (not the 100x shorter window the other tests run in): five
    # requests on a busy machine must not outlast their window; the clock is then advanced.
    fake.faults.rate_limit_time_scale = 1.0
    other = fake.channel("games")
    async with RawApi(fake) as api:
        replies = [
            await api.call("POST", f"/channels/{general.id}/messages", {"content": str(i)})
            for i in range(5)
        ]
        h = replies[0].headers
        assert (h["X-RateLimit-Limit"], h["X-RateLimit-Remaining"]) == ("5", "4")
        assert h["X-RateLimit-Bucket"] == bucket_hash("POST", MESSAGES)
        assert 0 < float(h["X-RateLimit-Reset-After"]) <= 5
        assert float(h["X-RateLimit-Reset"]) > 1e9  # epoch seconds
        assert replies[-1].headers["X-RateLimit-Remaining"] == "0"
        refused = await api.call("POST", f"/channels/{general.id}/messages", {"content": "6"})
        assert refused.status == 429
        body = refused.body
        assert body["message"] == "You are being rate limited." and body["global"] is False
        assert body["code"] == 0 and 0 < body["retry_after"] <= 5
        assert refused.headers["X-RateLimit-Scope"] == "user"
        assert int(refused.headers["Retry-After"]) >= body["retry_after"]
        assert refused.headers["Via"]  # discord.py treats a 429 without it as a ban
        elsewhere = await api.call("POST", f"/channels/{other.id}/messages", {"content": "x"})
        assert elsewhere.status == 200  # another channel: another bucket
        fake.advance(6)  # the window passed
        again = await api.call("POST", f"/channels/{general.id}/messages", {"content": "7"})
        assert again.status == 200 and again.headers["X-RateLimit-Remaining"] == "4"
    (hit,) = fake.rate_limited
    assert (hit.method, hit.route, hit.scope) == ("POST", MESSAGES, "user")
    assert [m.content for m in fake.messages(general)] == ["0", "1", "2", "3", "4", "7"]
    assert [c.status for c in fake.rest_calls].count(429) == 1


async def test_global_limit_and_interaction_exemption(fake, general):
    # A window far longer than the test: a busy machine's slow requests never reopen it.
    fake.faults.global_limit = Limit(3, 600.0)
    async with RawApi(fake) as api:
        for _ in range(3):
            assert (await api.call("GET", "/users/@me")).status == 200
        refused = await api.call("GET", f"/channels/{general.id}")
        assert refused.status == 429 and refused.body["global"] is True
        assert refused.headers["X-RateLimit-Global"] == "true"
        assert refused.headers["X-RateLimit-Scope"] == "global"
        # interaction endpoints are not bound to the global limit
        r = await api.call("POST", "/interactions/1/nope/callback", {"type": 4}, auth=False)
        assert r.status == 404 and r.code == 10062
    assert [h.is_global for h in fake.rate_limited] == [True]


async def test_switched_off(fake, general):
    fake.faults.rate_limits = False
    async with RawApi(fake) as api:
        for i in range(8):
            r = await api.call("POST", f"/channels/{general.id}/messages", {"content": str(i)})
            assert r.status == 200 and "X-RateLimit-Limit" not in r.headers
    assert fake.rate_limited == []


class Burst(discord.Client):
    """A minimal discord.py client: sends what the test asks, concurrently."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)


async def test_discord_py_retries_through_real_time_429s(fake):
    fake.faults.rate_limit_time_scale = 1.0  # Discord's own seconds
    fake.faults.global_limit = Limit(4, 1.0)
    fake.faults.route_limits[("POST", MESSAGES)] = Limit(2, 1.0)
    channels = [fake.channel("general"), fake.channel("games")]
    channels += [fake.add_channel(fake.guild, f"room-{i}") for i in range(2)]
    async with running_bot(fake, Burst) as client:
        fake.advance(1.0)  # the start-up calls' global window ends
        sends = [client.get_channel(c.id).send(f"{c.name} {n}") for c in channels for n in range(3)]
        sent = await asyncio.wait_for(asyncio.gather(*sends), timeout=20)
    assert len(sent) == 12
    for c in channels:
        assert sorted(m.content for m in fake.messages(c)) == [f"{c.name} {n}" for n in range(3)]
    # discord.py reads the route headers and waits before a route bucket runs dry; the
    # global limit has no headers until a 429, so the burst across channels meets it.
    assert fake.rate_limited and all(h.is_global for h in fake.rate_limited)
    assert all(0 < h.retry_after <= 1.0 for h in fake.rate_limited)
    assert all(c.status in (200, 429) for c in fake.rest_calls if c.route == MESSAGES)
