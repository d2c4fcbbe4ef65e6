"""Recap sentences declared rather than written out: each event kind of a game is said by a
catalogue sentence whose words are read from the event's params, or by a function where the
sentence depends on more than the params.

Why: every game turns events into sentences the same way — the acting seat's name as
{name}, each other {param} a word the game has for a value of the event (a wagon, a
district, a number of francs). Declared as a table, a game's recap lists only its own
sentences and words (`recap.py`), and adding an event is one line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.text import scores_text, t
from games.core.contract import Event

Params = Mapping[str, Any]


@dataclass(frozen=True)
class Speaker:
    """Who reads a recap: the seats' names, the language, and how the game names a seat in
    a sentence (a colour disc before the name, say)."""

    names: Sequence[str]
    locale: str | None
    seat: Callable[[int | None, Sequence[str]], str]

    def name(self, seat: int | None) -> str:
        return self.seat(seat, self.names)

    def say(self, key: str, **params: Any) -> str:
        return t(key, self.locale, **params)


Words = Callable[[Params, Speaker], Any]  # a sentence's {param}, from an event's params
Say = Callable[[Params, Speaker], str | None]  # a whole sentence (None: not worth a line)


class Sentence:
    """An event said by the sentence `key` (which may name one of the event's params, as in
    "pa.event.skipped.{step}"): {name} is the acting seat's (the event's "seat"), each
    other {param} is read by its `Words`."""

    def __init__(self, key: str, **words: Words) -> None:
        self.key, self.words = key, words

    def __call__(self, p: Params, speaker: Speaker) -> str:
        params = {"name": speaker.name(p.get("seat"))}
        params.update((name, words(p, speaker)) for name, words in self.words.items())
        return speaker.say(self.key.format_map(p), **params)


def value(field: str) -> Words:
    """The event's param as it is (a number)."""
    return lambda p, speaker: p[field]


def number(field: str) -> Words:
    """A row or stack counted from 1 for people (the events count from 0)."""
    return lambda p, speaker: p[field] + 1


def word(field: str, say: Callable[[Any, str | None], str]) -> Words:
    """The game's word for the event's param, in the reader's language."""
    return lambda p, speaker: say(p[field], speaker.locale)


def named(field: str, prefix: str) -> Words:
    """The catalogue's word for the param's value: the sentence `<prefix>.<value>`."""
    return lambda p, speaker: speaker.say(f"{prefix}.{p[field]}")


def fact(field: str, of: Callable[[Any], Any]) -> Words:
    """What the game knows of the param's value in any language (a city's points)."""
    return lambda p, speaker: of(p[field])


def seat(field: str) -> Words:
    """Another seat the event names (a partner, the first player)."""
    return lambda p, speaker: speaker.name(p[field])


def scores(p: Params, speaker: Speaker) -> str:
    """Every seat's final score, in seat order (the end's event)."""
    return scores_text(p["scores"], speaker.name)


def describe(sentences: Mapping[str, Say], event: Event, speaker: Speaker) -> str | None:
    """The line for an event of a kind the game says; None for the others."""
    say = sentences.get(event.kind)
    return say(event.params, speaker) if say is not None else None
