"""Issue 19 §7: a match watched again through the fake Discord, move by move.

The final table carries an animated summary (a GIF, with alt text) and a Replay button;
the viewer is an ephemeral of the one who asked, stepped with ⏮ ◀ ▶ ⏭, each click an edit
of that same message showing the public picture of the step, the recap of its move and
"move k of n". A running match can be looked back on too, and then no payload of the viewer
shows anything only one seat may know. A match that is not there, or is another server's,
gets one sentence.

Pictures are stand-ins drawn from the view they are given (a colour from its JSON), so two
different public views give two different pictures in a millisecond, and which view was
drawn can be checked against the public view of each step.
"""

from __future__ import annotations

import hashlib
import io
import random
from typing import Any

import pytest
from PIL import Image
from pydantic import BaseModel

from bot.games import adapter_for, adapters
from bot.ui.safe_text import md_all, plain_all
from games.core.contract import Event
from games.core.replay import start
from games.registry import get_game
from storage import SeatRow
from tests.discord.driver import (
    forged_button,
    play_turns,
    private_only,
    settle,
    start_match,
    table_message,
)
from tests.discord.payload_log import PayloadLog, Sent

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's, for a bot's message


def stand_in(view: BaseModel) -> bytes:
    """The stand-in picture of a view: a small PNG of a colour taken from its JSON."""
    colour = tuple(hashlib.sha256(view.model_dump_json().encode()).digest()[:3])
    out = io.BytesIO()
    Image.new("RGB", (48, 32), colour).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[BaseModel]:
    """Every game draws its stand-in pictures; the views drawn, in order."""
    views: list[BaseModel] = []

    def render(self: Any, view: BaseModel, names: list[str], **kw: Any) -> bytes:
        views.append(view)
        return stand_in(view)

    for adapter in adapters().values():
        monkeypatch.setattr(type(adapter), "render", render)
    return views


async def steps_of(bot: Any, match_id: str) -> list[tuple[Any, list[Event]]]:
    """(the state after move k, the events of move k) for k = 0…n, replayed here from the
    match's exported record, apart from the bot's own replay."""
    live = await bot.host.get(match_id)
    game = get_game(live.game)
    state = start(game, await bot.host.record(match_id))
    out: list[tuple[Any, list[Event]]] = [(state, [])]
    for entry in (await bot.host.record(match_id)).actions:
        state, events = game.apply(state, entry.seat, game.parse_action(entry.action))
        out.append((state, events))
    return out


def described(message: Any) -> str:
    return message.embeds[0]["description"]


async def test_a_finished_match_is_replayed_move_by_move_and_its_table_has_a_summary(world, drawn):
    alice, bob = world.user("alice"), world.user("bob")
    async with world.bot() as bot:
        match_id, thread, _ = await start_match(world, bot, alice, [], ais=1, game="city-of-light")
        # alice (an admin) gives her seat to an AI: the AIs play the match to its end.
        world.fake.make_admin(alice, world.guild)
        replaced = await alice.slash(
            world.games, "admin replace", match=match_id, seat=1, ai="greedy"
        )
        assert replaced.ephemeral, replaced
        await settle(world, bot)
        live = await bot.host.get(match_id)
        assert live.status == "finished"
        n = live.version
        steps = await steps_of(bot, match_id)
        game, adapter = get_game("city-of-light"), adapter_for("city-of-light")
        names = md_all(list(live.names))
        plain_names = plain_all(list(live.names))

        # The final table: its animated summary, within the upload limit, with alt text.
        final = table_message(world, thread)
        gif = next(a for a in final.attachments if a.filename == "summary.gif")
        assert len(gif.data) < UPLOAD_LIMIT
        animation = Image.open(io.BytesIO(gif.data))
        assert animation.format == "GIF" and animation.n_frames > 1
        assert gif.description.startswith("Animated summary of this City of Light match")
        assert f"{n} moves in all" in gif.description and len(gif.description) <= 1024

        # bob, who never sat at the table, opens the viewer: an answer only he sees.
        opened = await bob.click(final, "Replay")
        assert opened.ephemeral and opened.message.ephemeral_for == bob.id, opened
        viewer = opened.message
        assert f"Set-up** · move 0 of {n}" in described(viewer)
        assert viewer.attachments[0].data == stand_in(game.view(steps[0][0], None))
        assert viewer.find_component(label="◀").get("disabled")

        def shows(k: int) -> None:
            """The viewer shows step k: where, the move's recap, the public picture."""
            text = described(viewer)
            assert f"Move {k} of {n}" in text, (k, text)
            public = [e for e in steps[k][1] if e.to is None]
            for line in adapter.recap_lines(public, names, None):
                assert line in text, (k, line)
            picture = viewer.attachments[0]
            assert picture.data == stand_in(game.view(steps[k][0], None))
            # Its alt text says which step, then the table then, as the live table's does:
            # whose turn it was (or who won), and the move's recap.
            alt = f"The public table of this City of Light match after move {k} of {n}."
            assert picture.description.startswith(alt) and len(picture.description) <= 1024
            view = game.view(steps[k][0], None)
            over = game.result(steps[k][0]) if game.is_over(steps[k][0]) else None
            said = over.winners if over is not None else view.to_act
            assert all(plain_names[seat] in picture.description for seat in said)
            assert "Last move:" in picture.description or not public

        for k in range(1, n + 1):  # ▶ to the last move: each click edits the same message
            clicked = await bob.click(viewer, "▶")
            assert clicked.responded and clicked.message.id == viewer.id, clicked
            shows(k)
        assert "Final result" in described(viewer)
        assert viewer.find_component(label="▶").get("disabled")
        for k in range(n - 1, 0, -1):  # ◀ back to the first move
            assert (await bob.click(viewer, "◀")).message.id == viewer.id
            shows(k)
        await bob.click(viewer, "⏭")
        shows(n)
        await bob.click(viewer, "⏮")
        assert f"move 0 of {n}" in described(viewer)
        # Only public views were ever drawn for the replay.
        public_views = [game.view(state, None) for state, _ in steps]
        assert all(view in public_views for view in drawn)

        # The same from the command, as anybody in the server may ask it.
        asked = await bob.slash(world.games, "lutece replay", match=match_id.upper())
        assert asked.ephemeral and f"move 0 of {n}" in described(asked.message)


def seat_secrets(key: str, steps: list[tuple[Any, list[Event]]], names: list[str]) -> set[str]:
    """Every line only one seat may know at some step: the lines of its private text that no
    other seat's has, and the lines telling a move's private events ("you drew…")."""
    game, adapter = get_game(key), adapter_for(key)
    found: set[str] = set()
    for state, events in steps:
        views = [game.view(state, seat) for seat in range(len(names))]
        for lines in private_only(adapter, views, names).values():
            found |= lines
        for event in events:
            if event.to is not None and (line := adapter.describe(event, names, None)):
                found.add(line.strip())
    return found


def leaks(sent: list[Sent], secrets: set[str]) -> list[str]:
    return [f"{s!r} shows {line!r}" for s in sent for line in secrets if line in s.text]


async def test_a_running_match_is_replayed_without_any_seats_secret(world, drawn):
    alice, bob, carol = world.user("alice"), world.user("bob"), world.user("carol")
    log = PayloadLog(world.fake)
    with log.installed():
        async with world.bot() as bot:
            match_id, thread, _ = await start_match(
                world, bot, alice, [bob], ais=1, game="moscow-paris"
            )
            rng = random.Random(3)
            await play_turns(world, bot, match_id, thread, [alice, bob], rng, turns=6)
            live = await bot.host.get(match_id)
            assert live.status == "active"
            n = live.version
            steps = await steps_of(bot, match_id)
            names = md_all(list(live.names))
            secrets = seat_secrets("moscow-paris", steps, names)
            assert any("Your hand" in line for line in secrets)  # the scan has hands to find
            assert any("You drew" in line for line in secrets)  # and private draws
            since, drawn_before = len(log.sent), len(drawn)
            # alice plays in the match, carol watches: both step through all of it.
            for user in (alice, carol):
                viewer = (await user.slash(world.games, "lutece replay", match=match_id)).message
                assert viewer.ephemeral_for == user.id
                for _ in range(n):
                    assert (await user.click(viewer, "▶")).message.id == viewer.id
                assert f"Move {n} of {n}" in described(viewer)
                for _ in range(n):
                    await user.click(viewer, "◀")
                await user.click(viewer, "⏭")
            await settle(world, bot)
            assert (await bot.host.get(match_id)).version == n  # watching changed nothing
    sent = log.sent[since:]
    assert len(sent) == 2 * (2 * n + 2)  # every answer and edit of both viewers, scanned
    assert all(s.text for s in sent)
    assert leaks(sent, secrets) == []
    # The scan sees each kind of payload text, and a secret there would be caught.
    texts = "\n".join(s.text for s in sent)
    assert "The public table of this Moscow–Paris match" in texts and "▶" in texts
    forged = Sent(0, "edit", 1, thread.id, alice.id, next(iter(secrets)))
    assert leaks([forged], secrets)
    # Only public views were drawn while replaying.
    public_views = [get_game("moscow-paris").view(state, None) for state, _ in steps]
    assert drawn[drawn_before:] and all(view in public_views for view in drawn[drawn_before:])


async def test_an_unknown_match_or_another_servers_gets_one_sentence(world, drawn):
    alice = world.user("alice")
    async with world.bot() as bot:
        seats = [SeatRow(0, "x", ai="greedy"), SeatRow(0, "y", ai="greedy")]
        elsewhere = await bot.host.create("city-of-light", seats, guild_id=world.guild.id + 1)
        assert elsewhere.finished
        for match in ("0badcafe", elsewhere.info.id, "no such id!"):
            answer = await alice.slash(world.games, "lutece replay", match=match)
            assert answer.ephemeral and answer.content == "⚠️ I don't know that match.", answer
            assert not answer.embeds and not answer.message.attachments
        # A step that is no number is one sentence; one past the end is the last move.
        mine = await bot.host.create(
            "city-of-light", seats, guild_id=world.guild.id, channel_id=world.games.id
        )
        n = mine.info.version
        for arg, expected in (("x~1", "not one of mine"), (f"{10**19}~3", f"Move {n} of {n}")):
            custom_id = f"lt:{mine.info.id}:frame:{arg}"
            forged = forged_button(world, world.games, custom_id)
            clicked = await alice.click(forged, "Forged")
            assert clicked.responded and not clicked.failed, clicked
            shown = clicked.content or ""
            if clicked.message.embeds:
                shown += described(clicked.message)
            assert expected in shown, (arg, clicked)
        await settle(world, bot)
