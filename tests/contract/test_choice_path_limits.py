"""The choice-path check holds each label to what the panel makes of it: a step of a few
choices (or a shortcut) is a row of buttons, whose labels Discord cuts at 80 characters; a
step of more is a select, whose options hold 100; a step of one is taken without asking.
A label the panel would have to cut is a label the player cannot read whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bot.games.contract import MoveOption, Step
from bot.ui.panel import BUTTONS_UP_TO
from tests.discord.choice_paths import check_paths
from tests.toy_game_bot.adapter import RaceAdapter


class Labelled(RaceAdapter):
    """One step offering the given labels (choice `c<i>` for label i)."""

    def __init__(self, labels: list[str], shortcuts: tuple[str, ...] = ()) -> None:
        self.labels = labels
        self.shortcuts = shortcuts

    def moves(
        self, view: Any, actions: Sequence[Any], names: list[str], locale: str | None
    ) -> list[MoveOption]:
        return [MoveOption(i, (Step(f"c{i}", label),)) for i, label in enumerate(self.labels)]

    def step_prompt(self, prefix: tuple[str, ...], locale: str | None) -> str:
        return "Choose"


def check(labels: list[str], shortcuts: tuple[str, ...] = ()) -> None:
    check_paths(Labelled(labels, shortcuts), None, labels, ["alice", "bob"])  # no view: unread


def test_a_button_label_is_held_to_80_characters() -> None:
    check(["x" * 80, "y"])
    with pytest.raises(AssertionError):
        check(["x" * 81, "y"])
    with pytest.raises(AssertionError):
        check(["x" * 81] + [f"choice {i}" for i in range(BUTTONS_UP_TO - 1)])


def test_a_select_option_label_may_hold_100_characters() -> None:
    many = [f"choice {i}" for i in range(BUTTONS_UP_TO)]
    check(["x" * 100, *many])
    with pytest.raises(AssertionError):
        check(["x" * 101, *many])


def test_a_shortcut_is_a_button_wherever_its_step_is_a_select() -> None:
    many = ["x" * 81] + [f"choice {i}" for i in range(BUTTONS_UP_TO)]
    check(many)
    with pytest.raises(AssertionError):
        check(many, shortcuts=("c0",))


def test_a_lone_choice_is_taken_without_a_button() -> None:
    check(["x" * 100])
