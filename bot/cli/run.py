"""`run` and `demo`: the Discord bot, or the scripted offline demo when no token is set."""

from __future__ import annotations

import importlib.util

from bot.cli.main import CliError


async def run() -> int:
    if importlib.util.find_spec("bot.app") is None:
        raise CliError("the Discord bot is not built yet (see issue 3); try "
                       "`python -m bot simulate --game paris-paris --players 3`")
    from bot.app import run_bot

    return await run_bot()


async def demo(script: str | None) -> int:
    if importlib.util.find_spec("bot.demo") is None:
        raise CliError("the offline demo is not built yet (see issue 3)")
    from bot.demo import run_demo

    return await run_demo(script)
