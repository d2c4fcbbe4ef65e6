"""One match clicked through the panel by the people at its table, and the scan of every body
the bot sent for a seat's secret shown to somebody else.

A game's match test subclasses `ClickedMatch` with only what is its own: which lines of a
seat's private text are its secrets, how a person picks a move, and the private button's
words. Taking a turn by clicks, fast-forwarding through the host and the leak scan live here
once, for every game.
"""

from __future__ import annotations

import abc
import contextlib
import random
from collections import Counter
from collections.abc import AsyncIterator, Callable
from typing import Any, Self

import pytest

from games.host import MatchHost
from tests.discord.driver import (
    FINAL_BUTTONS,
    path_of,
    pinged_in,
    settle,
    start_match,
    table_message,
    walk_to_confirm,
)
from tests.discord.payload_log import PUBLIC, PayloadLog, Sent

# (bodies sent when taken, seat -> the lines only that seat may read)
Snapshot = tuple[int, dict[int, set[str]]]
Pick = Callable[[Any, int], Any]  # (live match, seat) -> the action to play


def window_leaks(
    sent: list[Sent], snapshots: list[Snapshot], owners: dict[int, int], marks: tuple[str, ...]
) -> list[str]:
    """Bodies showing a seat's secret line to anybody but that seat's player, and bodies
    saying a private mark (`marks`) in public.

    A body is checked against the secrets of the snapshots taken just before and just after
    it; a line equal to one of the reader's own is theirs to read (two seats' may be alike).
    """
    problems = []
    for item in sent:
        k = next((i for i, (n, _) in enumerate(snapshots) if n > item.seq), len(snapshots) - 1)
        window = [snapshots[max(0, k - 1)][1], snapshots[k][1]]
        own = {
            line
            for secrets in window
            for s, u in owners.items()
            if u == item.audience
            for line in secrets.get(s, ())
        }
        for secrets in window:
            for seat, lines in secrets.items():
                if owners.get(seat) == item.audience:
                    continue
                for line in lines - own:
                    if line in item.text:
                        problems.append(f"{item!r} shows seat {seat}'s {line!r}")
        if item.audience == PUBLIC and any(mark in item.text for mark in marks):
            problems.append(f"{item!r}: a private line in public")
    return problems


def fix_the_deal(
    monkeypatch: pytest.MonkeyPatch,
    seed: int | None = None,
    arrangement: Callable[[int], dict[str, Any]] | None = None,
) -> None:
    """Start every match from `seed` and with `arrangement(seats)` where the Start button
    passes neither (it draws a seed and the engine deals at random)."""
    start = MatchHost.start
    fixed_seed, arrange = seed, arrangement

    async def dealt(
        self: MatchHost,
        match_id: str,
        user_id: int,
        *,
        seed: int | None = None,
        arrangement: dict[str, Any] | None = None,
    ) -> Any:
        if arrangement is None and arrange is not None:
            arrangement = arrange(len((await self._loaded(match_id)).row.seat_rows))
        seed = fixed_seed if seed is None else seed
        return await start(self, match_id, user_id, seed=seed, arrangement=arrangement)

    monkeypatch.setattr(MatchHost, "start", dealt)


class ClickedMatch(abc.ABC):
    """Who is who at one table, what the bot sent, and each seat's secrets over time."""

    command: str  # the game's slash command ("paris")
    private_label: str  # the table's button showing a seat its secrets ("My hand")
    private_title: str  # what every such private body says ("Your hand")
    private_marks: tuple[str, ...]  # what no public body may say
    # Every seat starts with the same secrets (a forged first body may then go unseen).
    alike_at_start = False

    def __init__(
        self,
        world: Any,
        bot: Any,
        match_id: str,
        thread: Any,
        users: list[Any],
        log: PayloadLog,
        seed: int = 1,
    ) -> None:
        self.world, self.bot, self.match_id, self.thread = world, bot, match_id, thread
        self.users = {u.id: u for u in users}
        self.log = log
        self.rng = random.Random(seed)
        self.snapshots: list[Snapshot] = []
        self.owners: dict[int, int] = {}
        self.kinds: Counter[str] = Counter()  # the decisions clicked, by action type
        self.panels: list[tuple[int, str]] = []  # (user id, panel text) of every panel opened

    @classmethod
    async def open(
        cls,
        world: Any,
        bot: Any,
        log: PayloadLog,
        host: Any,
        joiners: list[Any],
        *,
        ais: int = 0,
        variant: str | None = None,
        seed: int = 1,
    ) -> Self:
        """`/<command> new`, join, add AIs, start: the people sit in the order they came, the
        AIs after them; every person then looks at their secrets (a private body to scan)."""
        how = {"variant": variant} if variant else {}
        match_id, thread, _ = await start_match(
            world, bot, host, joiners, ais=ais, game=cls.command, **how
        )
        table = cls(world, bot, match_id, thread, [host, *joiners], log, seed)
        await table.snapshot()
        seats = (await table.live()).row.seat_rows
        assert [s.user_id for s in seats] == [u.id for u in (host, *joiners)] + [None] * ais
        assert [bool(s.ai) for s in seats] == [False] * (1 + len(joiners)) + [True] * ais
        await table.ask_privates()
        return table

    @classmethod
    @contextlib.asynccontextmanager
    async def playing(
        cls, world: Any, host: Any, joiners: list[Any], **how: Any
    ) -> AsyncIterator[Self]:
        """`open`, for the length of the block: the bot running, every body it sends kept."""
        log = PayloadLog(world.fake)
        with log.installed():
            async with world.bot() as bot:
                yield await cls.open(world, bot, log, host, joiners, **how)

    @abc.abstractmethod
    def secrets(self, live: Any) -> dict[int, set[str]]:
        """seat -> the lines only that seat may read now."""

    @abc.abstractmethod
    def choose(self, live: Any, seat: int) -> Any:
        """The move a person at `seat` makes when the test does not say."""

    @abc.abstractmethod
    def shows_own(self, live: Any, seat: int, content: str) -> bool:
        """Whether a private body's `content` shows `seat` its own secrets."""

    async def live(self) -> Any:
        return await self.bot.host._loaded(self.match_id)

    async def snapshot(self) -> None:
        live = await self.live()
        self.owners = {s.seat: s.user_id for s in live.row.seat_rows if s.user_id}
        self.snapshots.append((len(self.log.sent), self.secrets(live)))

    def person_to_act(self, live: Any) -> tuple[int, Any] | None:
        if live.row.status != "active":
            return None
        seat = min(live.to_act())
        user = self.users.get(live.row.seat_rows[seat].user_id)
        return (seat, user) if user is not None else None

    async def turn(self, pick: Pick | None = None) -> bool:
        """The person to act plays one decision through the panel; False once nobody can.
        `pick(live, seat)` chooses the action (default: `choose`)."""
        live = await self.live()
        found = self.person_to_act(live)
        if found is None:
            return False
        seat, user = found
        action = (pick or self.choose)(live, seat)
        codes = path_of(self.bot.host, live, seat, action)
        opened = await user.click(table_message(self.world, self.thread), "Take turn")
        assert opened.responded and opened.ephemeral, opened
        self.panels.append((user.id, opened.message.text))
        confirm = await walk_to_confirm(user, opened.message, codes)
        done = await user.click(confirm, "Confirm")
        assert done.responded and "Done" in done.message.text, done.message.text
        self.kinds[action.type] += 1
        await settle(self.world, self.bot)
        await self.snapshot()
        return True

    async def turns(self, count: int) -> int:
        played = 0
        while played < count and await self.turn():
            played += 1
        return played

    async def play_out(self, limit: int = 400) -> int:
        played = 0
        while await self.turn():
            played += 1
            assert played < limit, "the match does not end"
        return played

    async def fast_forward(self, until: Callable[[Any], bool], limit: int = 2000) -> None:
        """The host plays for the people (their `choose`) until `until(state)` holds, no
        Discord message sent; AI seats answer as usual."""
        for _ in range(limit):
            live = await self.live()
            if live.row.status != "active" or until(live.state):
                break
            found = self.person_to_act(live)
            assert found is not None, "nobody at the table to act"
            seat, user = found
            await self.bot.host.act(self.match_id, user.id, self.choose(live, seat), key=None)
        else:
            raise AssertionError("fast-forward never reached its mark")
        await self.snapshot()

    async def ask_privates(self) -> None:
        """Every person at the table presses the private button: a fresh ephemeral of their
        own, showing their own secrets."""
        live = await self.live()
        board = table_message(self.world, self.thread)
        for user in self.users.values():
            mine = await user.click(board, self.private_label)
            assert mine.ephemeral and mine.message.ephemeral_for == user.id
            assert self.shows_own(live, live.seat_of(user.id), mine.content), mine.content

    def assert_finished(
        self, live: Any, game_over: str = "Game over", by_dm: tuple[Any, ...] = ()
    ) -> str:
        """The final table says "Final result" and keeps only the buttons of a finished
        table (`FINAL_BUTTONS`); one game-over post names every winner; every person at the
        table was pinged to play in its thread (past tables no longer say whose turn it was),
        but those `by_dm`, whose turns reach them there only (a turn reaches its player
        once). Returns the final table's text."""
        final = table_message(self.world, self.thread)
        description = final.text
        assert "Final result" in description
        buttons = [c.get("label") for c in final.iter_components() if c.get("type") == 2]
        assert buttons == FINAL_BUTTONS, "a finished table keeps only its own buttons"
        (over,) = [m.text for m in self.world.fake.messages(self.thread) if game_over in m.text]
        winners = live.game.result(live.state).winners
        assert all(live.row.seat_rows[s].name in over for s in winners)
        pinged, dm = pinged_in(self.world, self.thread), {u.id for u in by_dm}
        assert set(self.users) - dm <= pinged and not dm & pinged
        return description

    def leaks(self, sent: list[Sent]) -> list[str]:
        return window_leaks(sent, self.snapshots, self.owners, self.private_marks)

    def assert_no_leaks(self) -> None:
        """No body the bot sent (autocomplete answers included) shows a seat's secret to
        anybody else; and the scan can fail: a real private body of one player, shown to
        another or to everybody, is caught."""
        sent = self.log.with_autocomplete()
        assert self.leaks(sent) == []
        privates = [s for s in sent if self.private_title in s.text]
        assert privates, "the scan saw no private body at all"
        assert all(s.audience != PUBLIC for s in privates)
        caught = [
            bool(self.leaks([Sent(body.seq, "create", 1, body.channel_id, other, body.text)]))
            for body in privates
            for other in self.owners.values()
            if other != body.audience
        ]
        assert any(caught) if self.alike_at_start else caught[0]
        for body in privates:
            assert self.leaks([Sent(body.seq, "edit", 1, body.channel_id, PUBLIC, body.text)])
