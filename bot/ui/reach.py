"""How a turn reaches its player, once: by DM for a player who turned DMs on and whose DMs
are open, else by a ping in the table's thread, never both. The thread still names everyone
to act (all can see whose turn it is) but pings only those not reached by DM; when a DM
bounces, the closed-DM notice in the thread pings that player instead (`delivery.send_dm`).
Reminders follow the same rule (bot/deadlines.py).

Turning DMs on is checked at once with a short DM: when Discord refuses it (403 / 50007,
DMs closed to the server's members), the player is told in one sentence and no DM is tried
again until they turn DMs on anew."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

from bot.i18n import t

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)


async def by_dm(bot: Services, user_ids: Iterable[int]) -> set[int]:
    """The users among `user_ids` whose turn prompts go by DM."""
    reached = set()
    for user_id in user_ids:
        prefs = await bot.host.prefs.get(user_id)
        if prefs.dms and not prefs.dms_closed:
            reached.add(user_id)
    return reached


async def check_dms(bot: Services, user_id: int, language: str) -> bool:
    """Say hello by DM to a player who just turned DMs on; False when Discord refuses (their
    DMs are closed), which is remembered. Any other Discord error proves nothing either way:
    the turn prompts will try, and fall back to the thread."""
    try:
        dm = await bot.create_dm(discord.Object(user_id))
        await dm.send(t("dm.welcome", language))
    except discord.Forbidden:
        await bot.host.prefs.dms_closed(user_id)
        return False
    except discord.HTTPException as exc:
        log.warning("the DM check failed (HTTP %s, code %s)", exc.status, exc.code)
    return True
