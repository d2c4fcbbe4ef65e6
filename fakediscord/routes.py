"""Every REST route of the fake, registered on the aiohttp app: the route modules
(:mod:`fakediscord.rest_app`, ``rest_guilds``, ``rest_messages``, ``rest_interactions``,
``oauth``)
and the attachment files they serve."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from aiohttp import web

from fakediscord import oauth, rest_app, rest_guilds, rest_interactions, rest_messages
from fakediscord.rest import Handler

if TYPE_CHECKING:
    from fakediscord.server_protocol import Server


def register_routes(app: web.Application, fake: Server, prefix: str) -> None:
    def route(method: str, path: str) -> Callable[[Handler], Handler]:
        def deco(fn: Handler) -> Handler:
            app.router.add_route(method, prefix + path, fn)
            return fn

        return deco

    for module in (rest_app, rest_guilds, rest_messages, rest_interactions, oauth):
        module.register(route, fake)

    # -- attachments (served so ``Attachment.read()`` works) --------------------------

    async def get_attachment(request: web.Request) -> web.Response:
        for msg in fake.state.messages.values():
            for a in msg.attachments:
                if str(a.id) == request.match_info["attachment_id"]:
                    return web.Response(
                        body=a.data, content_type=a.content_type or "application/octet-stream"
                    )
        raise web.HTTPNotFound()

    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", get_attachment)
