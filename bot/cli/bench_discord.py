"""`bench` figures through the fake Discord: how long a player waits for a click's answer.

The offline demo (the first game's `bot/games/<game>/demo.txt`, what `make run` plays: a
lobby, then a whole match played through the table's panel, with real pictures, a DM player
and an AI seat) is played by the real bot on a local fake Discord. Every interaction's time
from its dispatch to the bot's answer gives the p50/p99 click→answer latency. Answer speed is
measured here; the tests assert behaviour only.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from bot.demo import run_demo
from bot.games import adapters, demo_script
from fakediscord import FakeDiscord


async def discord_match() -> dict[str, Any]:
    """Click→answer latency over the demo match of the first game that has one, or an entry
    saying why there is no figure."""
    key = next((k for k in adapters() if demo_script(k)), None)
    if key is None:
        return {"game": None, "unavailable": "no game has a demo script"}
    fake = await FakeDiscord.start()
    try:
        with tempfile.TemporaryDirectory(prefix="lutece-bench-") as tmp:
            failed = await run_demo(
                None, game=key, out=lambda _line: None, pictures=Path(tmp), fake=fake
            )
        if failed:
            return {"game": key, "unavailable": "its demo did not play through"}
        latencies = fake.answer_latencies()
        return {
            "game": key,
            "interactions": len(latencies),
            "p50_ms": round(fake.latency_percentile(50) * 1000, 1),
            "p99_ms": round(fake.latency_percentile(99) * 1000, 1),
            "max_ms": round(max(latencies, default=0.0) * 1000, 1),
        }
    finally:
        await fake.stop()


def print_discord(d: dict[str, Any]) -> None:
    if "unavailable" in d:
        print(f"discord {d['game']}: no figure ({d['unavailable']})")
        return
    print(
        f"discord {d['game']}: click→answer p50 {d['p50_ms']} ms, p99 {d['p99_ms']} ms, "
        f"max {d['max_ms']} ms over {d['interactions']} interactions (a whole match through "
        "the fake Discord)"
    )
