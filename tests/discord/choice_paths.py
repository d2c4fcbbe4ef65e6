"""What the generic panel relies on from a game adapter's `moves`, checked for one position:
every legal action is exactly one path of steps (actions that share one are alike to the
player, label for label: the panel plays the first), no path is the start of another, every
step fits a select (≤ 25 options), every label fits what it becomes (a step of a few choices
and a shortcut are buttons, ≤ 80 characters; a step of more is a select, ≤ 100; a step of
one is taken without asking) and every path fits a custom_id. The contract suite runs it
over every game; a game's own tests run it over positions built to offer the most choices."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from bot.games.contract import BUTTON_LABEL, OPTION_LABEL, OPTIONS_PER_STEP, GameAdapter
from bot.ui.custom_ids import build
from bot.ui.panel import BUTTONS_UP_TO
from games.core.contract import Game


def check_paths(
    adapter: GameAdapter, view: BaseModel, actions: Sequence[Any], names: list[str]
) -> dict[tuple[str, ...], set[str]]:
    """The panel's contract for one position; returns the choices offered after each prefix."""
    moves = adapter.moves(view, actions, names, None)
    assert [m.index for m in moves] == list(range(len(actions)))
    paths = [m.codes for m in moves]
    labels: dict[tuple[str, ...], tuple[str, ...]] = {}
    for move in moves:
        shown = tuple(step.label for step in move.steps)
        assert labels.setdefault(move.codes, shown) == shown, "unlike actions share a path"
    whole = set(paths)
    children: dict[tuple[str, ...], dict[str, str]] = defaultdict(dict)
    for move in moves:
        codes = move.codes
        assert all(codes[:k] not in whole for k in range(1, len(codes))), codes
        path = "/".join(codes)
        build("0123abcd", "pick", f"99999:{path}")  # the whole path fits a custom_id
        build("0123abcd", "step", f"99999:{path}~3")
        for k, step in enumerate(move.steps):
            # a step shows one label whichever action leads through it
            assert children[codes[:k]].setdefault(step.code, step.label) == step.label
            assert 0 < len(step.label) <= OPTION_LABEL, step.label
            assert "{" not in step.label, step.label
            assert step.code and not set(step.code) & set("/:~ "), step.code
            prompt = adapter.step_prompt(codes[:k], None)
            assert prompt and "{" not in prompt and len(prompt) <= 150
    assert all(len(options) <= OPTIONS_PER_STEP for options in children.values()), {
        k: len(v) for k, v in children.items() if len(v) > OPTIONS_PER_STEP
    }
    for prefix, options in children.items():
        for code, label in options.items():
            button = 1 < len(options) <= BUTTONS_UP_TO or code in adapter.shortcuts
            assert len(label) <= (BUTTON_LABEL if button else OPTION_LABEL), (prefix, label)
    return {k: set(v) for k, v in children.items()}


def check_position(
    game: Game[Any, Any], adapter: GameAdapter, state: Any, seat: int, names: list[str]
) -> dict[tuple[str, ...], set[str]]:
    """`check_paths` for what `seat` sees and may do in `state`."""
    actions = game.legal_actions(state, seat)
    return check_paths(adapter, game.view(state, seat), actions, names)
