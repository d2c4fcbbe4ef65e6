"""Issue 18: routes are declared once, and a custom_id's argument is built and parsed in one
place (`bot.ui.custom_ids`), so a handler never splits one itself."""

from __future__ import annotations

import pytest

import bot.ui.lobby  # noqa: F401  (declares its routes)
import bot.ui.replay  # noqa: F401
import bot.ui.turns  # noqa: F401
from bot.ui import custom_ids
from bot.ui.router import HANDLERS, Click, RouteError, handles


async def impostor(click: Click) -> None:
    """A second handler for a verb that already has one."""


def test_a_second_handler_for_a_verb_fails_at_declaration():
    first = HANDLERS["turn"]
    with pytest.raises(RouteError, match="'turn' has two handlers: bot.ui.turns.take_turn"):
        handles("turn")(impostor)
    assert HANDLERS["turn"] is first


@pytest.mark.parametrize("verb", ["Turn", "x", "take-turn", "averyveryverylongverb"])
def test_a_verb_no_custom_id_can_carry_fails_at_declaration(verb):
    with pytest.raises(RouteError, match="is not a custom_id verb"):
        handles(verb)(impostor)
    assert verb not in HANDLERS


def test_panel_arguments_round_trip_and_forged_ones_are_refused():
    arg = custom_ids.step_arg(12, ("build", "v3"), page=2)
    assert arg == "12:build/v3~2" and custom_ids.parse_step_arg(arg) == (12, ("build", "v3"))
    assert custom_ids.parse_step_arg(custom_ids.step_arg(7, ())) == (7, ())
    assert custom_ids.parse_choice_arg(custom_ids.choice_arg(12, 4)) == (12, 4)
    for forged in ("", "x:build", "①:build", "-1:"):
        assert custom_ids.parse_step_arg(forged) is None
    for forged in ("", "12", "12:4:1", "12:x", "1²:4"):
        assert custom_ids.parse_choice_arg(forged) is None


def test_replay_arguments_round_trip_and_forged_ones_are_refused():
    # ⏮ and ◀ may lead to the same step: the button's place keeps their custom_ids apart.
    assert custom_ids.frame_arg(0, 1) != custom_ids.frame_arg(0, 2)
    for step in (0, 7, 10**19):
        assert custom_ids.parse_frame_arg(custom_ids.frame_arg(step, 3)) == step
    for forged in ("", "x~1", "-1~2", "①~1", "~1"):
        assert custom_ids.parse_frame_arg(forged) is None
