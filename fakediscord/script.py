"""Scripted runner: play a script of user actions against the real bot, print a transcript.

The manual-QA and demo tool when no Discord token is at hand. Generic: it knows
nothing about any game. Format (one action per line, see docs/fake_discord.md)::

    # comment
    alice /chess new players:3 mode:"Express"
    bob click "Join"
    alice select "Token" odeon-blue
    alice autocomplete /chess play move:e4
    alice modal demo:name="Salon"
    alice say hello everyone
    in #table-1
    close-dms bob
    admin alice
    wait
    expect "joined"

Run from the command line::

    python -m fakediscord.script demo.txt --bot tests.fakediscord.demo_bot:make_bot
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fakediscord.errors import InteractionRefused
from fakediscord.messages import Attachment, Message
from fakediscord.rendering import attachment_line, render_message
from fakediscord.server import FakeDiscord
from fakediscord.state import Channel
from fakediscord.users import FakeUser, InteractionResult

DIRECTIVES = {"in", "wait", "expect", "close-dms", "open-dms", "admin"}
ACTIONS = {"click", "select", "autocomplete", "modal", "say"}


def where(fake: FakeDiscord, msg: Message) -> str:
    chan = fake.state.channels[msg.channel_id]
    if chan.is_dm:
        return f"DM {fake.state.users[chan.dm_user_id].name}"
    label = f"#{chan.name}"
    if msg.ephemeral_for is not None:
        label += f" (only {fake.state.users[msg.ephemeral_for].name})"
    return label


# ---------------------------------------------------------------- parsing


@dataclass
class Step:
    line_no: int
    text: str
    actor: str | None
    verb: str  # "slash", "click", ..., or a directive
    args: list[str]


def parse_script(text: str) -> list[Step]:
    steps = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            words = shlex.split(line)
        except ValueError as e:
            raise ValueError(f"line {n}: {e}") from None
        head = words[0]
        if head in DIRECTIVES:
            steps.append(Step(n, line, None, head, words[1:]))
        elif len(words) >= 2 and words[1].startswith("/"):
            steps.append(Step(n, line, head, "slash", words[1:]))
        elif len(words) >= 2 and words[1] in ACTIONS:
            steps.append(Step(n, line, head, words[1], words[2:]))
        else:
            raise ValueError(f"line {n}: cannot read {line!r}")
    return steps


def _options(words: list[str]) -> dict[str, str]:
    opts = {}
    for w in words:
        if ":" not in w and "=" not in w:
            raise ValueError(f"option {w!r} should read name:value")
        sep = "=" if "=" in w else ":"  # "=" lets a name hold ":" (custom_ids)
        name, value = w.split(sep, 1)
        opts[name] = value
    return opts


# ---------------------------------------------------------------- running


@dataclass
class Transcript:
    """What the script showed. `errors`: the script itself went wrong (a line it cannot
    run, an `expect` not met). `refused`: steps the client refused or Discord showed as
    failed — sometimes what a test wants to see, never what a demo should show."""

    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    results: list[InteractionResult] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def __str__(self) -> str:
        return self.text


class ScriptRunner:
    # After each step, the quiet (no REST call in flight or started) that marks the bot done:
    # a bot in another process is only seen through its calls.
    settle_quiet = 0.05

    def __init__(self, fake: FakeDiscord, channel: Channel, out: Callable[[str], Any] | None):
        self.fake = fake
        self.channel = channel
        self.out = out
        self.transcript = Transcript()
        self._modals: dict[str, InteractionResult] = {}
        self._step_lines: list[str] = []
        self._last_output: list[str] = []

    def attachment_line(self, msg: Message, attachment: Attachment) -> str:
        """How an attached file shows in the transcript (a demo saves pictures instead)."""
        return attachment_line(msg, attachment)

    def emit(self, line: str) -> None:
        self.transcript.lines.append(line)
        self._step_lines.append(line)
        if self.out is not None:
            self.out(line)

    def error(self, message: str) -> None:
        self.transcript.errors.append(message)
        self.emit(f"  !! {message}")

    def note_refusal(self, step: Step, why: str) -> None:
        self.transcript.refused.append(f"line {step.line_no}: {step.text}: {why}")

    def user(self, name: str) -> FakeUser:
        try:
            return self.fake.user(name)
        except KeyError:
            return self.fake.add_user(name)

    def _latest_with(self, user: FakeUser, match: Callable[[Message], bool]) -> Message:
        for msg in reversed(list(self.fake.state.messages.values())):
            chan = self.fake.state.channels[msg.channel_id]
            if chan.is_dm and chan.recipient_id != user.id:
                continue
            if msg.visible_to(user.id) and match(msg):
                return msg
        raise InteractionRefused("no message visible to them has that component")

    async def run(self, steps: list[Step]) -> Transcript:
        for step in steps:
            self.emit(f"> {step.text}")
            before = {m.id: m.edits for m in self.fake.state.messages.values()}
            self._step_lines = []
            try:
                await self.run_step(step)
            except InteractionRefused as e:
                self.emit(f"  (refused by the client: {e})")
                self.note_refusal(step, str(e))
            except (ValueError, KeyError, TimeoutError) as e:
                self.error(f"line {step.line_no}: {e}")
            if step.verb not in ("expect",):
                try:
                    await self.fake.idle(quiet=self.settle_quiet, timeout=3.0)
                except TimeoutError:
                    pass
                self.show_changes(before)
                self._last_output = list(self._step_lines)
        return self.transcript

    def show_changes(self, before: dict[int, int]) -> None:
        for msg in self.fake.state.messages.values():
            if msg.id in before and before[msg.id] == msg.edits:
                continue
            tag = "" if msg.id not in before else " (edited)"
            body = render_message(self.fake, msg, self.attachment_line).splitlines()
            self.emit(f"  [{where(self.fake, msg)}]{tag} {body[0]}")
            for line in body[1:]:
                self.emit(f"    {line}")
        gone = set(before) - set(self.fake.state.messages)
        for _ in gone:
            self.emit("  (a message was deleted)")

    async def run_step(self, step: Step) -> None:
        fake = self.fake
        verb, args = step.verb, step.args
        if verb == "wait":
            await fake.idle(quiet=0.1)
        elif verb == "in":
            name = args[0].lstrip("#")
            self.channel = fake.channel(name)
        elif verb == "close-dms":
            fake.close_dms(self.user(args[0]))
        elif verb == "open-dms":
            fake.open_dms(self.user(args[0]))
        elif verb == "admin":
            for guild in fake.state.guilds.values():
                fake.make_admin(self.user(args[0]), guild)
        elif verb == "expect":
            previous = "\n".join(self._last_output)
            if args[0] not in previous:
                self.error(f"line {step.line_no}: expected {args[0]!r} in the last output")
            return
        else:
            await self.run_action(step)

    async def run_action(self, step: Step) -> None:
        user = self.user(step.actor or "")
        args = step.args
        result: InteractionResult | None = None
        if step.verb == "slash":
            words = args[0].lstrip("/").split()
            rest = args[1:]
            while rest and ":" not in rest[0] and "=" not in rest[0]:
                words.append(rest.pop(0))
            result = await user.slash(self.channel, " ".join(words), _options(rest))
        elif step.verb == "autocomplete":
            words = args[0].lstrip("/").split()
            rest = args[1:]
            while rest and ":" not in rest[0]:
                words.append(rest.pop(0))
            opts = _options(rest)
            focus = list(opts)[-1]
            value = opts.pop(focus)
            choices = await user.autocomplete(
                self.channel, " ".join(words), option=focus, value=value, options=opts
            )
            names = ", ".join(str(c["name"]) for c in choices) or "(none)"
            self.emit(f"  [suggestions for {user.name}] {names}")
        elif step.verb == "click":
            target = args[0]

            def component(m: Message) -> dict | None:
                return m.find_component(label=target) or m.find_component(custom_id=target)

            msg = self._latest_with(user, lambda m: component(m) is not None)
            comp = component(msg)
            assert comp is not None  # the message was picked for having it
            result = await user.click(msg, custom_id=comp.get("custom_id"))
        elif step.verb == "select":
            target, values = args[0], args[1:]
            msg = self._latest_with(
                user,
                lambda m: any(
                    target in (c.get("placeholder"), c.get("custom_id"))
                    for c in m.iter_components()
                ),
            )
            result = await user.select(msg, target, values)
        elif step.verb == "modal":
            shown = self._modals.get(user.name)
            if shown is None:
                raise InteractionRefused(f"no modal is open for {user.name}")
            result = await user.submit_modal(shown, _options(args))
            del self._modals[user.name]
        elif step.verb == "say":
            await user.say(self.channel, " ".join(args))
        if result is not None:
            self.transcript.results.append(result)
            if result.failed:
                self.emit(f"  [{user.name} sees] This interaction failed")
                self.note_refusal(step, "the bot did not answer")
            elif result.modal:
                self._modals[user.name] = result
                self.emit(f"  [modal for {user.name}] {result.modal.get('title')}")
                for comp in result.modal.get("components") or []:
                    for c in comp.get("components") or [comp.get("component") or {}]:
                        if c.get("custom_id"):
                            self.emit(f"    {c['custom_id']}: {c.get('label', '')}")


def _script_users(steps: list[Step]) -> list[str]:
    names = []
    for s in steps:
        if s.actor and s.actor not in names:
            names.append(s.actor)
        if s.verb in ("close-dms", "open-dms", "admin") and s.args and s.args[0] not in names:
            names.append(s.args[0])
    return names


async def run_script(
    script: str,
    bot_factory: Callable[[], Any],
    *,
    setup: Callable[[FakeDiscord], Any] | None = None,
    out: Callable[[str], Any] | None = print,
    strict: bool = False,
) -> Transcript:
    """Start a fake (a guild "Lutèce" with #general unless ``setup`` builds one), the bot,
    run the script and return the transcript (also streamed to ``out``)."""
    from fakediscord.testing import running_bot

    steps = parse_script(script)
    fake = await FakeDiscord.start()
    try:
        if setup is not None:
            res = setup(fake)
            if asyncio.iscoroutine(res):
                await res
        if not fake.state.guilds:
            fake.add_guild("Lutèce", channels=("general",))
        for name in _script_users(steps):
            try:
                fake.user(name)
            except KeyError:
                fake.add_user(name)
        first = next(c for c in fake.state.channels.values() if c.type == 0)
        async with running_bot(fake, bot_factory):
            runner = ScriptRunner(fake, first, out)
            transcript = await runner.run(steps)
        if fake.unknown_routes:
            transcript.errors.append(f"unknown routes: {fake.unknown_routes}")
    finally:
        await fake.stop()
    if strict and transcript.errors:
        raise AssertionError("\n".join(transcript.errors))
    return transcript


def _load_factory(spec: str) -> Callable[[], Any]:
    module, _, attr = spec.partition(":")
    try:
        return getattr(importlib.import_module(module), attr or "make_bot")
    except (ImportError, AttributeError, ValueError) as e:
        raise ValueError(f"--bot {spec}: no such module:factory ({e})") from None


def main(argv: list[str] | None = None) -> int:
    """Exit 0 when every step ran as written; 1 when a step was refused, failed or an
    `expect` was not met (each named on stderr); 2, with one sentence, for a script or
    bot that cannot be used."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("script", help="script file, or - for stdin")
    parser.add_argument("--bot", required=True, help="module:factory returning a bot")
    ns = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if ns.script == "-" else _read(ns.script)
        parse_script(text)
        factory = _load_factory(ns.bot)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    transcript = asyncio.run(run_script(text, factory))
    for problem in transcript.errors + transcript.refused:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if transcript.errors or transcript.refused else 0


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as e:
        raise ValueError(f"cannot read the script {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"the script {path} is not UTF-8 text") from None


if __name__ == "__main__":
    sys.exit(main())
