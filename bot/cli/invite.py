"""`invite`: the link that adds the bot to a server with exactly the permissions it needs."""

from __future__ import annotations

import base64
import binascii

from bot.cli.errors import EXIT_USAGE, CliError
from bot.config import Config
from bot.i18n import t
from bot.permissions import INVITE, SCOPES, invite_url


def application_id_from_token(token: str) -> int | None:
    """A bot token starts with its bot user id in base64, which is the application id."""
    first = token.split(".")[0]
    try:
        text = base64.b64decode(first + "=" * (-len(first) % 4), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        return None
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else None


def invite(application_id: int | None) -> int:
    if application_id is None:
        application_id = _application_id_from_settings()
    names = ", ".join(t(f"perm.{name}") for name, on in INVITE if on)
    print(invite_url(application_id))
    print(f"\nScopes: {' + '.join(SCOPES)}. Permissions: {names}.")
    print("No privileged intent is needed (members, presence and message content stay off).")
    return 0


def _application_id_from_settings() -> int:
    """The id read from DISCORD_TOKEN, or a CliError saying why it cannot be (never showing
    the token: it is a secret)."""
    token = Config.load().token
    if token is None:
        raise CliError(
            "no application id: DISCORD_TOKEN is not set (environment or .env); "
            "set it, or pass --application-id (the developer portal shows it)",
            EXIT_USAGE,
        )
    application_id = application_id_from_token(token)
    if application_id is None:
        raise CliError(
            "no application id: DISCORD_TOKEN does not look like a bot token (its "
            "first part should be the bot's id in base64); copy the token again "
            "from the developer portal (Bot → Reset Token), or pass "
            "--application-id",
            EXIT_USAGE,
        )
    return application_id
