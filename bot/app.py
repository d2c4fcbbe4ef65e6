"""LuteceBot: opens storage, loads the cogs, registers the component router, resumes matches."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
from typing import Any

import discord
from discord.ext import commands

from bot.adapters import ADAPTERS
from bot.cogs.admin import AdminCog
from bot.cogs.game import game_cog
from bot.cogs.lutece import LuteceCog
from bot.config import Config
from bot.deadlines import DeadlineTimer
from bot.i18n.translator import CatalogueTranslator
from bot.ui import lobby, turns  # noqa: F401  (registers their component handlers)
from bot.ui.router import RoutedComponent
from bot.ui.table import post_table, table_channel
from games.host import MatchHost
from games.registry import game_keys
from storage import Store

log = logging.getLogger(__name__)


class LuteceBot(commands.Bot):
    """The bot. Discord ids are stored, never discord.py objects, so a restart loses nothing."""

    host: MatchHost

    def __init__(self, config: Config, **options: Any) -> None:
        options.setdefault("intents", discord.Intents.default())
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, **options)
        self.config = config
        self.deadlines = DeadlineTimer(self)
        self._restored = False
        self.inflight: set[asyncio.Task[Any]] = set()  # handlers to finish before closing
        self.table_locks: dict[str, asyncio.Lock] = {}  # one table update at a time per match

    async def setup_hook(self) -> None:
        store = await Store.open(self.config.db_path)
        self.host = MatchHost(store)
        self.add_dynamic_items(RoutedComponent)
        await self.tree.set_translator(CatalogueTranslator())
        installed = set(game_keys())
        for key, adapter in ADAPTERS.items():
            if key in installed:
                await self.add_cog(game_cog(adapter)(self))
        await self.add_cog(LuteceCog(self))
        await self.add_cog(AdminCog(self))
        if self.config.dev_guild is not None:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        self.deadlines.start()

    async def on_ready(self) -> None:
        if self._restored:
            return
        self._restored = True
        task = asyncio.current_task()
        if task is not None:
            self.inflight.add(task)  # close() waits for it instead of closing the database under it
        try:
            matches = await self.host.active_matches()
            log.info("ready as %s; %d open matches resumed", self.user, len(matches))
            for live in matches:
                if live.row.status == "active":
                    await self._check_table(live)
            # Start-up objects (modules, engine caches, resumed matches) live for the whole
            # run: keep them out of the collector so full collections stay short.
            gc.freeze()
        finally:
            self.inflight.discard(task)  # type: ignore[arg-type]

    async def _check_table(self, live: Any) -> None:
        """Post a 'match restored' table where the old table message is gone."""
        channel = await table_channel(self, live)
        if channel is None or live.row.table_message_id is None:
            return
        try:
            await channel.fetch_message(live.row.table_message_id)  # type: ignore[attr-defined]
        except discord.NotFound:
            await post_table(self, live, channel, restored=True)

    async def close(self) -> None:
        """Let running handlers finish (their actions are persisted already), then close."""
        pending = {t for t in self.inflight if t is not asyncio.current_task()}
        if pending:
            await asyncio.wait(pending, timeout=10)
        await self.deadlines.stop()
        if getattr(self, "host", None) is not None:
            await self.host.store.close()
        await super().close()


def point_at(endpoint: str) -> None:
    """Send all Discord traffic to a local fake Discord (config validated it is loopback)."""
    import yarl

    discord.http.Route.BASE = f"{endpoint}/api/v10"
    gateway = yarl.URL(endpoint).with_scheme("ws").with_path("/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


def configure_logging(level: int) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")


async def run_bot() -> int:
    config = Config.load()
    configure_logging(config.log_level)
    if config.token is None:
        from bot.demo import run_demo

        print("No DISCORD_TOKEN set: playing the offline demo on a local fake Discord.\n")
        return await run_demo(None)
    if config.endpoint:
        point_at(config.endpoint)
    bot = LuteceBot(config)
    # A platform stop (SIGTERM) closes cleanly: running handlers finish, the database closes.
    loop = asyncio.get_running_loop()
    for stop in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(stop, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        await bot.start(config.token)
    return 0
