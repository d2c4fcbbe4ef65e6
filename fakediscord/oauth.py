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

import dataclasses
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import web

from fakediscord.errors import ApiError, invalid_form
from fakediscord.http import json_response

if TYPE_CHECKING:
    from fakediscord.rest import Route
    from fakediscord.server_protocol import Server
    from fakediscord.state import User

CODE_LIFETIME = 10 * 60.0  # seconds a code can be exchanged (Discord: "short-lived")
TOKEN_LIFETIME = 7 * 24 * 3600  # Discord's access tokens: a week
TOKEN_ROUTE = "/oauth2/token"
BEARER_ROUTES = frozenset({"/users/@me"})  # what the fake serves to a user's access token
CODE_ROUTE = "/fake/oauth2/code"  # the fake's own stand-in for the consent, outside /api


class OAuthRefused(Exception):
    """An OAuth2 error as Discord answers it: the status and the RFC 6749 error body."""

    def __init__(self, status: int, error: str, description: str) -> None:
        super().__init__(f"{status} {error}: {description}")
        self.status = status
        self.body = {"error": error, "error_description": description}


@dataclasses.dataclass
class Grant:
    """A code or an access token: whose, for which application, until when, which scopes."""

    user_id: int
    client_id: int
    scopes: tuple[str, ...]
    expires_at: float


@dataclasses.dataclass(frozen=True)
class Launch:
    """One Activity launched in answer to an interaction."""

    instance_id: str
    user_id: int
    channel_id: int
    interaction_id: int


class FakeOAuth:
    """The application's OAuth2 side: its client secret, the codes and tokens handed out,
    and whether it has Activities enabled."""

    def __init__(self, fake: Server) -> None:
        self.fake = fake
        self.client_secret = secrets.token_urlsafe(24)
        self.activities = False  # a new application has no Activity until one is set up
        self.codes: dict[str, Grant] = {}
        self.tokens: dict[str, Grant] = {}
        self.launches: list[Launch] = []

    def code(self, user: Any, client_id: int | None = None, scopes: str = "identify") -> str:
        """An authorization code for `user` (a FakeUser or User) and `client_id` (default:
        this application), as the SDK's ``authorize`` gets one after the user's consent."""
        user_id = int(user.id)
        if user_id not in self.fake.state.users:
            raise ValueError(f"no user {user_id} in the fake")
        code = secrets.token_urlsafe(22)
        client = self.fake.application_id if client_id is None else client_id
        expires = self.fake.now() + CODE_LIFETIME
        self.codes[code] = Grant(user_id, client, tuple(scopes.split()), expires)
        return code

    def exchange(self, form: dict[str, str]) -> dict[str, Any]:
        """``POST /oauth2/token`` with grant_type=authorization_code: the token response,
        else OAuthRefused. The code is spent by any attempt that names the right client,
        as a code must be usable at most once (RFC 6749 §4.1.2)."""
        if form.get("grant_type") != "authorization_code":
            raise OAuthRefused(400, "unsupported_grant_type", 'Unsupported "grant_type".')
        client_id = form.get("client_id", "")
        if client_id != str(self.fake.application_id):
            raise OAuthRefused(401, "invalid_client", "Unknown client.")
        if not secrets.compare_digest(form.get("client_secret", ""), self.client_secret):
            raise OAuthRefused(401, "invalid_client", "Invalid client secret.")
        grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or grant.client_id != int(client_id) or grant.expires_at < self.fake.now():
            raise OAuthRefused(400, "invalid_grant", 'Invalid "code" in request.')
        token = secrets.token_urlsafe(30)
        self.tokens[token] = dataclasses.replace(grant, expires_at=self.fake.now() + TOKEN_LIFETIME)
        return {
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": TOKEN_LIFETIME,
            "refresh_token": secrets.token_urlsafe(30),
            "scope": " ".join(grant.scopes),
        }

    def bearer_user(self, authorization: str) -> User:
        """The user an ``Authorization: Bearer <token>`` header stands for, else 401."""
        scheme, _, token = authorization.partition(" ")
        grant = self.tokens.get(token) if scheme == "Bearer" else None
        if grant is None or grant.expires_at < self.fake.now() or "identify" not in grant.scopes:
            raise ApiError(401, 0, "401: Unauthorized")
        return self.fake.state.users[grant.user_id]

    def launch(self, user_id: int, channel_id: int, interaction_id: int) -> Launch:
        """Record an Activity launched by an interaction callback, where Discord allows it."""
        if not self.activities:
            raise invalid_form("type", "INTERACTION_CALLBACK_TYPE_INVALID", "Activities disabled.")
        launch = Launch(secrets.token_hex(8), user_id, channel_id, interaction_id)
        self.launches.append(launch)
        return launch


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
            user = oauth.fake.state.users[int(body["user_id"])]
            granted = oauth.code(user, int(body["client_id"]))
        except (KeyError, TypeError, ValueError):
            return json_response({"message": "unknown user or client", "code": 0}, 400)
        return json_response({"code": granted})

    app.router.add_post(CODE_ROUTE, code)
