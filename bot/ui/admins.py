"""Who may administer Lutèce in a server: Manage Server, or the server's configured role."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.services import Services


async def is_admin(bot: Services, interaction: discord.Interaction) -> bool:
    """Manage Server, or the configured admin role, in this guild."""
    member = interaction.user
    if interaction.guild_id is None or not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    settings = await bot.host.guilds.get(interaction.guild_id)
    return settings.admin_role_id is not None and any(
        r.id == settings.admin_role_id for r in member.roles
    )
