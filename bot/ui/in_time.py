"""Answering in time a click that must wait for its match.

Every change to a match waits for the match's lock. It is held only while a change is
applied and stored (AI seats search without it), but a click that arrives then must still be
answered within Discord's 3 s: it defers first, and its real answer follows once the change
is its turn.
"""

from __future__ import annotations

import discord

from games.host import MatchHost


async def defer_while_busy(interaction: discord.Interaction, match_id: str) -> None:
    """Defer `interaction` ("thinking…", ephemeral) if a change to `match_id` is under way:
    its answer is then a fresh ephemeral message that replaces the "thinking…"."""
    host: MatchHost = interaction.client.host  # type: ignore[attr-defined]  # the client is a LuteceBot
    if host.busy(match_id) and not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
