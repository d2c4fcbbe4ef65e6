"""The contract between the shared Discord UI and one game's presentation."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from bot.games.alt_text import fit_alt
from bot.i18n import has, t
from games.core.contract import Event, Result

V = TypeVar("V", bound=BaseModel)

# What Discord holds, which every step of a path must fit: a select's options, and the
# characters of a label on a button and on a select option.
OPTIONS_PER_STEP = 25
BUTTON_LABEL = 80
OPTION_LABEL = 100


def fit_label(label: str, limit: int = BUTTON_LABEL) -> str:
    """A choice label within `limit` characters (a button's, by default: it then fits a
    select option too), cut with an ellipsis."""
    return label if len(label) <= limit else label[: limit - 1].rstrip() + "…"


def fitted(path: Iterable[Step]) -> list[Step]:
    """The steps of a path with every label cut to fit a button: for a game whose labels
    may run long (a purchase's costs and gains, the wagons of a line)."""
    return [dataclasses.replace(s, label=fit_label(s.label)) for s in path]


@dataclasses.dataclass(frozen=True, slots=True)
class Step:
    """One choice on the way to an action: a short code (in custom_ids) and a label.

    `place` is a highlight id (one `render` understands) of where on the board the choice
    puts something, when the step asks *where*: the panel then tags that place on its picture
    with the tag it puts on the choice's button, so a player picks by looking at the board."""

    code: str
    label: str
    place: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class MoveOption:
    """A legal action as the path of choices that leads to it in the turn panel.

    `index` is the action's position in `legal_actions`, which is deterministic for a given
    state, so a button can name an action by (version, index).
    """

    index: int
    steps: tuple[Step, ...]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(s.code for s in self.steps)

    @property
    def label(self) -> str:
        return " → ".join(s.label for s in self.steps)


@dataclasses.dataclass(frozen=True, slots=True)
class LobbyChoice:
    """A match option the table's host may change before Start: one string select on the
    lobby message. Declared by adapters so the lobby stays generic (any game, any option).

    `to_options` turns the picked values into match options (merged into the current ones and
    validated by the game's Options); `current` reads the picked values back from the match
    options, to mark them in the select and list them on the lobby ([] = not chosen).
    """

    name: str  # its code in the custom_id `lt:<match>:option:<name>`
    placeholder: str  # catalogue key of the select's placeholder
    summary: str  # catalogue key of the lobby line listing the picks, with {values}
    options: tuple[tuple[str, str], ...]  # (value, label or its catalogue key); at most 25
    min_values: int
    max_values: int
    to_options: Callable[[list[str]], dict[str, Any]]
    current: Callable[[Mapping[str, Any]], list[str]]

    def label(self, value: str, locale: str | None = None) -> str:
        """An option's label: a catalogue key is said in `locale`; other text (a proper
        name, say) is shown as it is."""
        text = dict(self.options).get(value, value)
        return t(text, locale) if has(text) else text


# The engine's options a lobby's house rules set: value -> (option, if picked, if not).
HouseRules = Mapping[str, tuple[str, Any, Any]]


def house_rules_choice(catalogue: str, rules: HouseRules) -> LobbyChoice:
    """The lobby's select of house rules, any of them together: each picked value sets one
    option of the engine. Said by `<catalogue>.lobby.rules` (the placeholder),
    `.lobby.rules_chosen` (the lobby's line of picks) and `.lobby.rule.<value>`."""

    def to_options(values: list[str]) -> dict[str, Any]:
        return {
            option: on if value in values else off for value, (option, on, off) in rules.items()
        }

    def current(options: Mapping[str, Any]) -> list[str]:
        return [value for value, (option, on, _) in rules.items() if options.get(option) == on]

    return LobbyChoice(
        name="rules",
        placeholder=f"{catalogue}.lobby.rules",
        summary=f"{catalogue}.lobby.rules_chosen",
        options=tuple((value, f"{catalogue}.lobby.rule.{value}") for value in rules),
        min_values=0,
        max_values=len(rules),
        to_options=to_options,
        current=current,
    )


class GameAdapter(ABC, Generic[V]):
    """How one game looks and is played on Discord, from the views of type `V` its engine
    gives (a seat's, or the public one).

    The adapter holds the table's text (status, secrets) and what the picture rings; the
    package's other fixed files hold the rest, found by their names: `steps.py` (`paths`,
    `prompt_key`), `recap.py` (`describe`, `result_lines` and optionally `recap_lines`),
    `render.py` (`render_table`) and optionally `alt.py` (`position_lines`, for alt text).
    A game with `own_picture_steps` has `render.render_own` and `alt.own_lines` too.
    A package without them (a test double) overrides the methods that would read them."""

    key: str  # the engine's game key
    catalogue: str  # the prefix of the game's catalogue keys ("pa" for "pa.rules")
    private_label: str  # catalogue key of the button that shows a player's secrets
    # House rules the table's host may pick in the lobby, each setting an engine option.
    house_rules: HouseRules = {}
    # Step codes that the player's secrets message offers as buttons while it is their turn
    # (Paris: trade, use a tile): each opens the turn panel at that step, one click.
    shortcuts: tuple[str, ...] = ()
    # Step codes after which the turn panel's picture is the seat's own (`render_own`): the
    # table with that seat's secrets drawn for it alone, since the panel is an ephemeral
    # reply to its player (Paris: the goods behind the screen while trading them).
    own_picture_steps: tuple[str, ...] = ()

    @property
    def command(self) -> str:
        """The slash command group: the game's key."""
        return self.key

    @property
    def lobby_choices(self) -> tuple[LobbyChoice, ...]:
        """Settings the table's host may change in the lobby: the house rules by default."""
        return (house_rules_choice(self.catalogue, self.house_rules),) if self.house_rules else ()

    def part(self, role: str) -> ModuleType:
        """The module of this adapter's package that has `role` ("recap", "render")."""
        return importlib.import_module(self._part_name(role))

    def _part_name(self, role: str) -> str:
        return f"{type(self).__module__.rpartition('.')[0]}.{role}"

    # --- the turn panel

    def moves(
        self, view: V, actions: Sequence[BaseModel], names: list[str], locale: str | None
    ) -> list[MoveOption]:
        """Every legal action as a path of choices, in `actions` order: the package's
        `steps.paths`. No path may be the start of another; actions that are the same to the
        player (a face-down pile among alike piles) may share a path, and the panel then
        plays the first of them. A step of up to five choices shows buttons, whose labels
        hold 80 characters; more, a select, whose options hold 100."""
        paths = self.part("steps").paths(view, actions, names, locale)
        return [MoveOption(i, tuple(path)) for i, path in enumerate(paths)]

    def step_prompt(self, prefix: tuple[str, ...], locale: str | None) -> str:
        """The placeholder of the select that follows the choices in `prefix`: the sentence
        the package's `steps.prompt_key` names."""
        key: str = self.part("steps").prompt_key(prefix)
        return t(key, locale)

    def highlight(self, action: BaseModel) -> set[str]:
        """What to emphasise on a preview of `action` (ids `render` understands)."""
        return set()

    # --- the table

    def render(self, view: V, names: list[str], *, highlight: Collection[str] = ()) -> bytes:
        """The table picture (PNG) of a view: the package's `render.render_table`."""
        png: bytes = self.part("render").render_table(view, names, highlight=highlight)
        return png

    def render_own(self, view: V, names: list[str], *, highlight: Collection[str] = ()) -> bytes:
        """The table picture with the secrets of the seat whose view `view` is, for that
        seat's player alone: the package's `render.render_own`."""
        png: bytes = self.part("render").render_own(view, names, highlight=highlight)
        return png

    def last_move(self, events: Sequence[Event]) -> set[str]:
        """What to ring on the table picture after a move: `rings` of its public events."""
        return {mark for e in events if e.to is None for mark in self.rings(e)}

    def rings(self, event: Event) -> Iterable[str]:
        """What to ring on the picture for one public event (ids `render` understands);
        nothing by default."""
        return ()

    @abstractmethod
    def status_lines(self, view: V, names: list[str], locale: str | None) -> list[str]:
        """The table embed's description: round, whose turn, scores."""

    def scores(self, view: V) -> list[int] | None:
        """Every seat's score as the table shows it now: the view's `scores`; None where the
        game keeps scores until its end."""
        scores = getattr(view, "scores", None)
        return None if scores is None else list(scores)

    def position_lines(self, view: V, names: list[str], locale: str | None) -> list[str]:
        """The essential position, in a sentence or two, for a picture's alt text: the
        package's `alt.position_lines` where it has one, else the status lines."""
        if importlib.util.find_spec(self._part_name("alt")) is None:
            return self.status_lines(view, names, locale)
        lines: list[str] = self.part("alt").position_lines(view, names, locale)
        return lines

    def own_lines(self, view: V, names: list[str], locale: str | None) -> list[str]:
        """A seat's own secrets in a sentence or two, from its seat view, for the alt text
        of its own picture (`render_own`): the package's `alt.own_lines`."""
        lines: list[str] = self.part("alt").own_lines(view, names, locale)
        return lines

    def alt_text(
        self,
        view: V,
        names: list[str],
        locale: str | None,
        *,
        result: Result | None = None,
        events: Sequence[Event] = (),
        headline: str | None = None,
        title: str | None = None,
        own: V | None = None,
    ) -> str:
        """A picture of `view` told in words for a screen reader, within Discord's 1024
        characters: whose turn (or who won), every score, the position (`position_lines`)
        and the last move (the recap of its public `events`). `names` are escaped for
        Markdown, as in messages. Built from the view the picture is drawn from, so it
        tells nothing the picture does not show. A `title` (a replay's step) stands for
        the first sentence, which names the game; a `headline` (a match ended by an admin)
        for whose turn it is. `own` (a seat's view) adds that seat's secrets, for the alt
        text of its own picture (`render_own`), which only its player sees."""
        to_act: list[int] = list(getattr(view, "to_act", []))
        seat = ", ".join(names[s] for s in (result.winners if result else to_act))
        sentences = [title or t("alt.picture", locale, game=t(f"game.{self.key}", locale))]
        if headline is not None:
            sentences.append(headline)
        elif result is not None:
            sentences.append(t("alt.winners", locale, names=seat))
        elif to_act:
            sentences.append(t("alt.turn", locale, names=seat))
        scores = result.scores if result is not None else self.scores(view)
        if scores is not None:
            listed = ", ".join(f"{names[s]} {n}" for s, n in enumerate(scores))
            sentences.append(t("alt.scores", locale, scores=listed))
        if own is not None:  # a seat's own picture (`render_own`): its secrets, for it alone
            sentences += self.own_lines(own, names, locale)
        sentences += self.position_lines(view, names, locale)
        public = [e for e in events if e.to is None]
        recap = self.recap_lines(public, names, locale) if public else []
        if recap:
            sentences += [t("alt.last", locale, recap=recap[0]), *recap[1:]]
        return fit_alt(sentences)

    @abstractmethod
    def private_text(self, view: V, names: list[str], locale: str | None) -> str:
        """What only this seat may know (its marker, its hand), from its seat view."""

    def rules(self, locale: str | None) -> str:
        """A short rules summary: the catalogue's `<catalogue>.rules`."""
        return t(f"{self.catalogue}.rules", locale)

    # --- what happened: the package's `recap` module

    def describe(self, event: Event, names: list[str], locale: str | None) -> str | None:
        """A line for an event, or None for events not worth a line. Public events make the
        recap; a private event (`event.to`) is shown to its seats' players only, so its
        line may name what only they may know ("you drew…")."""
        line: str | None = self.part("recap").describe(event, names, locale)
        return line

    def recap_lines(
        self, events: Sequence[Event], names: list[str], locale: str | None
    ) -> list[str]:
        """A move's public events as recap lines: the recap module's `recap_lines` where it
        joins related events into one sentence (or shortens a long recap), else one
        `describe` line per event."""
        has_recap = importlib.util.find_spec(self._part_name("recap")) is not None
        joined = getattr(self.part("recap"), "recap_lines", None) if has_recap else None
        if joined is not None:
            lines: list[str] = joined(events, names, locale)
            return lines
        return [line for e in events if (line := self.describe(e, names, locale))]

    def result_lines(self, result: Result, names: list[str], locale: str | None) -> list[str]:
        """The final result with every term and the tie-break explained."""
        lines: list[str] = self.part("recap").result_lines(result, names, locale)
        return lines
