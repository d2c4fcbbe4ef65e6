"""Taking a turn: Take turn → panel steps → confirm; My secrets; Rules."""

from __future__ import annotations

import discord

from bot.adapters import adapter_for
from bot.i18n import t
from bot.ui.delivery import announce
from bot.ui.panel import as_new_message, panel, parse_prefix, text_names
from bot.ui.router import Click, answered, handles, reply
from bot.ui.table import catch_up
from games.host import HostError
from games.outcome import LiveMatch


async def _my_turn(click: Click) -> tuple[LiveMatch, int]:
    """The match and the clicking user's seat, if it is their turn; else a HostError."""
    live = await click.bot.host.get(click.route.match_id)
    seat = live.seat_of(click.user_id)
    if live.row.status != "active":
        raise HostError("match.not_active", "this match is not running")
    if seat is None:
        raise HostError("seat.not_player", "you are not playing in this match")
    if seat not in live.to_act():
        raise not_your_turn(live)
    return live, seat


def not_your_turn(live: LiveMatch) -> HostError:
    """The refusal for a seated player out of turn, naming whom the match waits for."""
    names = text_names(live)
    waiting = ", ".join(names[s] for s in sorted(live.to_act())) or "—"
    return HostError("turn.not_yours", "it is not your turn", waiting=waiting)


@handles("turn")
async def take_turn(click: Click) -> None:
    live, seat = await _my_turn(click)
    await reply(click.interaction, **as_new_message(await panel(live, seat, (), click.locale)))
    await catch_up(click.bot, live.id)


@handles("step")
async def step(click: Click) -> None:
    live, seat = await _my_turn(click)
    version, prefix = parse_prefix(click.route.arg)
    if version != live.row.version:
        message = await panel(live, seat, (), click.locale)
        message["content"] = t("panel.stale", click.locale) + "\n" + message["content"]
        await click.interaction.response.edit_message(**message)
        return
    prefix += tuple(click.values[:1])
    await click.interaction.response.edit_message(**await panel(live, seat, prefix, click.locale))


@handles("do")
async def confirm(click: Click) -> None:
    """Apply the confirmed move exactly once: a double click finds the same request key."""
    version_text, _, index_text = click.route.arg.partition(":")
    if not (version_text.isdigit() and index_text.isdigit()):
        raise HostError("match.stale", "that button is not valid any more")
    await play(click.interaction, click.route.match_id, int(version_text), int(index_text),
               edit=True)  # fmt: skip


async def play(interaction: discord.Interaction, match_id: str, version: int, index: int,
               *, edit: bool) -> None:  # fmt: skip
    """Shared by the confirm button and the /<game> play command."""
    bot = interaction.client
    host = bot.host  # type: ignore[attr-defined]
    locale = str(interaction.locale)
    live = await host.get(match_id)
    seat = live.seat_of(interaction.user.id)
    key = f"play:{version}:{index}:{interaction.user.id}"
    if seat is not None and live.row.version == version and seat in live.to_act():
        actions = live.game.legal_actions(live.state, seat)
        if not 0 <= index < len(actions):
            raise HostError("match.stale", "that choice is no longer available")
        action = actions[index]
    else:
        action = {}  # the host refuses it (duplicate, stale, not your turn) with the reason
    # When the button no longer fits the table, the host names the reason (a double click is
    # recognised by its request key before anything else).
    try:
        outcome = await host.act(match_id, interaction.user.id, action, key=key,
                                 expected_version=version)  # fmt: skip
    except HostError as exc:
        if exc.key == "turn.not_yours":
            raise not_your_turn(live) from None
        raise
    if outcome.duplicate:
        await reply(interaction, t("panel.already_done", locale))
        return
    label = t("panel.done", locale)
    if edit:
        await answered(interaction.response.edit_message(content=label, view=None,
                                                         attachments=[]))  # fmt: skip
    else:
        await answered(reply(interaction, label))
    await announce(bot, outcome)  # type: ignore[arg-type]


@handles("mine")
async def mine(click: Click) -> None:
    """A fresh ephemeral with the clicking player's own secrets, never anyone else's."""
    live = await click.bot.host.get(click.route.match_id)
    seat = live.seat_of(click.user_id)
    if seat is None or live.state is None:
        raise HostError("seat.not_player", "you are not playing in this match")
    adapter = adapter_for(live.row.game)
    text = adapter.private_text(live.game.view(live.state, seat), text_names(live), click.locale)
    await reply(click.interaction, text)
    await catch_up(click.bot, live.id)


@handles("rules")
async def rules(click: Click) -> None:
    live = await click.bot.host.get(click.route.match_id)
    await reply(click.interaction, adapter_for(live.row.game).rules(click.locale)[:2000])
    await catch_up(click.bot, live.id)
