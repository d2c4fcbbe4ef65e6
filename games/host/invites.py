"""Tables that name their players and do not rot: invitations answered, lobbies expiring,
rematches opened and accepted.

An invited player holds their seat from the start (nobody else can take it), marked as
waiting; they accept or decline, and the table starts by itself once everyone named has
accepted (the bot starts it: `LobbyInfo.ready`). A rematch is such a table: the same
players, options and settings, the seats rotated by one, every person named, the first to ask
already accepted. Part of `MatchHost` (a mixin only to keep the host's files small): it uses
the host's per-match locks, cache, store and clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.host.errors import HostError, new_match_id
from games.host.lobbies import ACCEPTED, DECLINED, PENDING, LobbyInfo, Rematch
from storage.errors import ConstraintViolation
from storage.rows import InvitationRow, LobbyRow, MatchRow, SeatRow

if TYPE_CHECKING:
    import asyncio
    import random
    from collections.abc import Callable

    from games.host.lobbies import Lobbies
    from games.host.outcome import LiveMatch
    from games.host.settings import GuildSettingsService
    from storage.store import Store

MAX_OPEN_LOBBIES = 3  # open tables one host may have on one server
INVITATION_S = 24 * 3600  # an invitation's answer is awaited this long, or the lobby's life


class InvitesMixin:
    """Invitations, expiry and rematches of `MatchHost`; these names are `MatchHost`'s."""

    store: Store
    clock: Callable[[], float]
    draws: random.Random | None
    guilds: GuildSettingsService
    lobbies: Lobbies

    if TYPE_CHECKING:

        def lock(self, match_id: str) -> asyncio.Lock: ...
        async def _current(self, match_id: str) -> LiveMatch: ...

    async def _lobby_room(self, guild_id: int | None, host_user_id: int) -> float:
        """Refuse a host who has enough open tables on the server; when a new one expires."""
        if guild_id is None:  # the CLI and tests: no server, no limit, a day
            return self.clock() + INVITATION_S
        if await self.store.count_open_lobbies(guild_id, host_user_id) >= MAX_OPEN_LOBBIES:
            raise _too_many()
        settings = await self.guilds.get(guild_id)
        return self.clock() + settings.lobby_expiry_s

    async def _create_lobby(
        self, row: MatchRow, lobby: LobbyRow, invitations: Sequence[InvitationRow]
    ) -> None:
        """Store a new lobby, unless its host reached the limit since `_lobby_room` counted:
        the store counts again inside the insert's transaction, so two opens at once (two
        `/new`, in one process or two) cannot both pass it."""
        most = None if row.guild_id is None else MAX_OPEN_LOBBIES
        if not await self.store.create_lobby(row, lobby, invitations, most=most):
            raise _too_many()

    def _invitations(
        self, row: MatchRow, invited: Sequence[tuple[int, str]], expires_at: float
    ) -> list[InvitationRow]:
        """Seat the named players (waiting for their answer) after the host, and their
        invitations; refused, changing nothing, for the host, a name given twice, or more
        players than the table seats."""
        ids = [user_id for user_id, _ in invited]
        if row.host_user_id in ids:
            raise HostError("invite.self", "you are at your own table already")
        if len(set(ids)) != len(ids):
            raise HostError("invite.twice", "each player is named once")
        if len(row.seat_rows) + len(ids) > row.seats:
            raise HostError("invite.too_many", "more players than seats", n=row.seats)
        for user_id, name in invited:
            row.seat_rows.append(SeatRow(len(row.seat_rows), name, user_id))
        until = min(expires_at, self.clock() + INVITATION_S)
        return [InvitationRow(row.id, user_id, PENDING, until) for user_id in ids]

    async def _info(self, match_id: str) -> LobbyInfo:
        return await self.lobbies.of(match_id)

    # --- answers --------------------------------------------------------------------------

    async def accept(self, match_id: str, user_id: int, name: str) -> LobbyInfo:
        """A named player takes their seat for good (back, if they had declined or left)."""
        async with self.lock(match_id):
            live = await self._open(match_id)
            await self._accept(live, user_id, name)
        return await self._info(match_id)

    async def decline(self, match_id: str, user_id: int) -> LobbyInfo:
        """A named player says no: their seat is free for anyone, the lobby shows who said no."""
        async with self.lock(match_id):
            live = await self._open(match_id)
            info = await self._info(match_id)
            invitation = info.invitation(user_id)
            if invitation is None:
                raise HostError("invite.none", "you were not invited to this table")
            if invitation.status == DECLINED:
                raise HostError("invite.already_declined", "you declined already")
            rest = [s for s in live.row.seat_rows if s.user_id != user_id]
            seats = [SeatRow(n, s.name, s.user_id, s.ai) for n, s in enumerate(rest)]
            await self.store.answer_invitation(match_id, user_id, DECLINED, seats)
            live.row.seat_rows = seats
        return await self._info(match_id)

    async def _open(self, match_id: str) -> LiveMatch:
        """The lobby an answer is for; a lobby that expired says so (the invitation did too)."""
        live = await self._current(match_id)
        if live.row.status != "lobby":
            if live.row.end_reason == "expired":
                raise HostError("invite.expired", "this invitation has expired")
            raise HostError("lobby.closed", "this table is no longer open", match=match_id)
        return live

    async def _accept(self, live: LiveMatch, user_id: int, name: str) -> None:
        """Under the match's lock: `user_id`'s invitation accepted and their seat held."""
        info = await self._info(live.id)
        invitation = info.invitation(user_id)
        if invitation is None:
            raise HostError("invite.none", "you were not invited to this table")
        if invitation.status == ACCEPTED:
            raise HostError("invite.already_accepted", "you accepted already")
        if invitation.expires_at <= self.clock():
            raise HostError("invite.expired", "this invitation has expired")
        seats = list(live.row.seat_rows)
        if live.seat_of(user_id) is None:
            if len(seats) >= live.row.seats:
                raise HostError("lobby.full", "this table is full")
            seats.append(SeatRow(len(seats), name, user_id))
        await self.store.answer_invitation(live.id, user_id, ACCEPTED, seats)
        live.row.seat_rows = seats

    async def _invited(self, match_id: str, user_id: int) -> bool:
        """Whether `user_id` was named by the lobby and has not accepted yet (joining is then
        accepting)."""
        invitation = (await self._info(match_id)).invitation(user_id)
        return invitation is not None and invitation.status != ACCEPTED

    async def _answered_seats(self, live: LiveMatch) -> list[SeatRow]:
        """The seats a table starts with: everyone but the named players who did not accept."""
        info = await self._info(live.id)
        waiting = {i.user_id for i in info.invitations if i.status != ACCEPTED}
        kept = [s for s in live.row.seat_rows if s.user_id not in waiting]
        return [SeatRow(n, s.name, s.user_id, s.ai) for n, s in enumerate(kept)]

    # --- expiry ---------------------------------------------------------------------------

    async def expire_lobby(self, match_id: str, owner: str) -> bool:
        """A lobby's expiry claimed by `owner` came: an open lobby closes (True); one that
        started or was cancelled meanwhile only forgets its expiry."""
        async with self.lock(match_id):
            row = await self.store.lobby(match_id)
            if row is None or row.expires_at is None:
                return False
            if row.expires_at > self.clock():  # not due on this process's clock
                await self.store.release_lobby(match_id, owner)
                return False
            live = await self._current(match_id)
            closed = live.row.status == "lobby"
            if closed:
                live.row.status, live.row.end_reason = "ended", "expired"
                await self.store.update_match(match_id, status="ended", end_reason="expired")
            await self.store.close_lobby(match_id)
            return closed

    # --- rematches ------------------------------------------------------------------------

    async def rematch(self, match_id: str, user_id: int, name: str) -> Rematch:
        """A player of a finished match asks to play it again: the rematch's lobby opens
        (this player accepted, the others named), or this player accepts the one opened."""
        async with self.lock(match_id):
            old = await self._current(match_id)
            if old.row.status != "finished":
                raise HostError("rematch.not_finished", "this match is not over")
            if old.seat_of(user_id) is None:
                raise HostError("rematch.not_player", "only its players ask for a rematch")
            lobby, opened = await self.store.rematch_lobby(match_id), False
            if lobby is None:
                lobby, opened = await self._open_rematch(old.row, user_id)
            where = old.row.game, old.row.guild_id, old.row.channel_id
        if not opened:
            await self._accept_rematch(lobby.match_id, user_id, name)
        return Rematch(await self._info(lobby.match_id), opened, *where)

    async def _open_rematch(self, old: MatchRow, user_id: int) -> tuple[LobbyRow, bool]:
        """The rematch's lobby: seats rotated by one (AI seats kept), every person named, the
        one who asked accepted; and True. Another process may have opened it first: then
        that one, and False."""
        expires_at = await self._lobby_room(old.guild_id, user_id)
        n = len(old.seat_rows)
        rotated = [old.seat_rows[(i + 1) % n] for i in range(n)]
        now = self.clock()
        row = MatchRow(
            id=new_match_id(self.draws),
            game=old.game,
            status="lobby",
            seats=n,
            seed=0,
            created_at=now,
            updated_at=now,
            options=dict(old.options),
            settings=dict(old.settings),
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host_user_id=user_id,
            seat_rows=[SeatRow(i, s.name, s.user_id, s.ai) for i, s in enumerate(rotated)],
        )
        until = min(expires_at, now + INVITATION_S)
        invitations = [
            InvitationRow(row.id, s.user_id, ACCEPTED if s.user_id == user_id else PENDING, until)
            for s in rotated
            if s.user_id is not None
        ]
        lobby = LobbyRow(row.id, expires_at, rematch_of=old.id)
        try:
            await self._create_lobby(row, lobby, invitations)
        except ConstraintViolation:
            theirs = await self.store.rematch_lobby(old.id)
            if theirs is None:
                raise
            return theirs, False
        return lobby, True

    async def _accept_rematch(self, match_id: str, user_id: int, name: str) -> None:
        """A click on Rematch once the rematch's lobby `match_id` is open: accepting it, or
        a sentence."""
        async with self.lock(match_id):
            live = await self._current(match_id)
            if live.row.status == "active" or live.row.status == "finished":
                raise HostError("rematch.started", "the rematch has started")
            if live.row.status != "lobby":
                raise HostError("rematch.closed", "the rematch's table has closed")
            try:
                await self._accept(live, user_id, name)
            except HostError as exc:
                if exc.key == "invite.already_accepted":
                    raise HostError("rematch.again", "you asked for this rematch already") from None
                raise


def _too_many() -> HostError:
    return HostError("lobby.too_many", "you have enough open tables here", n=MAX_OPEN_LOBBIES)
