"""Whole-database reads and writes for `python -m bot migrate-db`: a match with everything it
owns (row, seats, seat history, the action log, its result) out of one store and into
another, verbatim (same versions, sequence numbers, request ids and times), the private
notices waiting for its players, its lobby (expiry, message, rematch) and invitations, its
web links' generations (a revoked link stays revoked), and the tables beside it (ratings,
prefs, settings, facts).

Part of `Store` (a mixin only to keep the store's file small); written against the same
`Conn` protocol, so it works between any two backends. Deadline and lobby-expiry claims are not
copied: they belong to the processes of the source database.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from storage.base import StoreBase
from storage.codec import (
    GUILD_COLUMNS,
    INSERT_MATCH,
    RECORD_HOLDER,
    dumps,
    guild_settings,
    match_values,
    write_seats,
)
from storage.lobbies import INSERT_INVITATION, INSERT_LOBBY, invitation_values, lobby_values
from storage.results import write_result
from storage.rows import (
    ActionRow,
    GuildSettings,
    InvitationRow,
    LobbyRow,
    MatchResult,
    MatchRow,
    Notice,
    UserPrefs,
)

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

# Children first, so that foreign keys never object while emptying.
TABLES = (
    "board_links",
    "invitations",
    "lobbies",
    "result_seats",
    "match_results",
    "notices",
    "actions",
    "seat_history",
    "seats",
    "matches",
    "ratings",
    "user_prefs",
    "guild_settings",
    "bot_state",
)


@dataclasses.dataclass(slots=True)
class MatchDump:
    """A match and everything it owns, as stored."""

    row: MatchRow
    history: list[tuple[int, int]]  # every user who ever held a seat, and the last one held
    actions: list[ActionRow]
    notices: list[Notice]  # private events not yet shown to their players
    result: MatchResult | None = None  # once it ended
    lobby: LobbyRow | None = None  # its expiry, lobby message and rematch (claims not copied)
    invitations: list[InvitationRow] = dataclasses.field(default_factory=list)
    # (seat, generation) of its web links: a link revoked stays revoked after the move
    links: list[tuple[int, int]] = dataclasses.field(default_factory=list)


class TransferMixin(StoreBase):
    """The migrate-db half of `Store`; these names are provided by `Store` itself."""

    if TYPE_CHECKING:

        async def _select_matches(self, where: str, params: Sequence[Any]) -> list[MatchRow]: ...
        async def actions(self, match_id: str) -> list[ActionRow]: ...
        async def notices(self, match_id: str, seat: int | None = None) -> list[Notice]: ...
        async def result_of(self, match_id: str) -> MatchResult | None: ...
        async def lobby(self, match_id: str) -> LobbyRow | None: ...
        async def invitations(self, match_id: str) -> list[InvitationRow]: ...

    async def match_ids(self) -> list[str]:
        """Every match id, whatever its status, oldest first."""
        async with self._session() as conn:
            rows = await conn.fetch("SELECT id FROM matches ORDER BY created_at, id")
        return [r[0] for r in rows]

    async def dump_match(self, match_id: str) -> MatchDump | None:
        rows = await self._select_matches("WHERE id = ?", (match_id,))
        if not rows:
            return None
        async with self._session() as conn:
            history = await conn.fetch(
                "SELECT user_id, seat FROM seat_history WHERE match_id = ? ORDER BY user_id",
                match_id,
            )
            links = await conn.fetch(
                "SELECT seat, generation FROM board_links WHERE match_id = ? ORDER BY seat",
                match_id,
            )
        return MatchDump(
            rows[0],
            [(r[0], r[1]) for r in history],
            await self.actions(match_id),
            await self.notices(match_id),
            await self.result_of(match_id),
            await self.lobby(match_id),
            await self.invitations(match_id),
            [(r[0], r[1]) for r in links],
        )

    async def load_match(self, dump: MatchDump) -> None:
        """Insert a dumped match, log included, in one transaction (all or nothing)."""
        match_id = dump.row.id
        async with self._transaction() as conn:
            await conn.execute(INSERT_MATCH, *match_values(dump.row))
            await write_seats(conn, match_id, dump.row.seat_rows)
            await conn.executemany(
                RECORD_HOLDER, [(match_id, user, seat) for user, seat in dump.history]
            )
            await conn.executemany(
                "INSERT INTO actions (match_id, seq, seat, action, request_id, user_id, at) "
                "VALUES (?,?,?,?,?,?,?)",
                [
                    (match_id, a.seq, a.seat, dumps(a.action), a.request_id, a.user_id, a.at)
                    for a in dump.actions
                ],
            )
            await conn.executemany(
                "INSERT INTO notices (match_id, seat, version, n, event) VALUES (?,?,?,?,?)",
                [(match_id, x.seat, x.version, x.n, dumps(x.event)) for x in dump.notices],
            )
            if dump.result is not None:  # as it was stored: ratings are copied on their own
                await write_result(conn, dump.result)
            if dump.lobby is not None:
                await conn.execute(INSERT_LOBBY, *lobby_values(dump.lobby))
            await conn.executemany(
                INSERT_INVITATION, [invitation_values(i) for i in dump.invitations]
            )
            await conn.executemany(
                "INSERT INTO board_links (match_id, seat, generation) VALUES (?, ?, ?)",
                [(match_id, seat, generation) for seat, generation in dump.links],
            )

    async def all_prefs(self) -> list[UserPrefs]:
        async with self._session() as conn:
            rows = await conn.fetch(
                "SELECT user_id, dms, dms_closed, locale, language FROM user_prefs ORDER BY user_id"
            )
        return [UserPrefs(r[0], bool(r[1]), bool(r[2]), r[3], r[4]) for r in rows]

    async def all_guild_settings(self) -> list[GuildSettings]:
        async with self._session() as conn:
            rows = await conn.fetch(f"SELECT {GUILD_COLUMNS} FROM guild_settings ORDER BY guild_id")
        return [guild_settings(r) for r in rows]

    async def all_facts(self) -> dict[str, str]:
        async with self._session() as conn:
            rows = await conn.fetch("SELECT key, value FROM bot_state ORDER BY key")
        return {r[0]: r[1] for r in rows}

    async def row_counts(self) -> dict[str, int]:
        """Rows per table: what `migrate-db` checks before writing into a database."""
        counts = {}
        async with self._session() as conn:
            for table in TABLES:
                counts[table] = int((await conn.fetch(f"SELECT count(*) FROM {table}"))[0][0])
        return counts

    async def wipe(self) -> None:
        """Delete every row of every table, in one transaction (`migrate-db --force`)."""
        async with self._transaction() as conn:
            for table in TABLES:
                await conn.execute(f"DELETE FROM {table}")
