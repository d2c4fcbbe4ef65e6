"""Lobbies and invitations as stored: a lobby's expiry (claimed with a lease, so that one
process of several closes it), where its message is, the rematch it is, and the answers of
the players it named.

Part of `Store` (a mixin only to keep the store's file small); written against the same
`Conn` protocol, so both backends run the same SQL.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from storage.base import StoreBase
from storage.codec import INSERT_MATCH, Conn, lock_key, match_values, write_seats
from storage.leases import Leased
from storage.rows import InvitationRow, LobbyRow, MatchRow, SeatRow

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

LOBBY_COLUMNS = "match_id, expires_at, channel_id, message_id, rematch_of"
INSERT_LOBBY = f"INSERT INTO lobbies ({LOBBY_COLUMNS}) VALUES (?,?,?,?,?)"
INSERT_INVITATION = (
    "INSERT INTO invitations (match_id, user_id, status, expires_at) VALUES (?,?,?,?)"
)
# An open lobby's expiry, claimed with a lease so that one process of several closes it.
EXPIRY = Leased(
    table="lobbies",
    key="match_id",
    due="expires_at",
    claimed_by="claimed_by",
    claim_until="claim_until",
)


def lobby_values(lobby: LobbyRow) -> tuple[object, ...]:
    return (lobby.match_id, lobby.expires_at, lobby.channel_id, lobby.message_id, lobby.rematch_of)


def invitation_values(invitation: InvitationRow) -> tuple[object, ...]:
    return (invitation.match_id, invitation.user_id, invitation.status, invitation.expires_at)


async def _open_lobbies(conn: Conn, guild_id: int, host_user_id: int) -> int:
    rows = await conn.fetch(
        "SELECT count(*) FROM matches WHERE status = 'lobby' AND guild_id = ? AND host_user_id = ?",
        guild_id,
        host_user_id,
    )
    return int(rows[0][0])


class LobbyStoreMixin(StoreBase):
    """The lobby half of `Store`."""

    async def create_lobby(
        self,
        row: MatchRow,
        lobby: LobbyRow,
        invitations: Iterable[InvitationRow] = (),
        *,
        most: int | None = None,
    ) -> bool:
        """Insert a lobby (its match, seats, expiry and invitations) in one transaction.
        A second rematch of one match is a ConstraintViolation, and stores nothing.

        With `most`, False (nothing stored) when the host already has that many open lobbies
        in the row's server: counted inside the insert's transaction, behind the backend's
        `key_lock` for that host and server, so of two opens at once (in one process or
        several) only one can pass the limit."""
        async with self._transaction() as conn:
            if most is not None and row.guild_id is not None and row.host_user_id is not None:
                await lock_key(conn, self.key_lock, f"lobbies:{row.guild_id}:{row.host_user_id}")
                if await _open_lobbies(conn, row.guild_id, row.host_user_id) >= most:
                    return False
            await conn.execute(INSERT_MATCH, *match_values(row))
            await write_seats(conn, row.id, row.seat_rows)
            await conn.execute(INSERT_LOBBY, *lobby_values(lobby))
            await conn.executemany(INSERT_INVITATION, [invitation_values(i) for i in invitations])
        return True

    async def lobby(self, match_id: str) -> LobbyRow | None:
        return await self._lobby_where("match_id = ?", match_id)

    async def rematch_lobby(self, of_match_id: str) -> LobbyRow | None:
        """The lobby opened to play `of_match_id` again, if any."""
        return await self._lobby_where("rematch_of = ?", of_match_id)

    async def _lobby_where(self, where: str, value: str) -> LobbyRow | None:
        row = await self._one(f"SELECT {LOBBY_COLUMNS} FROM lobbies WHERE {where}", value)
        return None if row is None else LobbyRow(*row)

    async def lobbies_of(self, match_ids: Sequence[str]) -> dict[str, LobbyRow]:
        """The lobby rows of these matches (one query), by match id."""
        if not match_ids:
            return {}
        rows = await self._all(
            f"SELECT {LOBBY_COLUMNS} FROM lobbies "
            f"WHERE match_id IN ({','.join('?' * len(match_ids))})",
            *match_ids,
        )
        return {r[0]: LobbyRow(*r) for r in rows}

    async def set_lobby_message(self, match_id: str, channel_id: int, message_id: int) -> None:
        async with self._session() as conn:
            await conn.execute(
                "UPDATE lobbies SET channel_id = ?, message_id = ? WHERE match_id = ?",
                channel_id,
                message_id,
                match_id,
            )

    async def count_open_lobbies(self, guild_id: int, host_user_id: int) -> int:
        """How many tables `host_user_id` opened in the server and nobody started yet."""
        async with self._session() as conn:
            return await _open_lobbies(conn, guild_id, host_user_id)

    # --- invitations ----------------------------------------------------------------------

    async def invitations(self, match_id: str) -> list[InvitationRow]:
        """The players a lobby named, in the order they were named."""
        rows = await self._all(
            "SELECT match_id, user_id, status, expires_at FROM invitations "
            "WHERE match_id = ? ORDER BY expires_at, user_id",
            match_id,
        )
        return [InvitationRow(r[0], r[1], r[2], r[3]) for r in rows]

    async def answer_invitation(
        self, match_id: str, user_id: int, status: str, seats: list[SeatRow]
    ) -> None:
        """A named player's answer and the seats it leaves, together (one transaction)."""
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE matches SET updated_at = ? WHERE id = ?", time.time(), match_id
            )
            await conn.execute(
                "UPDATE invitations SET status = ? WHERE match_id = ? AND user_id = ?",
                status,
                match_id,
                user_id,
            )
            await write_seats(conn, match_id, seats)

    # --- expiry ---------------------------------------------------------------------------

    async def due_lobbies(self, now: float, limit: int = 100) -> list[str]:
        """Up to `limit` lobbies whose expiry is due and that nobody claimed (or whose claim's
        lease ran out), soonest first. Only a read: each is then claimed on its own
        (`claim_lobby`), under its match's lock in the host."""
        async with self._session() as conn:
            return await EXPIRY.due_now(conn, now, limit)

    async def claim_lobby(
        self, match_id: str, now: float, owner: str, *, lease_s: float = 60.0
    ) -> bool:
        """Claim the lobby's due expiry for `owner`; True for the one claimer that got it,
        until `now + lease_s` (the contract: `storage/leases.py`). Closing the lobby
        (`close_lobby`) or `release_lobby` ends it."""
        async with self._session() as conn:
            return await EXPIRY.claim(conn, match_id, now, owner, lease_s)

    async def close_lobby(self, match_id: str) -> None:
        """Its expiry no longer matters (it expired, started or was cancelled)."""
        async with self._session() as conn:
            await conn.execute(
                f"UPDATE lobbies SET expires_at = NULL, {EXPIRY.unclaim} WHERE match_id = ?",
                match_id,
            )

    async def release_lobby(self, match_id: str, owner: str) -> None:
        """Give back `owner`'s claim on a lobby's expiry that was not due after all."""
        async with self._session() as conn:
            await EXPIRY.release(conn, match_id, owner)

    async def next_lobby_expiry(self) -> float | None:
        """The soonest expiry still to handle (uses the partial expiry index)."""
        row = await self._one("SELECT min(expires_at) FROM lobbies WHERE expires_at IS NOT NULL")
        return None if row is None or row[0] is None else float(row[0])
