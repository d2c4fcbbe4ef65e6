"""`/lutece`: commands that are about the player, not one game (DMs, my matches, sync)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_sync import sync_commands
from bot.games import adapters
from bot.i18n import t
from bot.i18n.translator import cmd
from bot.ui.router import guarded, reply
from bot.ui.safe_text import md_all

if TYPE_CHECKING:
    from bot.app import LuteceBot
    from games.host.outcome import LiveMatch
    from storage.rows import MatchRow


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class LuteceCog(commands.GroupCog, group_name="lutece", group_description=cmd("cmd.lutece")):
    """Works in servers and in DMs with the bot."""

    def __init__(self, bot: LuteceBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="dms", description=cmd("cmd.lutece.dms"))
    @app_commands.describe(enabled=cmd("cmd.opt.enabled"))
    @app_commands.choices(enabled=[
        app_commands.Choice(name=cmd("cmd.choice.on"), value="on"),
        app_commands.Choice(name=cmd("cmd.choice.off"), value="off"),
    ])  # fmt: skip
    async def dms(self, interaction: discord.Interaction,
                  enabled: app_commands.Choice[str]) -> None:  # fmt: skip
        async def run() -> None:
            store = self.bot.host.store
            prefs = await store.get_prefs(interaction.user.id)
            prefs.dms, prefs.dms_closed = enabled.value == "on", False
            prefs.locale = str(interaction.locale)
            await store.set_prefs(prefs)
            await reply(interaction, t("lutece.dms_on" if prefs.dms else "lutece.dms_off",
                                       prefs.locale))  # fmt: skip

        await guarded(interaction, run)

    @app_commands.command(name="matches", description=cmd("cmd.lutece.matches"))
    async def matches(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            locale = str(interaction.locale)
            rows = await self.bot.host.store.list_matches(user_id=interaction.user.id)
            if not rows:
                await reply(interaction, t("lutece.no_matches", locale))
                return
            await reply(interaction, await match_list(self.bot, rows, interaction.user.id,
                                                      locale))  # fmt: skip

        await guarded(interaction, run)

    @app_commands.command(name="help", description=cmd("cmd.lutece.help"))
    async def help(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            locale = str(interaction.locale)
            games = "\n".join(t("lutece.help.game", locale, command=a.command,
                                 game=t(f"game.{a.key}", locale)) for a in adapters().values())
            await reply(interaction, t("lutece.help", locale, games=games))  # fmt: skip

        await guarded(interaction, run)

    @app_commands.command(name="sync", description=cmd("cmd.lutece.sync"))
    async def sync(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            if not await self.bot.is_owner(interaction.user):
                await reply(interaction, t("error.owner_only", str(interaction.locale)))
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            scopes = await sync_commands(self.bot, force=True)
            await interaction.followup.send(t("lutece.synced", None, n=scopes),
                                            ephemeral=True)  # fmt: skip

        await guarded(interaction, run)


MAX_LISTED = 15  # matches loaded for a listing: a reply holds at most 2,000 characters


async def match_list(bot: LuteceBot, rows: list[MatchRow], user_id: int | None,
                     locale: str | None) -> str:  # fmt: skip
    """The newest matches one line each (only those are loaded), and how many more."""
    newest = sorted(rows, key=lambda r: r.updated_at, reverse=True)[:MAX_LISTED]
    lines = [match_line(await bot.host.get(r.id), user_id, locale) for r in newest]
    if len(rows) > len(newest):
        lines.append(t("matches.more", locale, n=len(rows) - len(newest)))
    return "\n".join(lines)[:2000]


def match_line(live: LiveMatch, user_id: int | None, locale: str | None) -> str:
    """One line per match: game, id, status and whose turn (used by /lutece and /admin)."""
    row = live.row
    game = t(f"game.{row.game}", locale)
    where = f" <#{row.thread_id or row.channel_id}>" if (row.thread_id or row.channel_id) else ""
    if row.status == "lobby":
        return t("matches.lobby", locale, game=game, id=row.id, where=where,
                 n=len(row.seat_rows), seats=row.seats)  # fmt: skip
    to_act = live.to_act()
    names = md_all([s.name for s in row.seat_rows])
    mine = user_id is not None and live.seat_of(user_id) in to_act
    key = "matches.your_turn" if mine else "matches.waiting"
    return t(key, locale, game=game, id=row.id, where=where,
             names=", ".join(names[s] for s in sorted(to_act)) or "—")  # fmt: skip
