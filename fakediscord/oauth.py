"""OAuth2 as Discord does it for an Activity: an authorization code, its exchange, the user.

In Discord the Embedded App SDK's ``authorize`` asks the client for the user's consent and
hands the Activity a code; the app's server exchanges it (``POST /oauth2/token``, form
encoded, with the application's client secret) for an access token, and reads the user with
``GET /users/@me`` and ``Authorization: Bearer <token>``. Here :meth:`FakeOAuth.code` stands
in for the consent (a test, or the offline demo's page through ``POST /fake/oauth2/code``,
which real Discord does not have), and the exchange is as strict as Discord's: the client id
and secret must match, a code is good once and for ten minutes, and a refusal has Discord's
OAuth2 error body (``{"error": "invalid_grant", "error_description": ...}``, RFC 6749 §5.2)
with status 400, or 401 for a client that failed to authenticate.

Launching the Activity (interaction callback type 12, LAUNCH_ACTIVITY) is allowed only when
the application has Activities enabled (:attr:`FakeOAuth.activities`, off by default as for a
new application); each launch is recorded in :attr:`FakeOAuth.launches`. Discord documents
that the callback is "only available for apps with Activities enabled" but not the error it
answers otherwise: the fake's 400 / 50035 naming ``type`` is an assumption.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from fakediscord.http import json_response
from fakediscord.oauth_grants import FakeOAuth, OAuthRefused

if TYPE_CHECKING:
    from fakediscord.rest import Route
    from fakediscord.server_protocol import Server

TOKEN_ROUTE = "/oauth2/token"
BEARER_ROUTES = frozenset({"/users/@me"})  # what the fake serves to a user's access token
CODE_ROUTE = "/fake/oauth2/code"  # the fake's own stand-in for the consent, outside /api


def register(route: Route, fake: Server) -> None:
    """``POST /oauth2/token`` under the API prefix (the form body is checked here: Discord's
    OpenAPI document describes JSON bodies only)."""
    oauth = fake.oauth

    @route("POST", TOKEN_ROUTE)
    async def token(request: web.Request) -> web.Response:
        if request.content_type != "application/x-www-form-urlencoded":
            refused = OAuthRefused(400, "invalid_request", "Expected a form-encoded body.")
            return json_response(refused.body, refused.status)
        form = {k: str(v) for k, v in (await request.post()).items()}
        try:
            return json_response(oauth.exchange(form))
        except OAuthRefused as exc:
            return json_response(exc.body, exc.status)


def add_code_route(app: web.Application, oauth: FakeOAuth) -> None:
    """The fake's consent stand-in over HTTP, for the offline demo's Activity page (through
    the bot's mock mode): JSON ``{"user_id", "client_id"}`` → ``{"code"}``."""

    async def code(request: web.Request) -> web.Response:
        body = await request.json()
        try:
            user = oauth.users[int(body["user_id"])]
            granted = oauth.code(user, int(body["client_id"]))
        except (KeyError, TypeError, ValueError):
            return json_response({"message": "unknown user or client", "code": 0}, 400)
        return json_response({"code": granted})

    app.router.add_post(CODE_ROUTE, code)
