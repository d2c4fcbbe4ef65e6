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
    return int(text) if text.isdigit() else None


def invite(application_id: int | None) -> int:
    if application_id is None:
        token = Config.load().token
        application_id = application_id_from_token(token) if token else None
    if application_id is None:
        raise CliError("no application id: set DISCORD_TOKEN or pass --application-id "
                       "(the developer portal shows it)", EXIT_USAGE)  # fmt: skip
    names = ", ".join(t(f"perm.{name}") for name, on in INVITE if on)
    print(invite_url(application_id))
    print(f"\nScopes: {' + '.join(SCOPES)}. Permissions: {names}.")
    print("No privileged intent is needed (members, presence and message content stay off).")
    return 0
