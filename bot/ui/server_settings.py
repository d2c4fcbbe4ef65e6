"""`/admin settings`: the choices it offers and the summary it answers with.

One command with an optional choice per setting, rather than selects on an ephemeral
message: Discord checks who may use it (Manage Server, or the role allowed in Server
Settings → Integrations) before anyone picks, a choice is validated by Discord itself, and
the command with no option shows the summary (every setting, as one ephemeral)."""

from __future__ import annotations

from discord import app_commands

from bot.i18n import t
from bot.i18n.translator import cmd
from bot.ui.clocks import clock_text
from bot.ui.languages import AUTO
from games.host.clocks import stored_clock
from games.host.rows import GuildSettings

HOUR, DAY = 3600, 24 * 3600
LOBBY_EXPIRY = [
    app_commands.Choice(name=cmd(f"cmd.choice.expiry.{label}"), value=seconds)
    for label, seconds in (
        ("1h", HOUR),
        ("6h", 6 * HOUR),
        ("12h", 12 * HOUR),
        ("24h", DAY),
        ("3d", 3 * DAY),
        ("7d", 7 * DAY),
    )
]


def duration(seconds: int, locale: str | None) -> str:
    """A lobby expiry as people say it: whole days from two days on, else hours."""
    if seconds >= 2 * DAY and seconds % DAY == 0:
        return t("duration.days", locale, n=seconds // DAY)
    return t("duration.hours", locale, n=round(seconds / HOUR))


def settings_summary(settings: GuildSettings, locale: str | None) -> str:
    """Every setting of the server, one line each, in the reader's language."""
    language = settings.language or AUTO
    lines = [
        t("settings.title", locale),
        t("settings.clock", locale, clock=clock_text(stored_clock(settings.clock).key, locale)),
        t(
            "settings.on_timeout",
            locale,
            after=t(f"lobby.on_timeout.{settings.on_timeout}", locale),
        ),
        t("settings.lobby_expiry", locale, time=duration(settings.lobby_expiry_s, locale)),
        t("settings.language", locale, language=t(f"language.{language}", locale)),
        t(
            "settings.rate_ai_matches",
            locale,
            rated=t("settings.yes" if settings.rate_ai_matches else "settings.no", locale),
        ),
        t("settings.how", locale),
    ]
    return "\n".join(lines)
