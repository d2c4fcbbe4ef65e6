"""Who opened the Activity: the Embedded App SDK's authorization code, exchanged with Discord.

The SDK's `authorize` gives the page a code; only the bot holds the application's client
secret, so the bot exchanges the code (`POST /oauth2/token`) for the user's access token,
reads the user with it (`GET /users/@me`), and hands the token back for the SDK's
`authenticate`. The client secret, codes and tokens are never logged, nor put in an error.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import aiohttp

from bot.config import Config

log = logging.getLogger(__name__)
DISCORD_API = "https://discord.com/api/v10"
TIMEOUT = aiohttp.ClientTimeout(total=10)


class OAuthError(Exception):
    """The exchange failed; `key` is the catalogue sentence to show, the text is for logs."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(reason)
        self.key = key


@dataclasses.dataclass(frozen=True, slots=True)
class DiscordUser:
    """The user a code stood for, and the access token the page authenticates the SDK with."""

    id: int
    name: str  # their global (display) name, else their user name
    access_token: str = dataclasses.field(repr=False)


@dataclasses.dataclass(frozen=True, slots=True)
class DiscordOAuth:
    """The application's OAuth2 client: real Discord's API, or a local fake's."""

    client_id: int
    client_secret: str = dataclasses.field(repr=False)
    api_base: str = DISCORD_API

    @classmethod
    def of(cls, config: Config) -> DiscordOAuth | None:
        """The client the settings describe (a local fake Discord's API when the bot is
        pointed at one), None when the Activity is not offered."""
        if not config.activity or config.client_id is None or config.client_secret is None:
            return None
        api = f"{config.endpoint}/api/v10" if config.endpoint else DISCORD_API
        return cls(config.client_id, config.client_secret, api)

    async def exchange(self, code: str, redirect_uri: str | None = None) -> DiscordUser:
        """The user behind an authorization code (good once); OAuthError if Discord refuses
        it, or cannot be reached."""
        form = {
            "client_id": str(self.client_id),
            "client_secret": self.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        if redirect_uri is not None:
            form["redirect_uri"] = redirect_uri
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            granted = await _json(session.post(f"{self.api_base}/oauth2/token", data=form))
            token = granted.get("access_token")
            if not isinstance(token, str):
                raise OAuthError("activity.bad_code", "the token answer had no access token")
            bearer = {"Authorization": f"Bearer {token}"}
            me = await _json(session.get(f"{self.api_base}/users/@me", headers=bearer))
        try:
            user_id = int(me["id"])
        except (KeyError, TypeError, ValueError):
            raise OAuthError("activity.bad_code", "the user answer had no id") from None
        name = me.get("global_name") or me.get("username") or str(user_id)
        return DiscordUser(user_id, str(name), token)


async def _json(call: Any) -> dict[str, Any]:
    """A JSON object from Discord, else OAuthError naming only the status and Discord's error
    word (never the form, which holds the secret, nor a token)."""
    try:
        async with call as response:
            body = await response.json(content_type=None)
            status = response.status
    except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
        reason = f"Discord could not be reached: {type(exc).__name__}"
        raise OAuthError("activity.discord_down", reason) from None
    if status == 200 and isinstance(body, dict):
        return body
    error = str(body.get("error") or "") if isinstance(body, dict) else ""
    reason = f"Discord answered HTTP {status} {error}".strip()
    if error == "invalid_client":  # the settings are wrong, not the player's code
        log.warning("%s: check DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET", reason)
        raise OAuthError("activity.not_set_up", reason)
    log.info("an Activity's code was refused: %s", reason)
    raise OAuthError("activity.bad_code", reason)
