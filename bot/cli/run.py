"""`run` and `demo`: the Discord bot, or the scripted offline demo.

`python -m bot` with no command (what `make run` does) plays the offline demo when no token
is set; `python -m bot run` (the Procfile's worker) insists on a token, so a deployment
without one stops with a sentence instead of playing a demo nobody sees.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from typing import Any

import aiohttp
import discord

from bot.cli.errors import CliError
from bot.config import Config
from storage import Store


def point_at(endpoint: str) -> None:
    """Send all Discord traffic to a local fake Discord (config validated it is loopback)."""
    import yarl

    discord.http.Route.BASE = f"{endpoint}/api/v10"
    gateway = yarl.URL(endpoint).with_scheme("ws").with_path("/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


async def run(*, demo_without_token: bool) -> int:
    from bot.app import LuteceBot, configure_logging

    config = Config.load()
    if config.token is None:
        if not demo_without_token:
            raise CliError(
                "DISCORD_TOKEN is not set: put the bot's token in the environment "
                "or in .env (see .env.example)"
            )
        # The demo's transcript is the output: library chatter only if something goes wrong.
        configure_logging(max(config.log_level, logging.WARNING))
        print("No DISCORD_TOKEN set: playing the offline demo on a local fake Discord.\n")
        return await demo(None)
    configure_logging(config.log_level)
    if config.endpoint:
        point_at(config.endpoint)
    store = await Store.open(config.db_path)  # a bad or damaged database stops us here
    logging.getLogger("bot").info(
        "database: %s (%s, schema version %d)", store.url, store.backend, store.schema_version
    )
    shards: dict[str, Any] = (
        {}
        if config.shard is None
        else {"shard_id": config.shard[0], "shard_count": config.shard[1]}
    )
    bot = LuteceBot(config, store=store, **shards)
    # A platform stop (SIGTERM) closes cleanly: new clicks are turned away, running handlers
    # and their follow-ups finish (within `LuteceBot.shutdown_grace`), the database closes.
    loop = asyncio.get_running_loop()
    for stop in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(stop, lambda: asyncio.ensure_future(bot.close()))
    try:
        async with bot:
            await bot.start(config.token)
        # `start` returns once Discord is closed; the stop closes the database after that.
        await bot.close()
    except discord.LoginFailure:
        raise CliError(
            "Discord refused the token in DISCORD_TOKEN: copy it again from the "
            "developer portal (Bot → Reset Token)"
        ) from None
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound):
        # One sentence for whoever runs the bot: where it tried, not a library's exception.
        raise CliError(
            f"cannot reach Discord at {config.endpoint or 'discord.com'}: check "
            "the machine's network connection and try again"
        ) from None
    return 0


async def demo(script: str | None, game: str | None = None, seed: int = 7) -> int:
    from bot.demo import run_demo

    return await run_demo(script, game=game, seed=seed)
