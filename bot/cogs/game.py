"""One cog per game: `/<game> new`, `/<game> challenge`, `/<game> play` (autocomplete),
`/<game> rules`.

The cogs are built from each game's adapter by `game_cog`, so the games share one
implementation of their commands instead of copies.
"""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import adapter_for
from bot.games.contract import GameAdapter
from bot.i18n import t
from bot.i18n.translator import cmd, name, options
from bot.ui import custom_ids
from bot.ui.clocks import clock_options
from bot.ui.invites import Named, lobby_posted, open_challenge
from bot.ui.lobby import check_channel, lobby_message
from bot.ui.panel import moves_for, shorten
from bot.ui.router import answer_language, guarded, reply
from bot.ui.turns import play
from games.host import HostError
from games.host.clocks import clock as preset
from games.host.info import MatchListing
from games.registry import get_game

if TYPE_CHECKING:
    from bot.services import Services


@app_commands.guild_only()  # tables live in servers; DMs offer only /lutece
@app_commands.allowed_installs(guilds=True, users=False)
class GameCog(commands.GroupCog):
    """The commands every game has; `adapter` is set by `game_cog`."""

    adapter: GameAdapter

    def __init__(self, bot: Services) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=name("new"), description=cmd("cmd.game.new"))
    @options(
        players=cmd("cmd.opt.players"), variant=cmd("cmd.opt.variant"), rated=cmd("cmd.opt.rated")
    )
    @clock_options(cmd("cmd.opt.clock"))
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 1, 6] | None = None,
        clock: app_commands.Choice[str] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        variant: str | None = None,
        rated: bool | None = None,
    ) -> None:
        """`rated` left out: rated when every seat is a person (see `rating_plan`)."""

        async def run() -> None:
            check_channel(interaction, await answer_language(interaction))  # before anything
            settings: dict[str, Any] = {}  # on top of the server's defaults
            if clock:
                settings["turn_deadline_s"] = preset(clock.value).turn_s
            if on_timeout:
                settings["on_timeout"] = on_timeout.value
            if rated is not None:
                settings["rated"] = rated
            match = await self.bot.host.open_lobby(
                self.adapter.key,
                host_user_id=interaction.user.id,
                host_name=interaction.user.display_name,
                seats=players,
                edition=variant,
                settings=settings,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
            )
            language = await self.bot.languages.of_guild(interaction.guild_id)
            await lobby_posted(self.bot, interaction, match.id, lobby_message(match, language))

        await guarded(interaction, run)

    @app_commands.command(name=name("challenge"), description=cmd("cmd.game.challenge"))
    @options(
        player=cmd("cmd.opt.player"),
        player2=cmd("cmd.opt.player_more"),
        player3=cmd("cmd.opt.player_more"),
        variant=cmd("cmd.opt.variant"),
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        player: Named,
        player2: Named | None = None,
        player3: Named | None = None,
        variant: str | None = None,
    ) -> None:
        """A table naming its players: user options, which Discord's client fills from the
        server's members and resolves (bot flag, membership) for the bot."""

        async def run() -> None:
            named = [player, player2, player3]
            locale = await answer_language(interaction)
            await open_challenge(self.bot, interaction, self.adapter.key, named, variant, locale)

        await guarded(interaction, run)

    @new.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The game's editions (the engine's named option presets), the default first."""
        locale, key = await answer_language(interaction), self.adapter.key
        labels = [(name, t(f"edition.{key}.{name}", locale)) for name in get_game(key).editions]
        return [
            app_commands.Choice(name=label[:100], value=name)
            for name, label in labels
            if current.lower() in label.lower()
        ][:25]

    challenge.autocomplete("variant")(variant_autocomplete)

    @app_commands.command(name=name("play"), description=cmd("cmd.game.play"))
    @options(move=cmd("cmd.opt.move"))
    async def play_command(self, interaction: discord.Interaction, move: str) -> None:
        async def run() -> None:
            parsed = custom_ids.parse_move_value(move)
            if parsed is not None:
                game = (await self.bot.host.get(parsed[0])).game
                if game != self.adapter.key:  # a value copied from another game's command
                    raise HostError(
                        "move.other_game",
                        "that move is another game's",
                        command=adapter_for(game).command,
                    )
            if not await self._my_matches(interaction):
                locale = await answer_language(interaction)
                raise HostError(
                    "move.no_match",
                    "you play no match of this game",
                    game=t(f"game.{self.adapter.key}", locale),
                    command=self.adapter.command,
                )
            if parsed is None:  # typed by hand instead of picked from the list
                raise HostError("move.unknown", "pick a move from the list")
            match_id, version, index = parsed
            await play(interaction, match_id, version, index, edit=False)

        await guarded(interaction, run)

    async def _my_matches(self, interaction: discord.Interaction) -> list[MatchListing]:
        """The user's running matches of this game, the one of this channel or thread first
        (where a player types the command is where they mean to play)."""
        listed = await self.bot.host.matches(("active",), user_id=interaction.user.id)
        here = interaction.channel_id

        def nearness(m: MatchListing) -> int:
            return 0 if m.thread_id == here else 1 if m.channel_id == here else 2

        return sorted((m for m in listed if m.game == self.adapter.key), key=nearness)

    @play_command.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Each choice names its match (a player may have several of this game), those of
        the match of this channel or thread first; typing a match's number finds its moves."""
        choices: list[app_commands.Choice[str]] = []
        host = self.bot.host
        locale = await answer_language(interaction)
        for listed in await self._my_matches(interaction):
            match = await host.get(listed.id)
            seat = match.seat_of(interaction.user.id)
            if seat is None:
                continue
            paths: set[tuple[str, ...]] = set()
            for option in moves_for(host, match, seat, locale):
                if option.codes in paths:
                    continue  # the same choice to the player (alike face-down piles)
                paths.add(option.codes)
                label = shorten(t("play.choice", locale, match=match.id, move=option.label), 100)
                if current.lower() in label.lower():
                    value = custom_ids.move_value(match.id, match.version, option.index)
                    choices.append(app_commands.Choice(name=label, value=value))
                    if len(choices) == 25:
                        return choices
        return choices

    @app_commands.command(name=name("rules"), description=cmd("cmd.game.rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            language = await answer_language(interaction)
            await reply(interaction, self.adapter.rules(language)[:2000])

        await guarded(interaction, run)


def game_cog(adapter: GameAdapter) -> type[GameCog]:
    """A GroupCog class named after the game, with the shared commands."""
    name = "".join(p.title() for p in adapter.command.split("-")) + "Cog"
    kwds = {"group_name": adapter.command, "group_description": cmd(f"game.{adapter.key}")}
    return types.new_class(name, (GameCog,), kwds, lambda ns: ns.update(adapter=adapter))
