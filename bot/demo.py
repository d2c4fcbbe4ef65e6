"""The offline demo: the real bot on a local fake Discord, driven by a script of user actions.

`python -m bot demo [SCRIPT]` (and `make run` without a token) plays the first game's
`bot/games/<game>/demo.txt`; `python -m bot demo --game KEY` that game's.
A script holds the lines of `docs/fake_discord.md` (`alice /<game> new players:3`,
`bob click "Join"`, …) plus one demo directive, `play-out`: whoever must act takes turns
through the table's panel (random legal choices, seeded) until the match ends. The games'
scripts end by stepping through the finished match's replay (`click "Replay"`, `click "▶"`).
A demo is a showcase: a step refused or unanswered, or a play-out that cannot finish the
match, is an error, named at the end, and the demo exits 1.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.app import LuteceBot
from bot.cli.errors import CliError
from bot.config import Config
from bot.games import adapters, demo_script
from bot.web.server import Board
from bot.web.tour import open_board, visit
from fakediscord import FakeDiscord
from fakediscord.messages import Attachment, Message
from fakediscord.script import ScriptRunner, Step, parse_script
from fakediscord.testing import running_bot

PLAY_OUT = "play-out"
Alongside = Callable[[LuteceBot], AbstractAsyncContextManager[Any]]
BUTTON, STRING_SELECT = 2, 3


@dataclass(frozen=True)
class PlayOut:
    """A `play-out` line of a script; its number names it in errors."""

    line_no: int


LEGEND = """How to read this transcript:
  > alice click "Join"            what a person did
  [#general] Lutece: …            a message everybody in #general sees
  [#general (only alice)] …       an answer only alice sees (an ephemeral reply)
  [DM alice] …                    a direct message to alice
  [picture: lutece-demo/…png]     a picture the bot sent, saved so you can open it
"""
CLOSING = """
That was the offline demo: the real bot, on a local stand-in for Discord.
Pictures: {folder}/  ·  To host games on your own server: put your bot's token in .env
(DISCORD_TOKEN, see .env.example), run `python -m bot invite` for the link that adds the
bot, then `make run`. Every command: README.md."""


class DemoRunner(ScriptRunner):
    """The fake's script runner, waiting after each step until the bot's handlers are done
    (they keep working after answering: table edits, pings, DMs), saving every picture.

    Once they are, a short quiet is enough: every follow-up of a click or command runs in its
    handler (`bot.ui.router.guarded`), so the quiet only lets the last call's gateway events
    arrive (a whole demo waited 65 ms a step, some 40 s in Paris's)."""

    settle_quiet = 0.01

    def __init__(self, bot: LuteceBot, *args: Any, pictures: Path) -> None:
        super().__init__(*args)
        self.bot = bot
        self.pictures = pictures
        self._saved: dict[int, str] = {}

    def attachment_line(self, msg: Message, attachment: Attachment) -> str:
        path = self._saved.get(attachment.id)
        if path is None:
            self.pictures.mkdir(parents=True, exist_ok=True)
            target = self.pictures / f"{len(self._saved) + 1:03d}-{attachment.filename}"
            target.write_bytes(attachment.data)
            path = self._saved[attachment.id] = target.as_posix()
        return f"[picture: {path}]"

    async def run_step(self, step: Step) -> None:
        await super().run_step(step)
        for _ in range(200):
            if not self.bot.inflight:
                return
            await asyncio.wait(set(self.bot.inflight), timeout=5)


def load_script(path: str | None, game: str | None = None) -> str:
    """The script at `path`; else the demo of `game`; else that of the first game (in
    listing order) that has one."""
    if path is None and game is not None:
        if game not in adapters():
            raise CliError(f"no game {game!r}: one of {', '.join(adapters())}", 2)
        script = demo_script(game)
        if script is None:
            raise CliError(f"{game} has no demo script (bot/games/<game>/demo.txt)", 2)
        return script
    if path is None:
        scripts = (demo_script(key) for key in adapters())
        script = next((text for text in scripts if text), None)
        if script is None:
            raise CliError("no game has a demo script (bot/games/<game>/demo.txt)", 2)
        return script
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read the script {path}: {exc.strerror}", 2) from None


async def run_demo(
    path: str | None,
    *,
    game: str | None = None,
    out: Any = print,
    seed: int = 7,
    pictures: Path = Path("lutece-demo"),
    fake: FakeDiscord | None = None,
    settings: Mapping[str, Any] | None = None,
    alongside: Alongside | None = None,
) -> int:
    """Play the script; returns 0, or 1 when a step failed (the transcript says which).
    Pictures the bot sends are saved in `pictures` (replaced at each run). On a `fake` the
    caller started (the Discord bench reads its records afterwards), else on a fresh one.
    The benches' hooks: `settings` (more `Config` fields) and `alongside`, entered with the
    running bot for the whole script (other work on the same bot: a load)."""
    text = load_script(path, game)
    try:
        segments = _split(text)
    except ValueError as exc:  # a line the fake's script language cannot read
        raise CliError(f"{path or 'the built-in demo'}: {exc}", 2) from None
    for old in [*pictures.glob("*.png"), *pictures.glob("*.gif")] if pictures.is_dir() else ():
        old.unlink()
    out(LEGEND)
    names = sorted({s.actor for seg in segments if isinstance(seg, list) for s in seg if s.actor})
    own = fake is None
    fake = fake or await FakeDiscord.start()
    errors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="lutece-demo-") as tmp:
        try:
            guild = fake.add_guild("Lutèce", channels=("general",))
            for name in names:
                fake.add_user(name)
            config = Config(
                token=fake.token,
                db_path=str(Path(tmp) / "demo.db"),
                dev_guild=guild.id,
                **(settings or {}),
            )
            # One seed for the deal and the play-outs: the same script plays the same match.
            draws = random.Random(seed)
            factory = lambda: LuteceBot(config, guild_ready_timeout=0.05, draws=draws)  # noqa: E731
            async with running_bot(fake, factory) as bot, alongside_of(bot, alongside):
                runner = DemoRunner(bot, fake, fake.channel("general"), out, pictures=pictures)
                rng = random.Random(seed)
                board = await open_board(bot)
                try:
                    visited = False
                    for segment in segments:
                        if isinstance(segment, PlayOut):
                            if not visited:  # the first play-out begins with a move on the board
                                await web_move(runner, bot, board)
                                visited = True
                            await play_out(runner, bot, rng, segment.line_no)
                        else:
                            await runner.run(segment)
                finally:
                    await board.stop()
                errors = runner.transcript.errors + runner.transcript.refused
            if fake.unknown_routes:
                errors.append(f"unknown routes: {fake.unknown_routes}")
            errors += [f"Discord's schema refused: {r}" for r in fake.schema_refusals]
        finally:
            if own:
                await fake.stop()
    for error in errors:
        out(f"error: {error}")
    out(CLOSING.format(folder=pictures.as_posix()))
    return 1 if errors else 0


async def web_move(runner: DemoRunner, bot: LuteceBot, board: Board) -> None:
    """The seat to act plays one move on the web board (`bot.web.tour`); the transcript
    then shows what Discord shows of it, as after any step."""
    running = await bot.host.matches(("active",), guild_id=runner.channel.guild_id)
    if not running:
        return
    before = {m.id: m.edits for m in runner.fake.state.messages.values()}
    await visit(bot, board, running[0].id, runner.emit)
    await runner.fake.idle(quiet=0.05, timeout=3.0)
    runner.show_changes(before)


def alongside_of(bot: LuteceBot, alongside: Alongside | None) -> AbstractAsyncContextManager[Any]:
    """What runs alongside the script on `bot`, if anything."""
    return contextlib.nullcontext() if alongside is None else alongside(bot)


def _split(text: str) -> list[list[Step] | PlayOut]:
    """Script segments between `play-out` lines; each step keeps its line number in the
    whole script (the lines of other segments are parsed as blank ones)."""
    segments: list[list[Step] | PlayOut] = []
    lines = text.splitlines()
    start = 0
    for n, line in enumerate(lines + [PLAY_OUT]):
        if line.strip() == PLAY_OUT:
            segments.append(parse_script("\n" * start + "\n".join(lines[start:n])))
            segments.append(PlayOut(n + 1))
            start = n + 1
    return segments[:-1]  # the last PlayOut closes the script


async def play_out(
    runner: DemoRunner, bot: LuteceBot, rng: random.Random, line_no: int, max_turns: int = 500
) -> None:
    """Let the human seats of every active match of the script's server play until none is
    active; when they cannot, a script error saying where it stopped."""
    fake = runner.fake
    for _ in range(max_turns):
        running = await bot.host.matches(("active",), guild_id=runner.channel.guild_id)
        if not running:
            return
        match = await bot.host.get(running[0].id)
        user_id = match.seats[min(match.to_act)].user_id
        name = next(u.name for u in fake.fake_users.values() if u.id == user_id)
        await runner.run([_step(line_no, name, "click", "Take turn")])
        for _ in range(8):
            panel = next(
                (
                    m
                    for m in reversed(list(fake.state.messages.values()))
                    if m.ephemeral_for == user_id
                ),
                None,
            )
            if panel is None:
                runner.error(f"line {line_no}: play-out stopped: {name} was shown no panel")
                return
            if panel.find_component(label="Confirm") is not None:
                await runner.run([_step(line_no, name, "click", "Confirm")])
                break
            buttons = [
                c
                for c in panel.iter_components()
                if c.get("type") == BUTTON and ":pick:" in c.get("custom_id", "")
            ]
            menus = [c for c in panel.iter_components() if c.get("type") == STRING_SELECT]
            if buttons:  # a step with few choices: one button each, clicked by its label
                label = rng.choice(buttons)["label"]
                await runner.run([_step(line_no, name, "click", label)])
            elif menus:  # many choices: the select by its placeholder, the option by its label
                menu = rng.choice(menus)
                option = rng.choice(menu["options"])
                await runner.run(
                    [_step(line_no, name, "select", menu["placeholder"], option["label"])]
                )
            else:
                runner.error(
                    f"line {line_no}: play-out stopped: {name}'s panel offers nothing to choose"
                )
                return
    runner.error(
        f"line {line_no}: play-out stopped: the match did not end within {max_turns} turns"
    )


def _step(line_no: int, actor: str, verb: str, *args: str) -> Step:
    text = f"{actor} {verb} " + " ".join(f'"{a}"' if " " in a else a for a in args)
    return Step(line_no, text, actor, verb, list(args))
