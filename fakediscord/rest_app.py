"""REST routes for the bot's login and application: identity, gateway URL, commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from fakediscord import payloads
from fakediscord.command_limits import check_bulk
from fakediscord.errors import ApiError
from fakediscord.rest import Route, json_reply, read_json
from fakediscord.snowflakes import snowflake
from fakediscord.state import Command

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


def register(route: Route, fake: Server) -> None:
    st = fake.state

    # -- login / identity --------------------------------------------------------

    @route("GET", "/users/@me")
    async def me(request: web.Request) -> web.Response:
        """The bot's user, or with a user's OAuth2 access token (Bearer) that user."""
        authorization = request.headers.get("Authorization", "")
        if authorization.startswith("Bearer "):
            return json_reply(payloads.user(fake.oauth.bearer_user(authorization)))
        return json_reply(payloads.user(fake.bot_user))

    @route("GET", "/users/{user_id}")
    async def get_user(request: web.Request) -> web.Response:
        return json_reply(payloads.user(st.user(request.match_info["user_id"])))

    @route("GET", "/oauth2/applications/@me")
    @route("GET", "/applications/@me")
    async def app_info(request: web.Request) -> web.Response:
        return json_reply(payloads.application(fake.application_id, fake.bot_user, fake.owner))

    @route("GET", "/gateway/bot")
    async def gateway_bot(request: web.Request) -> web.Response:
        return json_reply(payloads.gateway_bot(fake.gateway_url))

    @route("GET", "/gateway")
    async def gateway(request: web.Request) -> web.Response:
        return json_reply({"url": fake.gateway_url})

    # -- application commands -----------------------------------------------------

    def _check_app(request: web.Request) -> None:
        if request.match_info["application_id"] != str(fake.application_id):
            raise ApiError(403, 50001, "Missing Access")

    def _commands(guild_id: int | None) -> list[Command]:
        return [c for c in st.commands.values() if c.guild_id == guild_id]

    def _guild_scope(request: web.Request) -> int:
        """The guild, if the app may manage its commands (invited with
        applications.commands; otherwise 403 / 50001 Missing Access)."""
        guild = st.guild(request.match_info["guild_id"])
        if not guild.commands_scope:
            raise ApiError(403, 50001, "Missing Access")
        return guild.id

    def _bulk_overwrite(guild_id: int | None, body: list[dict]) -> list[dict]:
        check_bulk(body)
        old = {(c.name, c.type): c for c in _commands(guild_id)}
        for c in old.values():
            del st.commands[c.id]
        result = []
        for spec in body:
            spec = dict(spec)
            prev = old.get((spec["name"], spec.get("type", 1)))
            cmd = Command(prev.id if prev else snowflake(), fake.application_id, guild_id, spec)
            st.commands[cmd.id] = cmd
            result.append(payloads.command(cmd))
        return result

    @route("GET", "/applications/{application_id}/commands")
    async def get_global_commands(request: web.Request) -> web.Response:
        _check_app(request)
        return json_reply([payloads.command(c) for c in _commands(None)])

    @route("PUT", "/applications/{application_id}/commands")
    async def put_global_commands(request: web.Request) -> web.Response:
        _check_app(request)
        return json_reply(_bulk_overwrite(None, await read_json(request)))

    @route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
    async def get_guild_commands(request: web.Request) -> web.Response:
        _check_app(request)
        return json_reply([payloads.command(c) for c in _commands(_guild_scope(request))])

    @route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
    async def put_guild_commands(request: web.Request) -> web.Response:
        _check_app(request)
        gid = _guild_scope(request)
        return json_reply(_bulk_overwrite(gid, await read_json(request)))
