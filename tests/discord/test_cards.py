"""Issue 20 §4: the table and the turn panel are Components V2 cards, so a picture and its
buttons stay together on every client: one container holding the words as Text Displays,
the picture in a media gallery (its alt text the item's description) and the buttons and
selects in action rows. Every game's offline demo is played on the fake, which refuses
(400) a V2 payload real Discord would refuse (`fakediscord.component_limits`); every table
and panel body the bot sent is checked as it was at the time (a later edit hides it)."""

from __future__ import annotations

import copy
import dataclasses
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import discord
import pytest

import fakediscord.rest as fake_rest
from bot.demo import run_demo
from bot.games import adapters, demo_script
from bot.ui.layout import Card
from bot.ui.panel import SELECTS_PER_PANEL
from fakediscord import FakeDiscord
from fakediscord.limits import check_message
from fakediscord.messages import IS_COMPONENTS_V2, Message
from fakediscord.testing import ErrorLogCatcher
from tests.discord.payload_log import flatten

ACTION_ROW, SELECT, TEXT, GALLERY, CONTAINER = 1, 3, 10, 12, 17
PANEL_VERBS = {"pick", "step", "do"}  # custom_ids lt:<match>:<verb>:<arg>
TABLE_VERBS = {"turn", "replay"}
ALT_LIMIT = 1024


@dataclasses.dataclass(frozen=True)
class Body:
    """A message as one create or edit of the bot left it."""

    ephemeral: bool
    v2: bool
    content: str
    embeds: list
    components: list
    files: list[str]

    def verbs(self) -> set[str]:
        ids = (c.get("custom_id", "") for c in walk(self.components))
        return {cid.split(":")[2] for cid in ids if cid.startswith("lt:")}

    @property
    def kind(self) -> str | None:
        if self.ephemeral and self.verbs() & PANEL_VERBS:
            return "panel"
        if not self.ephemeral and self.verbs() & TABLE_VERBS:
            return "table"
        return None


def walk(components: list) -> Iterator[dict]:
    for comp in components:
        yield comp
        yield from walk(comp.get("components") or [])


@contextmanager
def recorded(bodies: list[Body]) -> Iterator[None]:
    """Every message body the bot sent, as the fake stored it, create or edit."""
    create, edit = fake_rest.create_message, fake_rest.edit_message

    def keep(fake: FakeDiscord, msg: Message) -> None:
        if msg.author_id == fake.bot_user.id:
            bodies.append(
                Body(
                    msg.ephemeral,
                    msg.is_components_v2,
                    msg.content,
                    list(msg.embeds),
                    copy.deepcopy(msg.components),
                    [a.filename for a in msg.attachments],
                )
            )

    def recording_create(fake, chan, payload, files, **kwargs):
        msg = create(fake, chan, payload, files, **kwargs)
        keep(fake, msg)
        return msg

    def recording_edit(fake, msg, payload, files, path=""):
        result = edit(fake, msg, payload, files, path)
        keep(fake, msg)
        return result

    fake_rest.create_message, fake_rest.edit_message = recording_create, recording_edit
    try:
        yield
    finally:
        fake_rest.create_message, fake_rest.edit_message = create, edit


def card_problems(body: Body) -> list[str]:
    """What keeps a table or panel body from being a card: the flag, no content or embed,
    one container (after, at most, the recap's Text Display) holding text and action rows;
    each picture in a gallery naming a file of the message, with its alt text."""
    if not body.v2 or body.content or body.embeds:
        return ["not a Components V2 message"]
    *above, box = body.components
    if box.get("type") != CONTAINER or [c.get("type") for c in above] not in ([], [TEXT]):
        return [f"not one container: {[c.get('type') for c in body.components]}"]
    kinds = [c.get("type") for c in box["components"]]
    problems = [f"no {what}" for what, t in (("text", TEXT), ("row", ACTION_ROW)) if t not in kinds]
    for gallery in (c for c in box["components"] if c.get("type") == GALLERY):
        for item in gallery["items"]:
            name = item["media"]["url"].removeprefix("attachment://")
            if name not in body.files:
                problems.append(f"{name} is no file of the message")
            if not 0 < len(item.get("description") or "") <= ALT_LIMIT:
                problems.append(f"{name} has no alt text within {ALT_LIMIT} characters")
    return problems


GAMES = [key for key in adapters() if demo_script(key)]


@pytest.mark.long
@pytest.mark.usefixtures("tiny_pictures")
@pytest.mark.parametrize("game", GAMES)
async def test_every_demo_shows_its_table_and_panel_as_cards_discord_accepts(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    said: list[str] = []
    bodies: list[Body] = []
    fake = await FakeDiscord.start()
    catcher = ErrorLogCatcher(prefixes=("discord", "bot", "games", "storage"))
    try:
        with catcher.installed(), recorded(bodies):
            code = await run_demo(None, game=game, out=said.append, pictures=tmp_path, fake=fake)
        refused = [c for c in fake.rest_calls if c.status == 400]
    finally:
        await fake.stop()
    assert code == 0, [line for line in said if line.startswith("error")]
    assert refused == [], refused  # no payload the fake (and Discord) would refuse
    assert not catcher.records, catcher.messages()
    tables = [b for b in bodies if b.kind == "table"]
    panels = [b for b in bodies if b.kind == "panel"]
    assert len(tables) > 5 and len(panels) > 5
    for body in tables + panels:
        assert card_problems(body) == [], (body.kind, body.components)
    # The table's picture is in its card; a panel shows the board, or the preview.
    assert all(any(c.get("type") == GALLERY for c in walk(b.components)) for b in tables)
    assert any(any(c.get("type") == GALLERY for c in walk(b.components)) for b in panels)
    # A final table: its summary beside its picture, Replay and Rematch under them.
    final = [b for b in tables if {"replay", "rematch"} <= b.verbs()]
    assert final and {"table.png", "summary.gif"} <= set(final[-1].files)
    # Once a card, always a card: every later body of the table's thread stays one.
    assert all(b.v2 for b in bodies if not b.ephemeral and "table.png" in b.files)


def _fake_accepts(card: Card) -> dict:
    """The body discord.py sends for `card`, checked by the fake's rules (raises ApiError)."""
    body = {"flags": IS_COMPONENTS_V2, "components": card.view().to_components()}
    check_message(body, attachments=[f.filename for f in card.pictures])
    return body


def test_the_longest_panel_fits_a_card():
    """Four selects of 25 choices, Back under them, the board and a long prompt: within the
    40 components and the 4000 characters of a V2 message, each select alone in its row."""
    menus = [
        discord.ui.Select(
            custom_id=f"lt:m:step:1/{n}",
            options=[
                discord.SelectOption(label=f"choice {n}.{i}", value=str(i)) for i in range(25)
            ],
        )
        for n in range(SELECTS_PER_PANEL)
    ]
    back = discord.ui.Button(label="Back", custom_id="lt:m:step:1/")
    board = discord.File(io.BytesIO(b"png"), filename="board.png", description="x" * 2000)
    card = Card(texts=["p" * 5000], pictures=[board], rows=[*([m] for m in menus), [back]])
    body = _fake_accepts(card)
    (box,) = body["components"]
    rows = [c for c in box["components"] if c["type"] == ACTION_ROW]
    assert [len(r["components"]) for r in rows] == [1] * SELECTS_PER_PANEL + [1]
    (gallery,) = [c for c in box["components"] if c["type"] == GALLERY]
    assert len(gallery["items"][0]["description"]) == ALT_LIMIT


def test_a_long_status_gives_way_but_the_recap_and_its_ping_stay_whole():
    """A table's recap ends with the ping: the status below it is what gets cut."""
    recap = "\n".join(["🏪 a shop opened"] * 100 + ["<@1>, your turn!"])[-2000:]
    buttons = [discord.ui.Button(label=f"b{n}", custom_id=f"lt:m:pick:1/{n}") for n in range(7)]
    card = Card(texts=["### Paris", "s" * 4000], rows=[buttons], head=recap)
    body = _fake_accepts(card)
    head, box = body["components"]
    assert head["content"] == recap and head["content"].endswith("<@1>, your turn!")
    texts = [c["content"] for c in box["components"] if c["type"] == TEXT]
    assert texts[0] == "### Paris" and texts[1].endswith("…")
    assert len(recap) + sum(map(len, texts)) <= 4000
    rows = [c for c in box["components"] if c["type"] == ACTION_ROW]
    assert [len(r["components"]) for r in rows] == [5, 2]  # five buttons to a row


def test_the_leak_scan_reads_every_word_of_a_card():
    """`matchplay`'s leak scan flattens each body the bot sent: a card's recap, its texts and
    its picture's alt text are all in what it scans."""
    board = discord.File(io.BytesIO(b"png"), filename="table.png", description="alt: secret C")
    card = Card(texts=["### title", "status: secret B"], pictures=[board], head="recap: secret A")
    scanned = flatten({"components": card.view().to_components()})
    assert all(f"secret {x}" in scanned for x in "ABC")
