"""REST routes for guilds (roles, members, active threads) and channels themselves.

Thread edits follow channel.mdx ("JSON Params (Thread)") and threads.mdx ("Editing &
Deleting Threads"): unarchiving an unlocked thread needs only the right to send there
(SEND_MESSAGES_IN_THREADS: in a thread SEND_MESSAGES "has no effect"); a locked thread is
unarchived only with MANAGE_THREADS (the creator alone is not enough: the strict reading of
the two pages, which differ); ``locked`` needs MANAGE_THREADS; ``name``, ``archived: true``
and ``auto_archive_duration`` need MANAGE_THREADS or being the creator; any other edit of
an archived thread that does not also unarchive it is 400 / 50083. Deleting a thread needs
MANAGE_THREADS, a channel MANAGE_CHANNELS; editing a channel MANAGE_CHANNELS.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from fakediscord import payloads, permissions, threads
from fakediscord.errors import ApiError, invalid_form, not_found
from fakediscord.rest import Route, json_reply, no_content, read_json
from fakediscord.state import ARCHIVE_DURATIONS, MANAGE_THREADS, PERMISSIONS, Channel

MANAGE_CHANNELS = PERMISSIONS["manage_channels"]
MANAGE_ROLES = PERMISSIONS["manage_roles"]

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


def register(route: Route, fake: Server) -> None:
    st = fake.state
    bot = fake.bot_user.id

    def _manage_roles(guild_id: int) -> None:
        if not st.permissions(guild_id, bot) & MANAGE_ROLES:
            raise ApiError(403, 50013, "Missing Permissions")

    # -- guilds ------------------------------------------------------------------

    @route("GET", "/guilds/{guild_id}")
    async def get_guild(request: web.Request) -> web.Response:
        g = st.guild(request.match_info["guild_id"])
        data = payloads.guild_create(st, g, fake.bot_user.id)
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key)
        return json_reply(data)

    @route("GET", "/guilds/{guild_id}/channels")
    async def get_guild_channels(request: web.Request) -> web.Response:
        g = st.guild(request.match_info["guild_id"])
        chans = [st.channels[c] for c in g.channel_ids if not st.channels[c].is_thread]
        return json_reply([payloads.channel(st, c) for c in chans])

    @route("GET", "/guilds/{guild_id}/roles")
    async def get_roles(request: web.Request) -> web.Response:
        g = st.guild(request.match_info["guild_id"])
        return json_reply([payloads.role(x) for x in g.roles.values()])

    @route("GET", "/guilds/{guild_id}/members")
    async def get_members(request: web.Request) -> web.Response:
        g = st.guild(request.match_info["guild_id"])
        return json_reply([payloads.member(st, m) for m in g.members.values()])

    @route("GET", "/guilds/{guild_id}/members/{user_id}")
    async def get_member(request: web.Request) -> web.Response:
        m = st.member(request.match_info["guild_id"], request.match_info["user_id"])
        return json_reply(payloads.member(st, m))

    @route("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
    async def add_member_role(request: web.Request) -> web.Response:
        g = st.guild(request.match_info["guild_id"])
        m = st.member(g.id, request.match_info["user_id"])
        role_id = int(request.match_info["role_id"])
        if role_id not in g.roles:
            raise not_found(10011, "Unknown Role")
        _manage_roles(g.id)
        if role_id not in m.role_ids:
            m.role_ids.append(role_id)
        fake._member_updated(m)
        return no_content()

    @route("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
    async def remove_member_role(request: web.Request) -> web.Response:
        m = st.member(request.match_info["guild_id"], request.match_info["user_id"])
        _manage_roles(m.guild_id)
        role_id = int(request.match_info["role_id"])
        if role_id in m.role_ids:
            m.role_ids.remove(role_id)
        fake._member_updated(m)
        return no_content()

    @route("GET", "/guilds/{guild_id}/threads/active")
    async def active_threads(request: web.Request) -> web.Response:
        g = st.guild(request.match_info["guild_id"])
        active = [
            c
            for c in st.threads()
            if c.guild_id == g.id and not c.archived and permissions.can_view(st, c, bot)
        ]
        return json_reply({"threads": [payloads.channel(st, t) for t in active], "members": []})

    # -- channels -------------------------------------------------------------------

    @route("GET", "/channels/{channel_id}")
    async def get_channel(request: web.Request) -> web.Response:
        chan = st.channel(request.match_info["channel_id"])
        permissions.require(st, chan, bot)
        return json_reply(payloads.channel(st, chan))

    def _edit_thread(chan: Channel, body: dict) -> None:
        perms = permissions.require(st, chan, bot)
        manages = bool(perms & MANAGE_THREADS)
        creator_or_manager = manages or chan.owner_id == bot
        locked = bool(body.get("locked", chan.locked))
        if "locked" in body and bool(body["locked"]) != chan.locked and not manages:
            raise ApiError(403, 50013, "Missing Permissions")
        unarchiving = body.get("archived") is False and chan.archived
        if unarchiving:
            if chan.locked and not manages:
                raise ApiError(403, 50013, "Missing Permissions")
            permissions.require(st, chan, bot, permissions.send_bit(chan))
        elif chan.archived:
            raise threads.archived_error()
        owner_keys = {"name", "auto_archive_duration"} & set(body)
        if (owner_keys or body.get("archived") is True) and not creator_or_manager:
            raise ApiError(403, 50013, "Missing Permissions")
        if "name" in body:
            name = body["name"]
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                raise invalid_form("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100.")
            chan.name = name
        if "auto_archive_duration" in body:
            if body["auto_archive_duration"] not in ARCHIVE_DURATIONS:
                raise invalid_form(
                    "auto_archive_duration", "BASE_TYPE_CHOICES", f"One of {ARCHIVE_DURATIONS}."
                )
            threads.set_auto_archive(fake, chan, body["auto_archive_duration"])
        chan.locked = locked
        if "archived" in body:  # the route dispatches THREAD_UPDATE once
            threads.set_archived(fake, chan, bool(body["archived"]), dispatch=False)

    @route("PATCH", "/channels/{channel_id}")
    async def edit_channel(request: web.Request) -> web.Response:
        chan = st.channel(request.match_info["channel_id"])
        body = await read_json(request)
        if chan.is_thread:
            _edit_thread(chan, body)
        else:
            permissions.require(st, chan, bot, MANAGE_CHANNELS)
            if "name" in body:
                chan.name = body["name"]
        event = "THREAD_UPDATE" if chan.is_thread else "CHANNEL_UPDATE"
        fake._dispatch_soon(event, lambda: payloads.channel(st, chan))
        return json_reply(payloads.channel(st, chan))

    @route("DELETE", "/channels/{channel_id}")
    async def delete_channel(request: web.Request) -> web.Response:
        chan = st.channel(request.match_info["channel_id"])
        permissions.require(st, chan, bot, MANAGE_THREADS if chan.is_thread else MANAGE_CHANNELS)
        return json_reply(fake.delete_channel(chan))
