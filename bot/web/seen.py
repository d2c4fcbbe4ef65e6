"""What a reader of the web board is shown: their screen as JSON and its picture.

A seat whose turn it is gets the turn's screen (`bot.ui.screens`, the Discord panel's own
model): the choices of the step, the places tagged on its picture with where each tag is
(a button goes over it), Back, and at the end the move with its public preview. Everybody
else — a seat waiting, a spectator — gets the public table. Only what the host gives that
audience is used: the public view, and a seat's own view for that seat alone.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlencode

from bot.games import adapter_for
from bot.i18n import t
from bot.render.drawing import TagBox
from bot.services import Services
from bot.ui.pictures import Tagged
from bot.ui.screens import Screen, label_names, screen
from bot.web.access import Reader
from games.host.info import MatchInfo

KEEP_TAGGED = 64  # tagged pictures kept between a screen and the fetch of its picture


def parse_path(text: str) -> tuple[str, ...]:
    """A path of step codes as a page sends it, `code/code/…` (codes never hold "/")."""
    return tuple(code for code in text.split("/") if code)


def turn_of(bot: Services, reader: Reader, path: tuple[str, ...]) -> Screen | None:
    """The reader's turn screen at `path`, if the match waits for the reader's seat."""
    match, seat = reader.match, reader.grant.seat
    if seat is None or match.status != "active" or seat not in match.to_act:
        return None
    return screen(bot.host, match, seat, path, reader.language)


class Seen:
    """Screens and pictures for readers; a turn's tagged picture is drawn once for its
    screen (which needs its tags' boxes) and kept for the page's fetch of it."""

    def __init__(self, bot: Services) -> None:
        self.bot = bot
        self._tagged: OrderedDict[tuple[str, int, int, tuple[str, ...], str], Tagged] = (
            OrderedDict()
        )

    async def tagged(self, reader: Reader, shown: Screen) -> Tagged:
        match, seat = reader.match, reader.grant.seat
        assert seat is not None  # a turn screen is a seat's
        key = (match.id, match.version, seat, shown.prefix, reader.language)
        kept = self._tagged.get(key)
        if kept is None:
            own = seat if shown.own else None
            kept = await self.bot.pictures.tagged(match, reader.language, shown.places, own)
            self._tagged[key] = kept
            while len(self._tagged) > KEEP_TAGGED:
                self._tagged.popitem(last=False)
        self._tagged.move_to_end(key)
        return kept

    async def picture(self, reader: Reader, path: tuple[str, ...], preview: bool) -> bytes:
        """The picture of the reader's screen at `path`: the public preview of the move to
        confirm, the tagged board (the seat's own where the step shows it), or the public
        table."""
        match = reader.match
        shown = turn_of(self.bot, reader, path)
        if shown is not None and preview and shown.confirm is not None:
            seat, index = reader.grant.seat, shown.confirm.index
            assert seat is not None
            after = self.bot.host.preview(match, seat, index)
            if after is not None:
                return await self.bot.pictures.preview(match, seat, index, after, reader.language)
        if shown is not None and shown.confirm is None and (shown.places or shown.own):
            return (await self.tagged(reader, shown)).png
        return await self.bot.pictures.board(match, reader.language)

    async def screen(self, reader: Reader, path: tuple[str, ...]) -> dict[str, Any]:
        """The reader's screen as the page's JSON."""
        bot, match, language = self.bot, reader.match, reader.language
        seat = reader.grant.seat
        adapter = adapter_for(match.game)
        names = label_names(match)
        public = bot.host.view(match, None)
        body: dict[str, Any] = {
            "match": match.id,
            "version": match.version,
            "game": t(f"game.{match.game}", language),
            "language": language,
            "seat": seat,
            "names": names,
            "status": adapter.status_lines(public, names, language),
            "recap": adapter.recap_lines(list(match.last_events), names, language),
            "headline": headline(match, names, language),
            "mine": None,
            "turn": None,
            "words": {
                "back": t("panel.back", language),
                "confirm": t("panel.confirm_button", language),
                "secrets": t("web.secrets", language),
                "spectating": t("web.spectating", language),
                "updated": t("web.updated", language),
            },
        }
        if seat is not None:
            body["mine"] = adapter.private_text(bot.host.view(match, seat), names, language)
        shown = turn_of(bot, reader, path)
        own = None
        if shown is not None and not shown.nothing:
            body["turn"] = await self.turn(reader, shown)
            own = seat if shown.own and shown.confirm is None else None
        # The board (tagged at a step offering places); a confirm screen's public preview,
        # where there is one, is its own picture (`turn.confirm.preview`).
        path_shown = body["turn"]["path"] if body["turn"] else None
        body["picture"] = {
            "url": picture_url(match, path_shown, language),
            "alt": adapter.alt_text(
                public,
                names,
                language,
                events=match.last_events,
                own=None if own is None else bot.host.view(match, own),
            ),
        }
        return body

    async def turn(self, reader: Reader, shown: Screen) -> dict[str, Any]:
        """The turn part of a screen: the step's choices (with the box of each one's tag on
        the picture), Back, or the move to confirm with its preview."""
        path = "/".join(shown.prefix)
        turn: dict[str, Any] = {
            "path": path,
            "prompt": shown.prompt,
            "chosen": list(shown.chosen),
            "back": shown.back,
            "choices": [],
            "confirm": None,
        }
        if shown.confirm is not None:
            turn["confirm"] = self.confirm(reader, shown, path)
            return turn
        boxes: dict[str, tuple[float, ...]] = {}
        if shown.places or shown.own:
            boxes = tag_boxes((await self.tagged(reader, shown)).boxes)
        turn["choices"] = [
            {
                "code": c.code,
                "path": "/".join((*shown.prefix, c.code)),
                "label": c.label,
                "tag": c.tag,
                "box": list(boxes[c.tag]) if c.tag in boxes else None,
            }
            for c in shown.choices
        ]
        return turn

    def confirm(self, reader: Reader, shown: Screen, path: str) -> dict[str, Any]:
        match, language = reader.match, reader.language
        seat, move = reader.grant.seat, shown.confirm
        assert seat is not None and move is not None
        adapter = adapter_for(match.game)
        names = label_names(match)
        after = self.bot.host.preview(match, seat, move.index)
        body: dict[str, Any] = {
            "index": move.index,
            "version": match.version,
            "label": move.label,
            "lines": [],
            "preview": None,
        }
        if after is None:
            body["lines"] = [t("panel.no_preview", language)]
            return body
        body["lines"] = adapter.recap_lines(after.events, names, language)
        body["preview"] = {
            "url": picture_url(match, path, language, preview=True),
            "alt": adapter.alt_text(after.view, names, language, events=after.events),
        }
        return body


def tag_boxes(drawn: Iterable[TagBox]) -> dict[str, tuple[float, ...]]:
    """Each tag's box on the picture. Tags drawn together ("1/2": two choices at one place)
    share their box side by side, as they are written: two buttons over the same box would
    leave the one beneath beyond a pointer's reach."""
    boxes: dict[str, tuple[float, ...]] = {}
    for tag_box in drawn:
        tags = tag_box.text.split("/")
        left, top, right, bottom = tag_box.box
        width = (right - left) / len(tags)
        for k, tag in enumerate(tags):
            boxes.setdefault(tag, (left + k * width, top, left + (k + 1) * width, bottom))
    return boxes


def headline(match: MatchInfo, names: list[str], language: str) -> str:
    """Whose turn it is, or who won, or that the match is over."""
    if match.result is not None:
        winners = ", ".join(names[s] for s in match.result.winners)
        return t("alt.winners", language, names=winners)
    if match.status != "active":
        return t("web.over", language)
    return t("alt.turn", language, names=", ".join(names[s] for s in sorted(match.to_act)))


def picture_url(match: MatchInfo, path: str | None, language: str, preview: bool = False) -> str:
    """Where the page fetches a screen's picture (with its token, like every API call)."""
    query = {
        "lang": language,
        **({"path": path} if path else {}),
        **({"preview": "1"} if preview else {}),
    }
    return f"/api/board/{match.id}/picture/{match.version}.png?{urlencode(query)}"
