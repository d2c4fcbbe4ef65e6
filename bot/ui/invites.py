"""`/<game> challenge`: a table that names its players. Each is pinged once, by a message of
their own (naming only them) with Accept and Decline; the table starts by itself once all
of them accepted (`start_ready`), and the lobby shows who declined.

Who may be named is checked here where Discord tells it (a bot; someone not in the server),
and in the host for the rest (oneself, a name given twice, more players than seats): either
way one sentence, and nothing is opened."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.ui import custom_ids
from bot.ui.delivery import attempt, ping_only
from bot.ui.lobby import check_channel, lobby_message, show_lobby, start_ready
from bot.ui.lobby_marks import when
from bot.ui.router import Click, answered, button, handles, view_of
from bot.ui.safe_text import md
from games.host import HostError
from games.host.lobbies import LobbyInfo

if TYPE_CHECKING:
    from bot.services import Services

Named = discord.Member | discord.User


def invitees(named: Sequence[Named | None]) -> list[tuple[int, str]]:
    """(id, name) of the people named; a bot or someone not in this server is refused.
    Discord resolves a user option to a member only when that user is in the server."""
    found = []
    for user in named:
        if user is None:
            continue
        if user.bot:
            raise HostError("invite.bot", "a bot cannot play", name=md(user.display_name))
        if not isinstance(user, discord.Member):
            raise HostError("invite.not_member", "not in this server", name=md(user.display_name))
        found.append((user.id, user.display_name))
    return found


async def open_challenge(
    bot: Services,
    interaction: discord.Interaction,
    game: str,
    named: Sequence[Named | None],
    edition: str | None,
    locale: str,
) -> None:
    """The lobby (its creator seated, the named players holding the next seats), then one
    invitation per named player."""
    check_channel(interaction, locale)  # before anything opens
    match = await bot.host.open_lobby(
        game,
        host_user_id=interaction.user.id,
        host_name=interaction.user.display_name,
        edition=edition,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        invite=invitees(named),
    )
    lobby = await bot.host.lobbies.of(match.id)
    language = await bot.languages.of_guild(interaction.guild_id)
    await lobby_posted(bot, interaction, match.id, lobby_message(match, language, lobby))
    title = t(f"game.{game}", language)
    host = md(interaction.user.display_name)
    for invitation in lobby.invitations:
        mention = f"<@{invitation.user_id}>"
        until = when(invitation.expires_at)
        text = t("invite.ping", language, mention=mention, host=host, game=title, when=until)
        send = interaction.followup.send(
            text,
            view=invitation_view(match.id, invitation.user_id, language),
            allowed_mentions=ping_only([invitation.user_id]),
        )
        await attempt("an invitation", match.id, send)


async def lobby_posted(
    bot: Services, interaction: discord.Interaction, match_id: str, message: dict[str, Any]
) -> None:
    """Answer a command with its new lobby, and keep where that message is: the lobby is
    closed there when it expires (the deadline timer is told of the new expiry)."""
    sent = await interaction.response.send_message(**message)
    if interaction.channel_id is not None and sent.message_id is not None:
        await bot.host.lobbies.placed(match_id, interaction.channel_id, sent.message_id)
    bot.deadlines.poke()


def invitation_view(match_id: str, user_id: int, locale: str) -> discord.ui.View:
    """Accept and Decline, for the one player this invitation names."""
    yes, no = discord.ButtonStyle.success, discord.ButtonStyle.danger
    return view_of(
        button(match_id, "accept", str(user_id), label=t("invite.accept", locale), style=yes),
        button(match_id, "decline", str(user_id), label=t("invite.decline", locale), style=no),
    )


def check_addressee(click: Click) -> None:
    """Someone else's invitation is not answered by this click (nor is a forged one)."""
    if custom_ids.number(click.route.arg) != click.user_id:
        raise HostError("invite.not_yours", "this invitation is for someone else")


async def answered_invitation(click: Click, key: str, lobby: LobbyInfo) -> None:
    """The invitation message says the answer and loses its buttons; the lobby shows it,
    or, once everyone named accepted, the table starts."""
    language = await click.bot.languages.of_guild(click.interaction.guild_id)
    text = t(key, language, mention=f"<@{click.user_id}>")
    await answered(click.interaction.response.edit_message(content=text, view=None))
    if lobby.ready:
        await start_ready(click.bot, lobby, click.interaction, click.locale)
    else:
        await show_lobby(click.bot, lobby.match_id, lobby)


@handles("accept")
async def accept(click: Click) -> None:
    check_addressee(click)
    name = click.interaction.user.display_name
    lobby = await click.bot.host.accept(click.route.match_id, click.user_id, name)
    await answered_invitation(click, "invite.accepted", lobby)


@handles("decline")
async def decline(click: Click) -> None:
    check_addressee(click)
    lobby = await click.bot.host.decline(click.route.match_id, click.user_id)
    await answered_invitation(click, "invite.declined", lobby)
