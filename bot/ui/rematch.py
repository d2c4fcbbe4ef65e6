"""**Rematch** on a finished match's table: the first player to click opens a new lobby in the
match's channel (the same players, options and settings, the seats rotated by one, AI seats
kept) that pings the others once; it starts by itself when every player has clicked (or
joined it). A second click, or a click by someone who did not play, is one sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import t
from bot.ui.delivery import attempt, mentions, ping_only
from bot.ui.lobby import lobby_message, show_lobby, start_ready
from bot.ui.router import Click, handles, reply

if TYPE_CHECKING:
    from bot.services import Services
    from games.host.lobbies import Rematch


@handles("rematch")
async def rematch(click: Click) -> None:
    bot = click.bot
    name = click.interaction.user.display_name
    asked = await bot.host.rematch(click.route.match_id, click.user_id, name)
    lobby = asked.lobby
    if asked.opened:
        await post_rematch(bot, click, asked)
        lobby = await bot.host.lobbies.of(lobby.match_id)  # with where it was posted
    key = (
        "rematch.starts" if lobby.ready else "rematch.opened" if asked.opened else "rematch.counted"
    )
    await attempt(
        "the rematch answer", lobby.match_id, reply(click.interaction, t(key, click.locale))
    )
    if lobby.ready:
        await start_ready(bot, lobby, click.interaction, click.locale)
    elif not asked.opened:
        await show_lobby(bot, lobby.match_id, lobby)


async def post_rematch(bot: Services, click: Click, asked: Rematch) -> None:
    """The rematch's lobby, in the finished match's channel (so the new match gets its own
    thread), pinging once the players who have not clicked yet."""
    match_id = asked.lobby.match_id
    channel: Any = None if asked.channel_id is None else bot.get_channel(asked.channel_id)
    if channel is None and asked.channel_id is not None:
        channel = await attempt(
            "the rematch channel", match_id, bot.fetch_channel(asked.channel_id)
        )
    channel = channel or click.interaction.channel
    if channel is None:
        return
    match = await bot.host.get(match_id)
    language = await bot.languages.of_guild(asked.guild_id)
    waiting = asked.lobby.waiting_for
    text = t(
        "rematch.ping" if waiting else "rematch.asked",
        language,
        mention=f"<@{click.user_id}>",
        game=t(f"game.{asked.game}", language),
        mentions=mentions(waiting),
    )
    message = lobby_message(match, language, asked.lobby)
    send = channel.send(text, allowed_mentions=ping_only(waiting), **message)
    posted = await attempt("the rematch lobby", match_id, send)
    if posted is not None:
        await bot.host.lobbies.placed(match_id, channel.id, posted.id)
    bot.deadlines.poke()
