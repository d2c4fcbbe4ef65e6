"""The application's OAuth2 state in the fake: its client secret, codes, tokens, launches.

Plain data and checks (the routes are :mod:`fakediscord.oauth`), so the server's protocol
can name :class:`FakeOAuth` without importing the REST plumbing.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from fakediscord.errors import ApiError, invalid_form
from fakediscord.state import User

CODE_LIFETIME = 10 * 60.0  # seconds a code can be exchanged (Discord: "short-lived")
TOKEN_LIFETIME = 7 * 24 * 3600  # Discord's access tokens: a week


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

    def __init__(
        self, application_id: int, now: Callable[[], float], users: Mapping[int, User]
    ) -> None:
        self.application_id, self.now, self.users = application_id, now, users
        self.client_secret = secrets.token_urlsafe(24)
        self.activities = False  # a new application has no Activity until one is set up
        self.codes: dict[str, Grant] = {}
        self.tokens: dict[str, Grant] = {}
        self.launches: list[Launch] = []

    def code(self, user: Any, client_id: int | None = None, scopes: str = "identify") -> str:
        """An authorization code for `user` (a FakeUser or User) and `client_id` (default:
        this application), as the SDK's ``authorize`` gets one after the user's consent."""
        user_id = int(user.id)
        if user_id not in self.users:
            raise ValueError(f"no user {user_id} in the fake")
        code = secrets.token_urlsafe(22)
        client = self.application_id if client_id is None else client_id
        expires = self.now() + CODE_LIFETIME
        self.codes[code] = Grant(user_id, client, tuple(scopes.split()), expires)
        return code

    def exchange(self, form: dict[str, str]) -> dict[str, Any]:
        """``POST /oauth2/token`` with grant_type=authorization_code: the token response,
        else OAuthRefused. The code is spent by any attempt that names the right client,
        as a code must be usable at most once (RFC 6749 §4.1.2)."""
        if form.get("grant_type") != "authorization_code":
            raise OAuthRefused(400, "unsupported_grant_type", 'Unsupported "grant_type".')
        client_id = form.get("client_id", "")
        if client_id != str(self.application_id):
            raise OAuthRefused(401, "invalid_client", "Unknown client.")
        if not secrets.compare_digest(form.get("client_secret", ""), self.client_secret):
            raise OAuthRefused(401, "invalid_client", "Invalid client secret.")
        grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or grant.client_id != int(client_id) or grant.expires_at < self.now():
            raise OAuthRefused(400, "invalid_grant", 'Invalid "code" in request.')
        token = secrets.token_urlsafe(30)
        self.tokens[token] = dataclasses.replace(grant, expires_at=self.now() + TOKEN_LIFETIME)
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
        if grant is None or grant.expires_at < self.now() or "identify" not in grant.scopes:
            raise ApiError(401, 0, "401: Unauthorized")
        return self.users[grant.user_id]

    def launch(self, user_id: int, channel_id: int, interaction_id: int) -> Launch:
        """Record an Activity launched by an interaction callback, where Discord allows it."""
        if not self.activities:
            raise invalid_form("type", "INTERACTION_CALLBACK_TYPE_INVALID", "Activities disabled.")
        launch = Launch(secrets.token_hex(8), user_id, channel_id, interaction_id)
        self.launches.append(launch)
        return launch
