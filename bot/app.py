"""LuteceBot: opens storage, loads the cogs, registers the component router, syncs commands."""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from typing import Any

import discord
from discord.ext import commands

import bot.ui.activity_launch  # noqa: F401  (the "Play on the board" button's handler)
from bot.cogs.admin import AdminCog
from bot.cogs.game import game_cog
from bot.cogs.lutece import LuteceCog
from bot.collector import CollectorPolicy
from bot.command_sync import sync_commands
from bot.config import Config
from bot.deadlines import DeadlineTimer
from bot.games import adapters
from bot.i18n.translator import CatalogueTranslator
from bot.ui import (  # noqa: F401
    board_links,
    history,
    invites,
    lobby,
    open_tables,
    rematch,
    replay,
    turns,
)
from bot.ui.languages import Languages
from bot.ui.pictures import Pictures
from bot.ui.router import RoutedComponent
from bot.web.bundle import with_activity_checked
from bot.web.server import Board
from games.host import MatchHost
from storage import Store

log = logging.getLogger(__name__)
# What running handlers get to finish after a stop (SIGTERM) is asked: under the 10 s a
# container platform waits before it kills (Docker's default), with time left to close.
SHUTDOWN_GRACE_S = 8.0


class LuteceBot(commands.Bot):
    """The bot. Discord ids are stored, never discord.py objects, so a restart loses nothing.

    Start-up does no per-match work: no match is loaded and no table is fetched until the
    match is next touched (a click, a command, a deadline), so commands are answered at once
    however many matches are stored."""

    host: MatchHost

    def __init__(
        self,
        config: Config,
        *,
        store: Store | None = None,
        draws: random.Random | None = None,
        **options: Any,
    ) -> None:
        """`draws`: where match ids and seeds come from (see `MatchHost`); the demo fixes
        them so that one script always plays the same match."""
        options.setdefault("intents", discord.Intents.default())
        # Nothing pings unless a message names its users (see bot.ui.delivery.ping_only).
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        # No voice here: discord.py's warnings about voice libraries are noise for admins.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, **options)
        self.config = with_activity_checked(config)
        self.deadlines = DeadlineTimer(self)
        self.languages = Languages(self)
        self._store = store
        self._draws = draws
        self.collector = CollectorPolicy(busy=lambda: bool(self.inflight))
        self.inflight: set[asyncio.Task[Any]] = set()  # handlers to finish before closing
        self.closing = False  # a stop was asked: new interactions are turned away
        self.shutdown_grace = SHUTDOWN_GRACE_S
        self._stopped: asyncio.Future[None] | None = None
        self.board: Board | None = None  # the web board, when configured
        # One table update at a time per match; a lock nobody holds goes away by itself.
        self.table_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    async def setup_hook(self) -> None:
        store = self._store or await Store.open(self.config.db_path)
        self.host = MatchHost(store, draws=self._draws, ai_workers=self.config.ai_workers)
        self.pictures = Pictures(self.host, threads=self.config.picture_threads)
        self.add_dynamic_items(RoutedComponent)
        await self.tree.set_translator(CatalogueTranslator())
        for adapter in adapters().values():
            await self.add_cog(game_cog(adapter)(self))
        await self.add_cog(LuteceCog(self))
        await self.add_cog(AdminCog(self))
        await sync_commands(self)
        self.deadlines.start()
        if self.config.web is not None:
            public_url, port, secret = self.config.web
            self.board = Board(self, public_url, secret)
            await self.board.start(port)
        # The one full collection of start-up's garbage, while no click can come yet.
        self.collector.settle()

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))
        # Start-up objects (modules, engine caches, the guilds) live for the whole run:
        # out of the collector's scans from now on, and what survives later too.
        self.collector.start()

    async def close(self) -> None:
        """Stop gracefully, once however often asked (a signal, then `async with`'s exit)."""
        if self._stopped is None:
            self._stopped = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopped)

    async def _stop(self) -> None:
        """New interactions are turned away with a sentence; the running handlers (with
        their follow-ups: the table, the recap, the AI replies) and the deadline timer's round
        finish within `shutdown_grace`. Whatever still runs then is cancelled, its moves
        stored already (the table catches up when the match is next touched: its stored
        `table_version` is behind). Only then do Discord, the AI's worker processes, the
        picture threads and the database close, so no handler ever finds them closed under
        it."""
        self.closing = True
        until = asyncio.get_running_loop().time() + self.shutdown_grace
        await asyncio.gather(self._finish_handlers(until), self.deadlines.stop(until))
        if self.board is not None:  # its pages' plays are handlers of their own
            await self.board.stop()
        await super().close()
        self.collector.stop()
        host: MatchHost | None = getattr(self, "host", None)
        if host is not None:
            await asyncio.gather(host.close(), self.pictures.close())
        store = host.store if host is not None else self._store
        if store is not None:
            await store.close()

    async def _finish_handlers(self, until: float) -> None:
        loop = asyncio.get_running_loop()
        # A loop, not one wait: a click answered "restarting" meanwhile is a handler too.
        while pending := {t for t in self.inflight if t is not asyncio.current_task()}:
            left = until - loop.time()
            if left > 0:
                await asyncio.wait(pending, timeout=left)
                continue
            log.warning(
                "stopping: %d handlers still running after %.0f s are cancelled; "
                "their stored moves reach the table when the match is next touched",
                len(pending),
                self.shutdown_grace,
            )
            for task in pending:
                task.cancel()
            await asyncio.wait(pending, timeout=1.0)
            return


def configure_logging(level: int) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
