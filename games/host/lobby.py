"""Tables before they start: open, join, leave, add an AI, set options, cancel, start.

A lobby is a stored match with status `lobby`; its seed is drawn when the host presses Start.
It may name its players and it expires (`games.host.invites`).
Part of `MatchHost` (a mixin only to keep the host's files small): it uses the host's
per-match locks, cache, store and clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from games.core.ai import get_player
from games.host import clocks
from games.host.errors import HostError, as_json, new_match_id, new_seed, parse_settings
from games.host.info import MatchInfo
from games.host.outcome import LiveMatch, Outcome
from games.registry import get_game
from storage.rows import InvitationRow, LobbyRow, MatchRow, SeatRow

if TYPE_CHECKING:
    import asyncio
    import random
    from collections.abc import Callable

    from games.host.settings import GuildSettingsService
    from storage.store import Store


class LobbyMixin:
    """The lobby half of `MatchHost`; these names are provided by `MatchHost` itself."""

    store: Store
    guilds: GuildSettingsService
    clock: Callable[[], float]
    draws: random.Random | None
    _live: dict[str, LiveMatch]

    if TYPE_CHECKING:

        def lock(self, match_id: str) -> asyncio.Lock: ...
        def _remember(self, live: LiveMatch) -> None: ...
        async def _current(self, match_id: str) -> LiveMatch: ...
        def _deadline(self, live: LiveMatch, status: str = "active") -> float | None: ...
        async def _drive_ai(
            self, match_id: str, outcome: Outcome, *, call: float | None = None
        ) -> None: ...
        async def _lobby_room(self, guild_id: int | None, host_user_id: int) -> float: ...
        async def _create_lobby(
            self, row: MatchRow, lobby: LobbyRow, invitations: Sequence[InvitationRow]
        ) -> None: ...
        def _invitations(
            self, row: MatchRow, invited: Sequence[tuple[int, str]], expires_at: float
        ) -> list[InvitationRow]: ...
        async def _invited(self, match_id: str, user_id: int) -> bool: ...
        async def _accept(self, live: LiveMatch, user_id: int, name: str) -> None: ...
        async def _answered_seats(self, live: LiveMatch) -> list[SeatRow]: ...

    async def _new_table(
        self,
        game_key: str,
        opts: BaseModel,
        seat_rows: list[SeatRow],
        *,
        size: int,
        guild_id: int | None,
        channel_id: int | None,
        settings: Mapping[str, Any] | None,
        host_user_id: int | None = None,
    ) -> MatchRow:
        """A new table as stored: a fresh id, a lobby of `size` seats with `seat_rows` taken,
        its parsed options and its settings on top of the server's defaults."""
        now = self.clock()
        return MatchRow(
            id=new_match_id(self.draws),
            game=game_key,
            status="lobby",
            seats=size,
            seed=0,
            created_at=now,
            updated_at=now,
            options=opts.model_dump(mode="json"),
            settings=await self._table_settings(guild_id, settings),
            guild_id=guild_id,
            channel_id=channel_id,
            host_user_id=host_user_id,
            seat_rows=seat_rows,
        )

    async def open_lobby(
        self,
        game_key: str,
        *,
        host_user_id: int,
        host_name: str,
        seats: int | None = None,
        edition: str | None = None,
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        invite: Sequence[tuple[int, str]] = (),
    ) -> MatchInfo:
        """A new table waiting for players; its creator takes seat 0. `seats`: at most how
        many (default: the game's most, or the creator and the players named); `edition`: a
        named option preset, `options` on top; `settings` on top of the server's defaults
        (its clock, what a timeout does). `invite`: the players named (id, name), who hold the
        next seats until they answer. The options are parsed here, once, and stored. A host
        has a few open tables per server at most; each expires after the server's
        `lobby_expiry_s`."""
        game = get_game(game_key)
        max_seats = seats or (min(1 + len(invite), game.max_seats) if invite else game.max_seats)
        game.check_seats(max_seats)
        opts = game.parse_options({**game.edition_options(edition), **(options or {})})
        expires_at = await self._lobby_room(guild_id, host_user_id)
        row = await self._new_table(
            game_key,
            opts,
            [SeatRow(seat=0, name=host_name, user_id=host_user_id)],
            size=max_seats,
            guild_id=guild_id,
            channel_id=channel_id,
            settings=settings,
            host_user_id=host_user_id,
        )
        invitations = self._invitations(row, invite, expires_at)
        await self._create_lobby(row, LobbyRow(row.id, expires_at), invitations)
        live = LiveMatch(row=row, game=game)
        self._remember(live)
        return live.info()

    async def join(self, match_id: str, user_id: int, name: str) -> MatchInfo:
        """A seat for `user_id`; for a player the table named, accepting its invitation."""
        async with self.lock(match_id):
            live = await self._lobby(match_id)
            if await self._invited(match_id, user_id):
                await self._accept(live, user_id, name)
                return live.info()
            if live.seat_of(user_id) is not None:
                raise HostError("lobby.already_joined", "you are already at this table")
            self._add_seat(live, SeatRow(seat=0, name=name, user_id=user_id))
            await self.store.set_seats(match_id, live.row.seat_rows)
            return live.info()

    async def add_ai(self, match_id: str, user_id: int, level: str = "greedy") -> MatchInfo:
        async with self.lock(match_id):
            live = await self._lobby(match_id)
            if live.seat_of(user_id) is None:
                raise HostError("lobby.not_seated", "only players at this table may add an AI")
            get_player(level)
            number = 1 + sum(1 for s in live.row.seat_rows if s.ai)
            self._add_seat(live, SeatRow(seat=0, name=f"AI {number}", ai=level))
            await self.store.set_seats(match_id, live.row.seat_rows)
            return live.info()

    async def leave(self, match_id: str, user_id: int) -> MatchInfo:
        async with self.lock(match_id):
            live = await self._lobby(match_id)
            if live.seat_of(user_id) is None:
                raise HostError("lobby.not_seated", "you are not at this table")
            if user_id == live.row.host_user_id:
                raise HostError("lobby.host_cannot_leave", "the host cancels the table instead")
            rest = [s for s in live.row.seat_rows if s.user_id != user_id]
            live.row.seat_rows = [SeatRow(i, s.name, s.user_id, s.ai) for i, s in enumerate(rest)]
            await self.store.set_seats(match_id, live.row.seat_rows)
            return live.info()

    async def set_options(
        self, match_id: str, user_id: int, changes: Mapping[str, Any]
    ) -> MatchInfo:
        """The host changes match options before the start (lobby choices): `changes` are
        merged into the current options and validated by the game, so a bad pick (or anyone
        but the host, or a started table) changes nothing."""
        async with self.lock(match_id):
            live = await self._lobby(match_id)
            self._require_host(live, user_id)
            opts = live.game.parse_options({**live.row.options, **changes})
            options = opts.model_dump(mode="json")
            await self.store.update_match(match_id, options=options)
            live.row.options = options
            return live.info()

    async def set_clock(self, match_id: str, user_id: int, key: str) -> MatchInfo:
        """The host picks the table's clock preset before the start (a lobby choice); anyone
        else, a started table or a preset that does not exist changes nothing."""
        turn_s = clocks.clock(key).turn_s
        async with self.lock(match_id):
            live = await self._lobby(match_id)
            self._require_host(live, user_id)
            changed = {**live.row.settings, "turn_deadline_s": turn_s}
            settings = parse_settings(changed).model_dump(mode="json")
            await self.store.update_match(match_id, settings=settings)
            live.row.settings = settings
            return live.info()

    async def cancel(self, match_id: str, user_id: int) -> MatchInfo:
        async with self.lock(match_id):
            live = await self._lobby(match_id)
            self._require_host(live, user_id)
            live.row.status, live.row.end_reason = "ended", "cancelled"
            await self.store.update_match(match_id, status="ended", end_reason="cancelled")
            return live.info()

    async def start(
        self,
        match_id: str,
        user_id: int | None,
        *,
        seed: int | None = None,
        arrangement: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Deal the game (its seed is drawn now) and let AI seats play until a human must act."""
        async with self.lock(match_id):
            live = await self._lobby(match_id)
            if user_id is not None:
                self._require_host(live, user_id)
            row, game = live.row, live.game
            seats = await self._answered_seats(live)  # without the named who did not accept
            game.check_seats(len(seats))
            if seats != row.seat_rows:
                await self.store.set_seats(match_id, seats)
                row.seat_rows = seats
            row.seats = len(row.seat_rows)
            row.seed = new_seed(self.draws) if seed is None else seed
            live.state = game.setup(
                row.seats, game.parse_options(row.options), row.seed, arrangement
            )
            row.arrangement = game.arrangement(live.state)
            row.snapshot = as_json(game.snapshot(live.state))
            row.status = "active"
            row.deadline_at = self._deadline(live)
            await self.store.update_match(
                match_id,
                status="active",
                seats=row.seats,
                seed=row.seed,
                arrangement=row.arrangement,
                snapshot=row.snapshot,
                deadline_at=row.deadline_at,
            )
            outcome = Outcome(live)
        await self._drive_ai(match_id, outcome)
        return outcome

    async def create(
        self,
        game_key: str,
        seats: list[SeatRow],
        *,
        edition: str | None = None,
        options: Mapping[str, Any] | None = None,
        settings: Mapping[str, Any] | None = None,
        seed: int | None = None,
        arrangement: Mapping[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> Outcome:
        """Open and start a match with a fixed seat list in one go (CLI, tests, demos)."""
        game = get_game(game_key)
        game.check_seats(len(seats))
        opts = game.parse_options({**game.edition_options(edition), **(options or {})})
        row = await self._new_table(
            game_key,
            opts,
            [SeatRow(i, s.name, s.user_id, s.ai) for i, s in enumerate(seats)],
            size=len(seats),
            guild_id=guild_id,
            channel_id=channel_id,
            settings=settings,
        )
        await self.store.create_match(row)
        self._remember(LiveMatch(row=row, game=game))
        return await self.start(row.id, None, seed=seed, arrangement=arrangement)

    async def _table_settings(
        self, guild_id: int | None, chosen: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """A new table's settings: the server's defaults, with the table's choices on top."""
        defaults = await self.guilds.table_defaults(guild_id)
        return parse_settings({**defaults, **(chosen or {})}).model_dump(mode="json")

    def _add_seat(self, live: LiveMatch, seat: SeatRow) -> None:
        if len(live.row.seat_rows) >= live.row.seats:
            raise HostError("lobby.full", "this table is full")
        seat.seat = len(live.row.seat_rows)
        live.row.seat_rows.append(seat)

    def _require_host(self, live: LiveMatch, user_id: int) -> None:
        if user_id != live.row.host_user_id:
            raise HostError("lobby.not_host", "only the player who opened the table may do that")

    async def _lobby(self, match_id: str) -> LiveMatch:
        live = await self._current(match_id)
        if live.row.status != "lobby":
            raise HostError("lobby.closed", "this table is no longer open", match=match_id)
        return live
