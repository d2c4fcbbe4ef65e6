"""Open tables as the bot sees them: a lobby's expiry and invitations, the server's open
tables, and the expiries due, claimed by one process. This service owns those writes (where
a lobby's message is, the claims); what changes a match (an answer, an expiry, a rematch)
is the host's, under the match's lock (`games.host.invites`).

The bot reads these small frozen records, never the rows behind them."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence

from storage.rows import InvitationRow, LobbyRow, MatchRow
from storage.store import Store

PENDING, ACCEPTED, DECLINED, EXPIRED = "pending", "accepted", "declined", "expired"
LEASE_S = 60.0  # a claimer that died gives its lobby expiries back after this
CLAIM_BATCH = 100  # due expiries looked at per call; the timer calls again for the rest


@dataclasses.dataclass(frozen=True, slots=True)
class Invitation:
    """A named player's answer: pending, accepted, declined, or expired (pending too late)."""

    user_id: int
    status: str
    expires_at: float


@dataclasses.dataclass(frozen=True, slots=True)
class LobbyInfo:
    """What the lobby message shows beyond its seats, and where that message is."""

    match_id: str
    expires_at: float | None  # None: it no longer expires (it closed), or never did
    channel_id: int | None
    message_id: int | None
    rematch_of: str | None
    invitations: tuple[Invitation, ...] = ()

    def invitation(self, user_id: int) -> Invitation | None:
        return next((i for i in self.invitations if i.user_id == user_id), None)

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The named players who have not answered yet (and still may)."""
        return self._with(PENDING)

    @property
    def declined(self) -> tuple[int, ...]:
        return self._with(DECLINED)

    @property
    def too_late(self) -> tuple[int, ...]:
        """The named players who did not answer in time."""
        return self._with(EXPIRED)

    def _with(self, status: str) -> tuple[int, ...]:
        return tuple(i.user_id for i in self.invitations if i.status == status)

    @property
    def ready(self) -> bool:
        """Every named player said yes: the table starts without waiting for its host."""
        return bool(self.invitations) and all(i.status == ACCEPTED for i in self.invitations)


@dataclasses.dataclass(frozen=True, slots=True)
class Rematch:
    """The lobby of a rematch, and whether this click opened it (else it accepted it)."""

    lobby: LobbyInfo
    opened: bool
    game: str
    guild_id: int | None
    channel_id: int | None  # where the finished match was opened: the rematch's lobby goes there


@dataclasses.dataclass(frozen=True, slots=True)
class OpenTable:
    """One line of `/lutece tables`."""

    match_id: str
    game: str
    host_user_id: int | None
    host_name: str
    seated: int
    seats: int
    expires_at: float | None


def lobby_info(
    match_id: str, row: LobbyRow | None, invitations: Sequence[InvitationRow], now: float
) -> LobbyInfo:
    """The record of a lobby as of `now` (a pending invitation past its time is expired)."""
    answers = tuple(
        Invitation(
            i.user_id,
            EXPIRED if i.status == PENDING and i.expires_at <= now else i.status,
            i.expires_at,
        )
        for i in invitations
    )
    if row is None:  # opened before lobbies expired, or by the CLI
        return LobbyInfo(match_id, None, None, None, None, answers)
    return LobbyInfo(
        match_id, row.expires_at, row.channel_id, row.message_id, row.rematch_of, answers
    )


def open_table(match: MatchRow, row: LobbyRow | None) -> OpenTable:
    host = next((s for s in match.seat_rows if s.user_id == match.host_user_id), None)
    return OpenTable(
        match.id,
        match.game,
        match.host_user_id,
        host.name if host is not None else "?",
        len(match.seat_rows),
        match.seats,
        None if row is None else row.expires_at,
    )


class Lobbies:
    """Read a lobby's invitations and expiry, list a server's open tables, and claim the
    expiries that are due (the deadline timer closes them through `MatchHost.expire_lobby`)."""

    def __init__(
        self, store: Store, lock: Callable[[str], asyncio.Lock], clock: Callable[[], float]
    ) -> None:
        self._store, self._lock, self._clock = store, lock, clock

    async def of(self, match_id: str) -> LobbyInfo:
        return lobby_info(
            match_id,
            await self._store.lobby(match_id),
            await self._store.invitations(match_id),
            self._clock(),
        )

    async def tables(self, guild_id: int) -> list[OpenTable]:
        """The server's tables waiting for players, the ones closing soonest first."""
        matches = await self._store.list_matches(("lobby",), guild_id=guild_id)
        rows = await self._store.lobbies_of([m.id for m in matches])
        tables = [open_table(m, rows.get(m.id)) for m in matches]
        return sorted(tables, key=lambda t: (t.expires_at is None, t.expires_at or 0.0))

    async def placed(self, match_id: str, channel_id: int, message_id: int) -> None:
        """Where the lobby's message is, to close it when the lobby expires."""
        async with self._lock(match_id):
            await self._store.set_lobby_message(match_id, channel_id, message_id)

    async def claim_due(self, owner: str) -> list[str]:
        """The lobbies whose expiry is due now, claimed for `owner` (soonest first), each on
        its own under its match's lock; one another process claimed is left out."""
        now = self._clock()
        claimed = []
        for match_id in await self._store.due_lobbies(now, CLAIM_BATCH):
            async with self._lock(match_id):
                if await self._store.claim_lobby(match_id, now, owner, lease_s=LEASE_S):
                    claimed.append(match_id)
        return claimed

    async def next_expiry(self) -> float | None:
        """When the soonest lobby expiry is due (maybe now, if another process holds it)."""
        return await self._store.next_lobby_expiry()
