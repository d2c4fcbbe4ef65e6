"""Taking a turn: Take turn → panel steps → confirm; My secrets; Rules.

Whose turn it is, which choices exist and what a choice does are the host's answers; this
module turns them into messages, and the host's refusals into sentences with names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games import adapter_for
from bot.i18n import error_text, t
from bot.ui.custom_ids import parse_choice_arg, parse_step_arg
from bot.ui.delivery import (
    announce,
    catch_up,
    notices_shown,
    private_lines,
    waiting_notices,
    wake_ai,
)
from bot.ui.in_time import defer_while_busy
from bot.ui.layout import Card
from bot.ui.panel import panel, shortcut_buttons, text_names
from bot.ui.router import Click, answer_language, answered, handles, reply, view_of
from games.host import HostError
from games.host.info import MatchInfo
from games.host.outcome import Outcome

if TYPE_CHECKING:
    from bot.services import Services


def with_names(exc: HostError, match: MatchInfo) -> HostError:
    """The host names seats; a player reads names (escaped: they are user input)."""
    if exc.key != "turn.not_yours":
        return exc
    names = text_names(match)
    waiting = ", ".join(names[s] for s in exc.params.get("seats", ())) or "—"
    return HostError("turn.not_yours", "it is not your turn", waiting=waiting)


async def _my_turn(click: Click) -> tuple[MatchInfo, int]:
    """The match and the clicking user's seat, if the match waits for it; else a refusal."""
    match = await click.bot.host.get(click.route.match_id)
    try:
        return match, click.bot.host.seat_to_act(match, click.user_id)
    except HostError as exc:
        raise with_names(exc, match) from None


@handles("turn")
async def take_turn(click: Click) -> None:
    try:
        match, seat = await _my_turn(click)
    except HostError as exc:
        await reply(click.interaction, "⚠️ " + error_text(exc, click.locale))
        if exc.key == "turn.not_yours":  # perhaps an AI seat a stopped process left waiting
            await wake_ai(click.bot, click.route.match_id)
            await catch_up(click.bot, click.route.match_id)  # or a table it left behind
        return
    card = await panel(click.bot, match, seat, (), click.locale)
    notes, shown = await waiting_notices(click.bot, match, seat, click.locale)
    await reply(click.interaction, **card.led_by(*notes).message())
    await notices_shown(click.bot, match, shown)
    await catch_up(click.bot, match.id)


@handles("step")
async def step(click: Click) -> None:
    """A choice in a select (its value) or Back (no value): the panel's next screen."""
    await _next_screen(click, tuple(click.values[:1]))


@handles("pick")
async def pick(click: Click) -> None:
    """A choice button: the chosen code ends the path in its custom_id."""
    await _next_screen(click, ())


async def _next_screen(click: Click, chosen: tuple[str, ...]) -> None:
    match, seat = await _my_turn(click)
    parsed = parse_step_arg(click.route.arg)
    if parsed is None:
        raise HostError("match.stale", "that button is not valid any more")
    version, prefix = parsed
    if version != match.version:
        card = await panel(click.bot, match, seat, (), click.locale)
        stale = card.led_by(t("panel.stale", click.locale))
        await click.interaction.response.edit_message(**stale.edit())
        return
    card = await panel(click.bot, match, seat, prefix + chosen, click.locale)
    await click.interaction.response.edit_message(**card.edit())


@handles("do")
async def confirm(click: Click) -> None:
    """Apply the confirmed move exactly once: a double click finds the same request key."""
    parsed = parse_choice_arg(click.route.arg)
    if parsed is None:
        raise HostError("match.stale", "that button is not valid any more")
    version, index = parsed
    await play(click.interaction, click.route.match_id, version, index, edit=True)


async def play(
    interaction: discord.Interaction, match_id: str, version: int, index: int, *, edit: bool
) -> None:
    """Shared by the confirm button and the /<game> play command: the host checks the turn,
    the version and the choice, and recognises a double click by its request key."""
    bot: Services = interaction.client  # type: ignore[assignment]  # the client is a LuteceBot
    locale = await answer_language(interaction)  # the player's chosen language, like any answer
    await defer_while_busy(interaction, match_id)
    outcome = await play_choice(bot, match_id, interaction.user.id, version, index)
    if outcome.duplicate:
        await reply(interaction, t("panel.already_done", locale))
        return
    label = t("panel.done", locale)
    if edit and not interaction.response.is_done():  # a deferred click is answered anew
        done = Card(texts=[label]).edit()  # the panel was a card: so stays its last screen
        await answered(interaction.response.edit_message(**done))
    else:
        await answered(reply(interaction, label))
    await after_play(bot, outcome)


async def play_choice(
    bot: Services, match_id: str, user_id: int, version: int, index: int
) -> Outcome:
    """The one way a confirmed choice is played, from a Discord panel, a command or the web
    board: the host checks the turn, the version and the choice, and recognises a repeat by
    its request key, the same from everywhere (a Confirm clicked on Discord and on the board
    at once is one move)."""
    match = await bot.host.get(match_id)
    key = f"play:{version}:{index}:{user_id}"
    try:
        return await bot.host.play(
            match_id, user_id, version=version, index=index, key=key, then_ai=False
        )
    except HostError as exc:
        raise with_names(exc, match) from None


async def after_play(bot: Services, outcome: Outcome) -> None:
    """After the player was answered: the recap, pings and table on Discord, then the AI
    seats to act next think."""
    await announce(bot, outcome)
    await wake_ai(bot, outcome.info.id, patient=True)


@handles("mine")
async def mine(click: Click) -> None:
    """A fresh ephemeral with the clicking player's own secrets, never anyone else's, and
    what was told to them privately since (a draw) if it has not reached them yet."""
    match = await click.bot.host.get(click.route.match_id)
    seat = match.seat_of(click.user_id)
    if seat is None or not match.started:
        raise HostError("seat.not_player", "you are not playing in this match")
    notes, shown = await waiting_notices(click.bot, match, seat, click.locale)
    text = private_lines(click.bot, match, seat, click.locale)
    extra = {}
    if shortcuts := shortcut_buttons(click.bot.host, match, seat, click.locale):
        extra["view"] = view_of(*shortcuts)
    await reply(click.interaction, "\n".join([*notes, text]) if notes else text, **extra)
    await notices_shown(click.bot, match, shown)
    await catch_up(click.bot, match.id)


@handles("rules")
async def rules(click: Click) -> None:
    match = await click.bot.host.get(click.route.match_id)
    await reply(click.interaction, adapter_for(match.game).rules(click.locale)[:2000])
    await catch_up(click.bot, match.id)
