"""REST routes for guilds (roles, members, active threads) and channels themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fakediscord import payloads
from fakediscord.errors import not_found
from fakediscord.rest import Route, json_reply, no_content

if TYPE_CHECKING:
    from fakediscord.server import FakeDiscord


def register(route: Route, fake: FakeDiscord) -> None:
    st = fake.state

    # -- guilds ------------------------------------------------------------------

    @route("GET", "/guilds/{guild_id}")
    async def get_guild(request):
        g = st.guild(request.match_info["guild_id"])
        data = payloads.guild_create(st, g, fake.bot_user.id)
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key)
        return json_reply(data)

    @route("GET", "/guilds/{guild_id}/channels")
    async def get_guild_channels(request):
        g = st.guild(request.match_info["guild_id"])
        chans = [st.channels[c] for c in g.channel_ids if not st.channels[c].is_thread]
        return json_reply([payloads.channel(st, c) for c in chans])

    @route("GET", "/guilds/{guild_id}/roles")
    async def get_roles(request):
        g = st.guild(request.match_info["guild_id"])
        return json_reply([payloads.role(x) for x in g.roles.values()])

    @route("GET", "/guilds/{guild_id}/members")
    async def get_members(request):
        g = st.guild(request.match_info["guild_id"])
        return json_reply([payloads.member(st, m) for m in g.members.values()])

    @route("GET", "/guilds/{guild_id}/members/{user_id}")
    async def get_member(request):
        m = st.member(request.match_info["guild_id"], request.match_info["user_id"])
        return json_reply(payloads.member(st, m))

    @route("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
    async def add_member_role(request):
        g = st.guild(request.match_info["guild_id"])
        m = st.member(g.id, request.match_info["user_id"])
        role_id = int(request.match_info["role_id"])
        if role_id not in g.roles:
            raise not_found(10011, "Unknown Role")
        if role_id not in m.role_ids:
            m.role_ids.append(role_id)
        fake._member_updated(m)
        return no_content()

    @route("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
    async def remove_member_role(request):
        m = st.member(request.match_info["guild_id"], request.match_info["user_id"])
        role_id = int(request.match_info["role_id"])
        if role_id in m.role_ids:
            m.role_ids.remove(role_id)
        fake._member_updated(m)
        return no_content()

    @route("GET", "/guilds/{guild_id}/threads/active")
    async def active_threads(request):
        g = st.guild(request.match_info["guild_id"])
        threads = [c for c in st.threads() if c.guild_id == g.id and not c.archived]
        return json_reply({"threads": [payloads.channel(st, t) for t in threads], "members": []})

    # -- channels -------------------------------------------------------------------

    @route("GET", "/channels/{channel_id}")
    async def get_channel(request):
        return json_reply(payloads.channel(st, st.channel(request.match_info["channel_id"])))

    @route("PATCH", "/channels/{channel_id}")
    async def edit_channel(request):
        chan = st.channel(request.match_info["channel_id"])
        body = await request.json()
        if "name" in body:
            chan.name = body["name"]
        if "archived" in body:
            chan.archived = bool(body["archived"])
        if "locked" in body:
            chan.locked = bool(body["locked"])
        event = "THREAD_UPDATE" if chan.is_thread else "CHANNEL_UPDATE"
        fake._dispatch_soon(event, lambda: payloads.channel(st, chan))
        return json_reply(payloads.channel(st, chan))

    @route("DELETE", "/channels/{channel_id}")
    async def delete_channel(request):
        chan = st.channel(request.match_info["channel_id"])
        data = payloads.channel(st, chan)
        del st.channels[chan.id]
        for m in st.channel_messages(chan.id):
            del st.messages[m.id]
        if chan.guild_id and chan.id in st.guilds[chan.guild_id].channel_ids:
            st.guilds[chan.guild_id].channel_ids.remove(chan.id)
        event = "THREAD_DELETE" if chan.is_thread else "CHANNEL_DELETE"
        fake._dispatch_soon(event, lambda: data)
        return json_reply(data)
