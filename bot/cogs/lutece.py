"""`/lutece`: commands that are about the player, not one game (DMs, my matches, the
server's open tables, replays, sync), and the server's memory of finished matches (history,
statistics, leaderboard)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_sync import sync_commands
from bot.games import adapters
from bot.i18n import t
from bot.i18n.translator import ON_OFF, cmd, name, options
from bot.ui.admins import is_admin
from bot.ui.delivery import dm_language
from bot.ui.history import history_message, history_page
from bot.ui.languages import AUTO, LANGUAGE_CHOICES
from bot.ui.listing import match_list
from bot.ui.open_tables import listing_only_in_servers, tables_message
from bot.ui.reach import check_dms
from bot.ui.records import game_choices, known_game, server_of
from bot.ui.replay import open_viewer
from bot.ui.router import answer_language, guarded, reply
from bot.ui.safe_text import md
from bot.ui.standings import leaderboard_message, stats_message
from games.host import HostError

if TYPE_CHECKING:
    from bot.services import Services


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class LuteceCog(commands.GroupCog, group_name="lutece", group_description=cmd("cmd.lutece")):
    """Works in servers and in DMs with the bot."""

    def __init__(self, bot: Services) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=name("dms"), description=cmd("cmd.lutece.dms"))
    @options(enabled=cmd("cmd.opt.enabled"))
    @app_commands.choices(enabled=ON_OFF)
    async def dms(
        self, interaction: discord.Interaction, enabled: app_commands.Choice[str]
    ) -> None:
        async def run() -> None:
            # The client's locale is the language of DMs, unless the user chose one.
            prefs = await self.bot.host.prefs.set_dms(
                interaction.user.id, enabled.value == "on", str(interaction.locale)
            )
            key = "lutece.dms_on" if prefs.dms else "lutece.dms_off"
            if prefs.dms:  # can the bot reach them? A short DM says so, or Discord refuses it
                await interaction.response.defer(ephemeral=True)
                if not await check_dms(self.bot, interaction.user.id, dm_language(prefs)):
                    key = "lutece.dms_closed"
            await reply(interaction, t(key, await answer_language(interaction)))

        await guarded(interaction, run)

    @app_commands.command(name=name("matches"), description=cmd("cmd.lutece.matches"))
    async def matches(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            listed = await self.bot.host.matches(user_id=interaction.user.id)
            if not listed:
                await reply(interaction, t("lutece.no_matches", locale))
                return
            text = await match_list(self.bot, listed, interaction.user.id, locale)
            await reply(interaction, text)

        await guarded(interaction, run)

    @app_commands.command(name=name("replay"), description=cmd("cmd.lutece.replay"))
    @options(match=cmd("cmd.opt.match"))
    async def replay(self, interaction: discord.Interaction, match: str) -> None:
        """A match of this server, stepped through move by move (an answer only you see)."""

        async def run() -> None:
            locale = await answer_language(interaction)
            await open_viewer(interaction, match.strip().lower(), locale)

        await guarded(interaction, run)

    @app_commands.command(name=name("tables"), description=cmd("cmd.lutece.tables"))
    async def tables(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            tables = await self.bot.host.lobbies.tables(listing_only_in_servers(interaction))
            await reply(interaction, **tables_message(tables, locale))

        await guarded(interaction, run)

    @app_commands.command(name=name("history"), description=cmd("cmd.lutece.history"))
    @options(user=cmd("cmd.opt.history_user"), game=cmd("cmd.opt.game"))
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        """The server's finished matches (or `user`'s), newest first, five to a page."""

        async def run() -> None:
            locale = await answer_language(interaction)
            guild_id, key = server_of(interaction), known_game(game)
            user_id = None if user is None else user.id
            who = None if user is None else md(user.display_name)
            found = await history_page(self.bot, guild_id, user_id, key, 0, who)
            await reply(interaction, **history_message(found, user_id, key, locale))

        await guarded(interaction, run)

    @app_commands.command(name=name("stats"), description=cmd("cmd.lutece.stats"))
    @options(user=cmd("cmd.opt.stats_user"))
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        """Matches played and won per game, with the rating and its rank (default: yours)."""

        async def run() -> None:
            locale = await answer_language(interaction)
            whose = user or interaction.user
            found = await self.bot.host.results.stats(server_of(interaction), whose.id)
            await reply(interaction, **stats_message(found, whose.display_name, locale))

        await guarded(interaction, run)

    @app_commands.command(name=name("leaderboard"), description=cmd("cmd.lutece.leaderboard"))
    @options(game=cmd("cmd.opt.game"))
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        """The best rated players of a game on this server, and the reader's own rank."""

        async def run() -> None:
            locale = await answer_language(interaction)
            guild_id, key = server_of(interaction), known_game(game)
            assert key is not None  # a required option
            board = await self.bot.host.ratings.leaderboard(guild_id, key, interaction.user.id)
            await reply(interaction, **leaderboard_message(board, locale))

        await guarded(interaction, run)

    @history.autocomplete("game")
    @leaderboard.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current, await answer_language(interaction))

    @app_commands.command(name=name("help"), description=cmd("cmd.lutece.help"))
    async def help(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            games = "\n".join(
                t("lutece.help.game", locale, command=a.command, game=t(f"game.{a.key}", locale))
                for a in adapters().values()
            )
            await reply(interaction, t("lutece.help", locale, games=games))

        await guarded(interaction, run)

    @app_commands.command(name=name("sync"), description=cmd("cmd.lutece.sync"))
    async def sync(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            locale = await answer_language(interaction)
            # discord.py's is_owner reads only `.id`, and documents Members as accepted.
            if not await self.bot.is_owner(interaction.user):  # type: ignore[arg-type]  # see above
                await reply(interaction, t("error.owner_only", locale))
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            scopes = await sync_commands(self.bot, force=True)
            await interaction.followup.send(t("lutece.synced", locale, n=scopes), ephemeral=True)

        await guarded(interaction, run)

    @app_commands.command(name=name("language"), description=cmd("cmd.lutece.language"))
    @options(language=cmd("cmd.opt.language"), scope=cmd("cmd.opt.scope"))
    @app_commands.choices(
        language=LANGUAGE_CHOICES,
        scope=[
            app_commands.Choice(name=cmd("cmd.choice.scope.me"), value="me"),
            app_commands.Choice(name=cmd("cmd.choice.scope.server"), value="server"),
        ],
    )
    async def language(
        self,
        interaction: discord.Interaction,
        language: app_commands.Choice[str],
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        """Your own answers and DMs (default), or the server's public messages (admins)."""

        async def run() -> None:
            chosen = None if language.value == AUTO else language.value
            if scope is not None and scope.value == "server":
                if interaction.guild_id is None:
                    raise HostError("language.server_in_dm", "that is chosen in a server")
                if not await is_admin(self.bot, interaction):
                    raise HostError("language.admins_only", "only admins choose that")
                await self.bot.languages.set_guild(interaction.guild_id, chosen)
                key = "lutece.language.server"
            else:
                await self.bot.languages.set_user(interaction.user.id, chosen)
                key = "lutece.language.me"
            locale = await answer_language(interaction)
            name = t(f"language.{language.value}", locale)
            await reply(interaction, t(key, locale, language=name))

        await guarded(interaction, run)
