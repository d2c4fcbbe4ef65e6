"""What a lobby shows beyond its seats: who was named and has not answered, and who
declined. When it closes is said where people choose a table (`/lutece tables`) and in
each invitation, as a Discord timestamp (in the reader's time zone and language); the lobby
itself stays free of clock times, so a seeded demo reads the same on every run."""

from __future__ import annotations

from bot.i18n import t
from games.host.lobbies import LobbyInfo


def when(at: float) -> str:
    """A moment as Discord shows it to each reader: "in 3 hours", "in 2 days"."""
    return f"<t:{int(at)}:R>"


def seat_mark(lobby: LobbyInfo | None, user_id: int | None, locale: str | None) -> str:
    """After a named player's seat: still waiting for their answer, or too late for it."""
    if lobby is None or user_id is None:
        return ""
    if user_id in lobby.waiting_for:
        return t("lobby.invited", locale)
    return t("lobby.invite_expired", locale) if user_id in lobby.too_late else ""


def lobby_lines(lobby: LobbyInfo | None, locale: str | None) -> list[str]:
    """Who declined."""
    if lobby is None:
        return []
    return [t("lobby.declined", locale, mention=f"<@{user_id}>") for user_id in lobby.declined]
