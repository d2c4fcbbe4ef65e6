"""Issue 22, item 3 ("rate limits per user", "origin checks, a content security policy"):
the web board's guards, on their own."""

from __future__ import annotations

from aiohttp.test_utils import make_mocked_request

from bot.web.guards import LIMITS, Guards, policy


async def test_a_user_over_the_limit_is_refused_at_once_and_others_are_not():
    guards = Guards("https://board.example.org")
    most, _ = LIMITS["play"]
    assert [await guards.within_limit(1, "play") for _ in range(most)] == [True] * most
    assert not await guards.within_limit(1, "play")  # refused, never queued
    assert await guards.within_limit(2, "play")  # another user's bucket
    assert await guards.within_limit(1, "screen")  # another kind of request


def test_only_the_boards_own_origins_may_write():
    guards = Guards("https://board.example.org")

    def from_(origin: str | None) -> bool:
        headers = {} if origin is None else {"Origin": origin}
        return guards.origin_ok(make_mocked_request("POST", "/", headers=headers))

    assert from_("https://board.example.org")
    assert not from_("https://evil.example") and not from_(None) and not from_("null")
    assert not from_("https://123.discordsays.com")
    guards.allow_origin("https://123.discordsays.com/")  # the Activity's, by its hook
    assert from_("https://123.discordsays.com")


def test_the_policy_runs_no_inline_script_and_lets_discord_frame_the_page():
    rules = dict(r.split(" ", 1) for r in policy("https://board.example.org").split("; "))
    assert rules["script-src"] == "'self'" and rules["default-src"] == "'none'"
    assert "wss://board.example.org" in rules["connect-src"]
    assert "https://discord.com" in rules["frame-ancestors"]
