""" "Play on the board": the table's button that opens the Discord Activity in its channel.

Discord opens the Activity for the clicker when the bot answers with LAUNCH_ACTIVITY; the
Activity's page then learns who and where they are (`bot.web.activity`). Nothing of the
match changes, so a refusal (the Activity is not set up, or Discord will not launch it)
is one sentence.
"""

from __future__ import annotations

import logging

import discord

from bot.i18n import t
from bot.ui.router import Click, handles, refuse

log = logging.getLogger(__name__)


@handles("board")
async def play_on_board(click: Click) -> None:
    if not click.bot.config.activity:  # a button from before the settings were removed
        await refuse(click.interaction, t("activity.unavailable", click.locale))
        return
    try:
        await click.interaction.response.launch_activity()
    except discord.HTTPException as exc:
        log.warning(
            "Discord did not launch the Activity (HTTP %s, code %s): are Activities enabled"
            " for the application in the Developer Portal?",
            exc.status,
            exc.code,
        )
        await refuse(click.interaction, t("activity.unavailable", click.locale))
