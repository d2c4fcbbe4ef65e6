"""A tiny discord.py bot that exercises what the fake must support.

Not part of Lutèce: it exists to prove the fake against real discord.py behaviour
(app command groups, autocomplete, a persistent DynamicItem, ephemerals, defer +
followup, edits, files, threads, DMs, selects, modals, a Components V2 layout).
"""

from __future__ import annotations

import asyncio
import io
import re

import discord
from discord import app_commands
from discord.ext import commands


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<table>[0-9]+):join"
):
    """Survives restarts: the table id lives in the custom_id."""

    def __init__(self, table: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.primary, custom_id=f"demo:{table}:join"
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: DemoBot = interaction.client
        bot.joined.setdefault(self.table, []).append(interaction.user.id)
        await interaction.response.send_message(
            f"{interaction.user.name} joined table {self.table}", ephemeral=True
        )


class HandView(discord.ui.View):
    """An ephemeral panel: only the user who opened it can see (and click) it."""

    @discord.ui.button(label="Play card", custom_id="demo:play-card")
    async def play(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("card played", ephemeral=True)


class TokenSelect(discord.ui.View):
    def __init__(self, count: int = 3) -> None:
        super().__init__(timeout=None)
        options = [discord.SelectOption(label=f"Token {i}", value=f"tok-{i}") for i in range(count)]
        self.select = discord.ui.Select(
            custom_id="demo:token", placeholder="Token", options=options, max_values=1
        )
        self.select.callback = self.chosen
        self.add_item(self.select)

    async def chosen(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"picked {self.select.values[0]}", view=None
        )


class PlayerSelect(discord.ui.View):
    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="demo:who", placeholder="Who")
    async def who(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        await interaction.response.send_message(
            f"you chose {select.values[0].name}", ephemeral=True
        )


class NameModal(discord.ui.Modal, title="Name your table"):
    name = discord.ui.TextInput(label="Name", custom_id="demo:name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"table named {self.name.value}")


class TableLayout(discord.ui.LayoutView):
    """A Components V2 table: the picture, the status and the buttons in one container;
    "Take turn" redraws it in place (a new picture, a new status)."""

    def __init__(self, status: str, picture: str = "board.png") -> None:
        super().__init__(timeout=None)
        gallery = discord.ui.MediaGallery(
            discord.MediaGalleryItem(f"attachment://{picture}", description=f"The board. {status}")
        )
        take = discord.ui.Button(label="Take turn", custom_id="demo:layout:take")
        take.callback = self.take
        rules = discord.ui.Button(label="Rules", url="https://example.org/rules")
        row = discord.ui.ActionRow(take, rules)
        self.add_item(discord.ui.Container(gallery, discord.ui.TextDisplay(status), row))

    async def take(self, interaction: discord.Interaction) -> None:
        status = f"{interaction.user.name} took a turn"
        picture = discord.File(io.BytesIO(b"\x89PNG-turn-2"), filename="turn2.png")
        await interaction.response.edit_message(
            view=TableLayout(status, "turn2.png"), attachments=[picture]
        )


TOKENS = ["odeon-blue", "odeon-red", "opera-green", "nation-yellow"]


class DemoCog(commands.Cog):
    group = app_commands.Group(name="paris-paris", description="Demo game")

    def __init__(self, bot: DemoBot) -> None:
        self.bot = bot

    @group.command(name="new", description="Open a table")
    @app_commands.describe(players="How many players")
    @app_commands.choices(
        mode=[
            app_commands.Choice(name="Classic", value="classic"),
            app_commands.Choice(name="Express", value="express"),
        ]
    )
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 2, 4],
        mode: str = "classic",
    ) -> None:
        table = interaction.id % 100000
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(table))
        embed = discord.Embed(title=f"Table {table}", description=f"{players} players, {mode}")
        await interaction.response.send_message(embed=embed, view=view)
        message = await interaction.original_response()
        thread = await message.create_thread(name=f"table-{table}")
        await thread.send(f"Welcome to table {table}!")

    @group.command(name="play", description="Play a token")
    async def play(self, interaction: discord.Interaction, token: str) -> None:
        await interaction.response.send_message(f"you played {token}", ephemeral=True)

    @play.autocomplete("token")
    async def play_token(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=t, value=t) for t in TOKENS if current in t]

    settings = app_commands.Group(name="settings", description="Settings", parent=group)

    @settings.command(name="rename", description="Rename a table")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(name="hand", description="Show my hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "your hand: 3 cards", view=HandView(), ephemeral=True
        )

    @app_commands.command(name="slow", description="Defer then follow up")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("done thinking")
        await interaction.followup.send("and a second followup", ephemeral=True)

    @app_commands.command(name="edit", description="Answer then edit")
    async def edit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("draft")
        await interaction.edit_original_response(content="final")

    @app_commands.command(name="file", description="Send a file")
    async def file(self, interaction: discord.Interaction) -> None:
        data = discord.File(io.BytesIO(b"\x89PNG-fake-bytes"), filename="board.png")
        await interaction.response.send_message("the board", file=data)

    @app_commands.command(name="layout", description="A Components V2 table")
    async def layout(self, interaction: discord.Interaction, attach: bool = True) -> None:
        """``attach=False`` sends the layout without the file its gallery names."""
        files = [discord.File(io.BytesIO(b"\x89PNG-fake-bytes"), filename="board.png")]
        try:
            await interaction.response.send_message(
                view=TableLayout("Alice to play"), files=files if attach else []
            )
        except discord.HTTPException as e:
            self.bot.http_errors.append(e)
            await interaction.response.send_message("refused", ephemeral=True)

    @app_commands.command(name="post", description="Post to the channel, with a file")
    async def post(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        f = discord.File(io.BytesIO(b"hello"), filename="notes.txt")
        msg = await interaction.channel.send("posted", file=f)
        await msg.edit(content="posted (edited)")
        await interaction.followup.send("ok", ephemeral=True)

    @app_commands.command(name="dm", description="DM me")
    async def dm(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("psst, your secret")
        except discord.Forbidden as e:
            self.bot.http_errors.append(e)
            await interaction.response.send_message("your DMs are closed", ephemeral=True)
            return
        await interaction.response.send_message("check your DMs", ephemeral=True)

    @app_commands.command(name="pick", description="Pick a token")
    async def pick(self, interaction: discord.Interaction, count: int = 3) -> None:
        try:
            await interaction.response.send_message("pick one", view=TokenSelect(count))
        except discord.HTTPException as e:
            self.bot.http_errors.append(e)

    @app_commands.command(name="who", description="Pick a player")
    async def who(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("who?", view=PlayerSelect())

    @app_commands.command(name="late", description="Answer too late")
    async def late(self, interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        try:
            await interaction.response.send_message("sorry I'm late")
        except discord.NotFound as e:
            self.bot.http_errors.append(e)

    @app_commands.command(name="long", description="Too long a message")
    async def long(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as e:
            self.bot.http_errors.append(e)
            await interaction.response.send_message("too long", ephemeral=True)

    @app_commands.command(name="invite", description="Invite a player")
    async def invite(self, interaction: discord.Interaction, player: discord.Member) -> None:
        await interaction.response.send_message(f"invited {player.name} ({player.id})")

    @app_commands.command(name="admin", description="Admins only")
    @app_commands.default_permissions(manage_guild=True)
    async def admin(self, interaction: discord.Interaction) -> None:
        perms = interaction.user.guild_permissions
        await interaction.response.send_message(f"admin ok: {perms.manage_guild}", ephemeral=True)

    @app_commands.command(name="lobby", description="Open a thread without a message")
    async def lobby(self, interaction: discord.Interaction) -> None:
        thread = await interaction.channel.create_thread(
            name="lobby", type=discord.ChannelType.public_thread
        )
        await thread.send("lobby open")
        await interaction.response.send_message(f"lobby in <#{thread.id}>", ephemeral=True)


class EchoCog(commands.Cog):
    """Commands that send what they are told: for the fake's ping, thread and permission
    tests (the content is the test's; discord.py sends no allowed_mentions unless asked)."""

    def __init__(self, bot: DemoBot) -> None:
        self.bot = bot

    @app_commands.command(name="say", description="Answer with this text")
    async def say(self, interaction: discord.Interaction, text: str, secret: bool = False) -> None:
        await interaction.response.send_message(text, ephemeral=secret)
        self.bot.remembered.append(interaction)

    @app_commands.command(name="announce", description="Post this text in the channel")
    async def announce(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await interaction.channel.send(text)
        except discord.HTTPException as e:
            self.bot.http_errors.append(e)
        await interaction.followup.send("posted", ephemeral=True)

    @app_commands.command(name="think", description="Defer, then answer with this text")
    async def think(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(text)


class DemoBot(commands.Bot):
    def __init__(self, **options: object) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
            **options,
        )
        self.joined: dict[int, list[int]] = {}
        self.http_errors: list[discord.HTTPException] = []
        self.remembered: list[discord.Interaction] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        await self.add_cog(DemoCog(self))
        await self.add_cog(EchoCog(self))
        await self.tree.sync()


def make_bot() -> DemoBot:
    return DemoBot()
