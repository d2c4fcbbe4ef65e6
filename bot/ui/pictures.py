"""The table picture of each match, drawn once per match version; and its replay's.

Drawing takes tens of milliseconds; the table, every panel opened on that version and the
final result all show the same picture, so it is drawn once, off the event loop that answers
everybody, and kept for the latest version of recent matches. Pictures are drawn in a few
threads of their own (`LUTECE_PICTURE_THREADS` in each of two lanes, see `Pictures`), never
more at once: a drawing holds the interpreter lock in stretches of Pillow work, so each one
drawn at once takes a share of it from the loop. Threads rather than worker processes, by
measurement (`bot.cli.bench_load`): one picture thread delayed the loop by at most some
30-40 ms, a worker process some 20 ms, both within the 50 ms the loop may stall, and a thread
keeps the drawing in the process of its stand-ins (tests draw a tiny picture).

A replay's pictures are the public table of each step, kept while they are being watched,
and a finished match's animated summary (a GIF of some sixteen of them) is kept too: the
final table that carries it is posted, edited and re-posted with the same one. A turn
panel that asks *where* draws its own copy, with its choices' tags on the board; one at a
step that shows the seat its own secrets (a screen's goods) draws that seat's picture.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from bot.games import adapter_for
from bot.i18n import speaking
from bot.render.animation import animate
from bot.render.drawing import TagBox, recording_tags
from bot.render.marks import label_id
from bot.ui.safe_text import plain_all

if TYPE_CHECKING:
    from games.host import MatchHost
    from games.host.info import MatchInfo
    from games.host.replays import Frame
    from games.host.seats import Preview

KEEP = 256  # matches whose latest picture stays in memory
# The longest a table picture waits for the answers' pictures to be drawn first: under a
# stream of clicks the tables still get drawn.
YIELD_MAX_S = 2.0
KEEP_FRAMES = 64  # replay pictures (a few viewers stepping back and forth)
KEEP_SUMMARIES = 16  # animated summaries (the matches that finished last)
K = TypeVar("K")
T = TypeVar("T")
V = TypeVar("V")


@dataclasses.dataclass(frozen=True, slots=True)
class Tagged:
    """A picture with tags written on it, and where each one is (fractions of the picture)."""

    png: bytes
    boxes: tuple[TagBox, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Summary:
    """A finished match's animated summary, and what its alt text tells: which game, how
    many moves."""

    gif: bytes
    game: str  # the game's key
    moves: int


class Pictures:
    """The pictures of every match, in two lanes of `threads` threads each: pictures that
    answer a click (a panel's board, a preview, a replay's step) never wait behind the tables
    redrawn after other matches' moves, which are follow-ups nobody's answer waits for.

    And a table picture starts only once no answer's picture is waiting or being drawn
    (at most `YIELD_MAX_S` later): drawn at once, the two would share the interpreter lock,
    and the click's answer would take up to twice as long."""

    def __init__(self, host: MatchHost, threads: int = 1) -> None:
        self.host = host
        self._answering = 0  # answers' pictures submitted and not yet drawn
        self._drawn = threading.Condition()
        self.tables_held = 0  # table pictures waiting for the answers' to be drawn
        self._answers = ThreadPoolExecutor(threads, thread_name_prefix="lutece-picture-answer")
        self._tables = ThreadPoolExecutor(threads, thread_name_prefix="lutece-picture-table")
        self._latest: OrderedDict[str, tuple[int, str, bytes]] = OrderedDict()
        self._latest_lock = threading.Lock()  # kept from the picture threads too
        self._frames: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()
        self._summaries: OrderedDict[tuple[str, str], Summary] = OrderedDict()

    async def draw(self, fn: Callable[..., T], *args: Any, answer: bool = True, **kwargs: Any) -> T:
        """`fn(*args, **kwargs)` in a picture thread of its lane (`answer`: a click's answer
        waits for it), in the caller's context (the language it speaks), once one is free."""
        call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
        if not answer:
            return await asyncio.wrap_future(self._tables.submit(self._after_answers, call))
        with self._drawn:
            self._answering += 1
        try:
            future = self._answers.submit(call)
        except BaseException:
            self._answer_done()
            raise
        # Drawn, failed or cancelled unstarted: no longer an answer the tables wait for.
        future.add_done_callback(self._answer_done)
        return await asyncio.wrap_future(future)

    def _answer_done(self, _: object = None) -> None:
        with self._drawn:
            self._answering -= 1
            self._drawn.notify_all()

    def _after_answers(self, call: Callable[[], T]) -> T:
        """In a tables' thread: `call`, once no answer's picture is pending."""
        with self._drawn:
            if self._answering:
                self.tables_held += 1
                self._drawn.wait_for(lambda: not self._answering, YIELD_MAX_S)
                self.tables_held -= 1
        return call()

    async def close(self) -> None:
        """Let the pictures being drawn finish, and end the threads."""
        for lane in (self._answers, self._tables):
            await asyncio.to_thread(lane.shutdown, wait=True, cancel_futures=True)

    async def table(self, match: MatchInfo, language: str) -> bytes:
        """The public picture of the match at `match.version`, its words in `language`,
        the last move ringed: for the table message, after the move's answer."""
        return await self._table(match, language, answer=False)

    async def board(self, match: MatchInfo, language: str) -> bytes:
        """The same picture, for a click's answer (a turn panel)."""
        return await self._table(match, language, answer=True)

    async def _table(self, match: MatchInfo, language: str, *, answer: bool) -> bytes:
        key = (match.id, match.version, language)
        png = self._kept(key)
        if png is not None:
            return png
        adapter = adapter_for(match.game)
        view = self.host.view(match, None)
        names = plain_all(match.names)
        ringed = adapter.last_move(match.last_events)

        def render() -> bytes:
            # Looked for again in the thread: a table waits for the clicks' pictures, and a
            # click on this match (its next player's "Take turn") may have drawn this one.
            png = self._kept(key)
            if png is None:
                png = adapter.render(view, names, highlight=ringed)
                with self._latest_lock:
                    _keep(self._latest, match.id, (key[1], language, png), KEEP)
            return png

        with speaking(language):  # the game's picture words, in the message's language
            return await self.draw(render, answer=answer)

    def _kept(self, key: tuple[str, int, str]) -> bytes | None:
        """The kept picture of (match id, version, language), from the loop or a thread."""
        with self._latest_lock:
            kept = self._latest.get(key[0])
            if kept is None or kept[:2] != key[1:]:
                return None
            self._latest.move_to_end(key[0])
            return kept[2]

    async def tagged(
        self, match: MatchInfo, language: str, tags: Mapping[str, str], seat: int | None = None
    ) -> Tagged:
        """The public picture with `tags` (place -> tag) written at their places: a turn
        panel's, for the seat that asked (not kept: each step tags other places), with where
        each tag was drawn (the web board's buttons). With a `seat`, that seat's own picture
        (`GameAdapter.render_own`: its secrets drawn), for its player alone."""
        adapter = adapter_for(match.game)
        view = self.host.view(match, seat)
        names = plain_all(match.names)
        marks = adapter.last_move(match.last_events)
        marks |= {label_id(tag, place) for place, tag in tags.items()}
        render = adapter.render if seat is None else adapter.render_own

        def draw() -> Tagged:
            with recording_tags() as boxes:
                png = render(view, names, highlight=marks)
            return Tagged(png, tuple(boxes))

        with speaking(language):
            return await self.draw(draw)

    async def preview(
        self, match: MatchInfo, seat: int, index: int, preview: Preview, language: str
    ) -> bytes:
        """The public picture after `seat`'s choice `index` (the host's `preview` of it), what
        the move changes emphasised: a confirm screen's. Drawn in a picture thread (tens of
        milliseconds the event loop keeps for others), its words in `language`."""
        adapter = adapter_for(match.game)
        action = self.host.choices(match, seat)[index]
        names = plain_all(match.names)
        with speaking(language):
            png: bytes = await self.draw(
                adapter.render, preview.view, names, highlight=adapter.highlight(action)
            )
        return png

    async def frame(self, frame: Frame, language: str) -> bytes:
        """The public picture of a replay's step, its move ringed, its words in `language`.
        A step's picture never changes, even while the match runs on."""
        key = (frame.match_id, frame.step, language)
        png = self._frames.get(key)
        if png is None:
            adapter = adapter_for(frame.game)
            names = plain_all(list(frame.names))
            ringed = adapter.last_move(frame.events)
            with speaking(language):
                png = await self.draw(adapter.render, frame.view, names, highlight=ringed)
        _keep(self._frames, key, png, KEEP_FRAMES)
        return png

    async def summary(self, match_id: str, language: str) -> Summary:
        """The animated summary of a finished match (which no longer changes): its public
        table at most `games.host.replays.SUMMARY_FRAMES` times from the set-up to the end,
        drawn and encoded in one picture thread."""
        key = (match_id, language)
        summary = self._summaries.get(key)
        if summary is None:
            frames = await self.host.replays.summary(match_id)
            adapter = adapter_for(frames[0].game)
            names = plain_all(list(frames[0].names))
            steps = max(1, frames[-1].steps)

            def draw() -> bytes:
                pictures = [
                    adapter.render(f.view, names, highlight=adapter.last_move(f.events))
                    for f in frames
                ]
                return animate(pictures, [f.step / steps for f in frames])

            with speaking(language):
                gif = await self.draw(draw, answer=False)
            summary = Summary(gif, frames[-1].game, frames[-1].steps)
        _keep(self._summaries, key, summary, KEEP_SUMMARIES)
        return summary


def _keep(kept: OrderedDict[K, V], key: K, value: V, most: int) -> None:
    """Remember `value` as the most recently used, forgetting the least recently used."""
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > most:
        kept.popitem(last=False)
