"""Lobbies that nobody started in time close: the deadline timer (`bot.deadlines`) claims
their expiries like turn deadlines (one process of several closes each, a restart re-arms
them from the database), and the lobby message gets its closing line, without buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.ui.lobby import show_lobby

if TYPE_CHECKING:
    from bot.services import Services


async def close_expired_lobbies(bot: Services, owner: str) -> float | None:
    """Close every lobby whose time is up (claimed for `owner`); when the next expiry is due
    (None: no lobby is waiting). Nothing is claimed (no write) while none is due."""
    host = bot.host
    soonest = await host.lobbies.next_expiry()
    if soonest is None or soonest > host.clock():
        return soonest
    for match_id in await host.lobbies.claim_due(owner):
        if await host.expire_lobby(match_id, owner):
            await show_lobby(bot, match_id)
    return await host.lobbies.next_expiry()
