"""Slash commands reach Discord at start-up, only when they changed.

An admin who sets only DISCORD_TOKEN must see the commands: the global set is synced at
start-up whenever its payload (names, descriptions, options and every localisation) differs
from the last one synced, remembered as a hash in the database, so a restart costs no call.
With LUTECE_DEV_GUILD the commands live in that server only (instant updates while
developing) and the global set is emptied, so nothing shows twice there.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)


async def command_payload(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> list[dict[str, Any]]:
    """What `tree.sync(guild=guild)` would send (discord.py builds it the same way)."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is None:
        return [c.to_dict(tree) for c in commands]
    return [await c.get_translated_payload(tree, translator) for c in commands]


def digest(payload: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


async def sync_commands(bot: Services, *, force: bool = False) -> int:
    """Sync every scope whose commands changed (all of them with `force`); the number of
    scopes synced. A refusal (no `applications.commands` scope in the dev guild, a network
    error) is logged in one sentence and the bot carries on."""
    tree, facts = bot.tree, bot.host.facts
    scopes: list[discord.Object | None] = [None]
    if bot.config.dev_guild is not None:
        dev = discord.Object(bot.config.dev_guild)
        tree.copy_global_to(guild=dev)
        tree.clear_commands(guild=None)
        scopes.append(dev)
    synced = 0
    for guild in scopes:
        key = "commands:global" if guild is None else f"commands:guild:{guild.id}"
        wanted = digest(await command_payload(tree, guild))
        if not force and await facts.get(key) == wanted:
            continue
        where = "globally" if guild is None else f"to the server {guild.id}"
        try:
            await tree.sync(guild=guild)
        except discord.HTTPException as exc:
            log.error(
                "could not sync the slash commands %s (HTTP %s, code %s: %s); the bot runs "
                "on, invite it with the applications.commands scope and restart",
                where,
                exc.status,
                exc.code,
                exc.text,
            )
            continue
        await facts.set(key, wanted)
        log.info("slash commands synced %s", where)
        synced += 1
    return synced
