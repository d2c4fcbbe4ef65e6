"""What a lobby shows beyond its seats: who was named and has not answered, and who
declined. When it closes is said where people choose a table (`/lutece tables`) and in
each invitation, as a Discord timestamp (in the reader's time zone and language); the lobby
itself stays free of clock times, so a seeded demo reads the same on every run."""

from __future__ import annotations

from bot.i18n import t
from games.host.lobbies import DECLINED, EXPIRED, PENDING, LobbyInfo


def when(at: float) -> str:
    """A moment as Discord shows it to each reader: "in 3 hours", "in 2 days"."""
    return f"<t:{int(at)}:R>"


def seat_mark(lobby: LobbyInfo | None, user_id: int | None, locale: str | None) -> str:
    """After a named player's seat: still waiting for their answer, or too late for it."""
    invitation = None if lobby is None or user_id is None else lobby.invitation(user_id)
    if invitation is None or invitation.status not in (PENDING, EXPIRED):
        return ""
    return t("lobby.invited" if invitation.status == PENDING else "lobby.invite_expired", locale)


def lobby_lines(lobby: LobbyInfo | None, locale: str | None) -> list[str]:
    """Who declined."""
    if lobby is None:
        return []
    return [
        t("lobby.declined", locale, mention=f"<@{i.user_id}>")
        for i in lobby.invitations
        if i.status == DECLINED
    ]
