"""`/admin`: list, resume, end, replace players in, revoke the web board links of, and export
matches; the server's settings.

Only members with Manage Server or the guild's configured admin role may use these; everyone
else gets a polite refusal. Admins act on matches of their own guild only.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.i18n.translator import ON_OFF, cmd, name, options
from bot.ui.admins import is_admin
from bot.ui.clocks import clock_options
from bot.ui.delivery import attempt, post, wake_ai
from bot.ui.in_time import defer_while_busy
from bot.ui.languages import AUTO, LANGUAGE_CHOICES
from bot.ui.listing import match_list
from bot.ui.router import answer_language, answered, guarded, reply
from bot.ui.safe_text import md
from bot.ui.server_settings import LOBBY_EXPIRY, settings_summary
from bot.ui.table import TableChannel, post_table, refresh_table
from games.host import HostError

if TYPE_CHECKING:
    from bot.services import Services
    from games.host.info import MatchInfo

log = logging.getLogger(__name__)
# The AI levels (games.core.ai.LEVELS): strong first, the seat that takes over a dropped player.
AI_LEVELS = [
    app_commands.Choice(name=cmd("cmd.choice.ai.strong"), value="strong"),
    app_commands.Choice(name=cmd("cmd.choice.ai.greedy"), value="greedy"),
    app_commands.Choice(name=cmd("cmd.choice.ai.random"), value="random"),
]


@app_commands.default_permissions(manage_guild=True)  # hidden from other members by default
@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
class AdminCog(commands.GroupCog, group_name="admin", group_description=cmd("cmd.admin")):
    """Visible by default only to members with Manage Server; a server can grant it to its
    Lutèce admin role in Server Settings → Integrations (`/admin role` names that role)."""

    def __init__(self, bot: Services) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if await is_admin(self.bot, interaction):
            return True
        await reply(interaction, t("admin.refused", await answer_language(interaction)))
        return False

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """A refused non-admin is not an error: `interaction_check` already answered politely.

        Without this handler discord.py logs every refusal at ERROR level as a failed check.
        """
        if isinstance(error, app_commands.CheckFailure):
            return
        log.error(
            "admin command %s failed", getattr(interaction.command, "name", "?"), exc_info=error
        )

    async def _match(self, interaction: discord.Interaction, match_id: str) -> MatchInfo:
        found = await self.bot.host.get(match_id.strip().lower())
        if found.guild_id != interaction.guild_id:
            raise HostError("match.unknown", "there is no such match in this server")
        return found

    @app_commands.command(name=name("matches"), description=cmd("cmd.admin.matches"))
    async def matches(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            listed = await self.bot.host.matches(guild_id=interaction.guild_id)
            locale = await answer_language(interaction)
            text = await match_list(self.bot, listed, None, locale) if listed else ""
            await reply(interaction, text or t("admin.no_matches", locale))

        await guarded(interaction, run)

    @app_commands.command(name=name("resume"), description=cmd("cmd.admin.resume"))
    @options(match=cmd("cmd.opt.match"), channel=cmd("cmd.opt.channel"))
    async def resume(
        self,
        interaction: discord.Interaction,
        match: str,
        channel: discord.TextChannel | discord.Thread | None = None,
    ) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            found = await self._match(interaction, match)
            if found.status not in ("active", "finished"):
                raise HostError("match.not_active", "this match is not running")
            target = channel or interaction.channel
            if not isinstance(target, TableChannel):  # a forum, a category, unknown
                raise HostError("channel.no_table", "a table cannot be posted in this channel")
            await interaction.response.defer(ephemeral=True)
            await post_table(self.bot, found, target, restored=True)
            await interaction.followup.send(t("admin.resumed", locale, id=found.id), ephemeral=True)
            await wake_ai(self.bot, found.id)  # an AI seat a stopped process left waiting

        await guarded(interaction, run)

    @app_commands.command(name=name("end"), description=cmd("cmd.admin.end"))
    @options(match=cmd("cmd.opt.match"), reason=cmd("cmd.opt.reason"))
    async def end(self, interaction: discord.Interaction, match: str, reason: str) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            found = await self._match(interaction, match)
            await defer_while_busy(interaction, found.id)
            await self.bot.host.end(found.id, reason[:200])
            await answered(reply(interaction, t("admin.ended", locale, id=found.id)))
            if found.started:
                await attempt("the table", found.id, refresh_table(self.bot, found.id))

        await guarded(interaction, run)

    @app_commands.command(name=name("replace"), description=cmd("cmd.admin.replace"))
    @options(
        match=cmd("cmd.opt.match"),
        seat=cmd("cmd.opt.seat"),
        member=cmd("cmd.opt.member"),
        ai=cmd("cmd.opt.ai"),
    )
    @app_commands.choices(ai=AI_LEVELS)
    async def replace(
        self,
        interaction: discord.Interaction,
        match: str,
        seat: app_commands.Range[int, 1, 6],
        member: discord.Member | None = None,
        ai: app_commands.Choice[str] | None = None,
    ) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            found = await self._match(interaction, match)
            if (member is None) == (ai is None):
                raise HostError("seat.replacement", "choose either a member or an AI")
            name = member.display_name if member else str(ai.name)  # type: ignore[union-attr]  # ai is set whenever member is None
            await defer_while_busy(interaction, found.id)
            outcome = await self.bot.host.replace(
                found.id,
                seat - 1,
                user_id=member.id if member else None,
                ai=ai.value if ai else None,
                name=name,
                then_ai=False,
            )
            text = t("admin.replaced", locale, seat=seat, name=md(name))
            await answered(reply(interaction, text))
            if outcome.info.status == "active":
                # Everyone at the table learns who plays that seat now (named, never pinged).
                public = await self.bot.languages.of_guild(found.guild_id)
                holder = md(name) if ai is None else t(f"cmd.choice.ai.{ai.value}", public)
                notice = t("table.seat_changed", public, seat=seat, name=holder)
                await attempt("the seat notice", found.id, post(self.bot, found.id, notice))
                await attempt("the table", found.id, refresh_table(self.bot, found.id))
                # Then an AI seat to act plays, the admin already answered.
                await wake_ai(self.bot, found.id, patient=True)

        await guarded(interaction, run)

    @app_commands.command(name=name("revoke-links"), description=cmd("cmd.admin.revoke_links"))
    @options(match=cmd("cmd.opt.match"), seat=cmd("cmd.opt.revoke_seat"))
    async def revoke_links(
        self,
        interaction: discord.Interaction,
        match: str,
        seat: app_commands.Range[int, 1, 6] | None = None,
    ) -> None:
        """Every web board link of one seat (or, without a seat, of every seat and the
        spectators) stops working at once; new ones come from Open in browser."""

        async def run() -> None:
            locale = await answer_language(interaction)
            found = await self._match(interaction, match)
            if seat is not None and seat > len(found.seats):
                raise HostError("seat.unknown", f"there is no seat {seat}", seat=seat)
            seats = [None, *range(len(found.seats))] if seat is None else [seat - 1]
            for revoked in seats:
                await self.bot.host.links.revoke(found.id, revoked)
            await reply(interaction, t("admin.links_revoked", locale, id=found.id))

        await guarded(interaction, run)

    @app_commands.command(name=name("export"), description=cmd("cmd.admin.export"))
    @options(match=cmd("cmd.opt.match"))
    async def export(self, interaction: discord.Interaction, match: str) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            found = await self._match(interaction, match)
            held = await self.bot.host.has_held_seat(found.id, interaction.user.id)
            if found.status in ("lobby", "active") and held:
                # The record holds the seed and the arrangement: every secret of the match.
                # Anyone who ever held a seat is refused, or an admin could hand their seat
                # to an AI, export, and take it back.
                raise HostError("export.seated", "you play in this match; export it at the end")
            record = await self.bot.host.record(found.id)
            data = record.model_dump_json(indent=2, exclude_none=True).encode()
            # Admins may export a running match (to settle a dispute), secrets and all: say so.
            said = "admin.exported_running" if found.status == "active" else "admin.exported"
            await reply(
                interaction,
                t(said, locale, id=found.id),
                file=discord.File(
                    io.BytesIO(data),
                    filename=f"match-{found.id}.json",
                    description=t("alt.export", locale),
                ),
            )

        await guarded(interaction, run)

    @app_commands.command(name=name("role"), description=cmd("cmd.admin.role"))
    @options(role=cmd("cmd.opt.role"))
    async def role(self, interaction: discord.Interaction, role: discord.Role) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            assert interaction.guild_id is not None  # guild_only, and is_admin refuses DMs
            await self.bot.host.guilds.set_admin_role(interaction.guild_id, role.id)
            await reply(interaction, t("admin.role_set", locale, role=role.mention))

        await guarded(interaction, run)

    @app_commands.command(name=name("settings"), description=cmd("cmd.admin.settings"))
    @clock_options(cmd("cmd.opt.default_clock"))
    @options(
        lobby_expiry=cmd("cmd.opt.lobby_expiry"),
        language=cmd("cmd.opt.server_language"),
        rate_ai_matches=cmd("cmd.opt.rate_ai_matches"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, rate_ai_matches=ON_OFF)
    @app_commands.choices(lobby_expiry=LOBBY_EXPIRY)  # one call per value type: mypy infers one
    async def settings(
        self,
        interaction: discord.Interaction,
        clock: app_commands.Choice[str] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        lobby_expiry: app_commands.Choice[int] | None = None,
        language: app_commands.Choice[str] | None = None,
        rate_ai_matches: app_commands.Choice[str] | None = None,
    ) -> None:
        """The server's defaults for new tables: each option given is changed, then every
        setting is shown (no option: only shown)."""

        async def run() -> None:
            guild_id = interaction.guild_id
            assert guild_id is not None  # guild_only, and is_admin refuses DMs
            guilds = self.bot.host.guilds  # one setter per setting, each one write
            if clock is not None:
                await guilds.set_clock(guild_id, clock.value)
            if on_timeout is not None:
                await guilds.set_on_timeout(guild_id, on_timeout.value)
            if lobby_expiry is not None:
                await guilds.set_lobby_expiry(guild_id, lobby_expiry.value)
            if rate_ai_matches is not None:
                await guilds.set_rate_ai_matches(guild_id, rate_ai_matches.value == "on")
            if language is not None:
                chosen = None if language.value == AUTO else language.value
                await self.bot.languages.set_guild(guild_id, chosen)
            settings = await guilds.get(guild_id)
            locale = await answer_language(interaction)
            await reply(interaction, settings_summary(settings, locale))

        await guarded(interaction, run)
