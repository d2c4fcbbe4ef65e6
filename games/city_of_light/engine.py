"""Paris: La Cité de la Lumière (José Antonio Abascal) — the rules engine.

Phase 1: lay tiles and take buildings; phase 2: build and activate postcards; then score.
The engine ties together the modules that hold each concept: deal (setup), tiles (phase 1),
building and postcards (phase 2), scoring, views.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from games.city_of_light import building, hidden, postcards, tiles
from games.city_of_light.actions import (
    PASS,
    Activate,
    Build,
    Pass,
    PlaceTile,
    TakeBuilding,
)
from games.city_of_light.data import BUILDINGS
from games.city_of_light.deal import arrangement_of, new_state
from games.city_of_light.options import EDITIONS, CityOfLightOptions
from games.city_of_light.scoring import final_result
from games.city_of_light.scoring import totals as score_totals
from games.city_of_light.segments import Segment, draw, expand
from games.city_of_light.state import (
    MIXED,
    PHASE_BUILD,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_TILES,
    State,
)
from games.city_of_light.views import CityOfLightView, build_view
from games.core.contract import Event, Result, event
from games.core.dispatch import Handler, without_action
from games.core.errors import IllegalAction
from games.core.phased import PhasedGame

# A phase 2 move: the changes it makes (fields of State) and its events; the end of the
# turn adds its own, and the next state is built once.
Phase2Move = Callable[[State, int, Any], tuple[dict[str, Any], list[Event]]]


def _phase2(play: Phase2Move) -> Handler:
    """A phase 2 move followed by the end of the turn (the Métropolitain window, the end of
    the game)."""

    def handler(state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        changes, events = play(state, seat, action)
        return _after_phase2_turn(state, changes, seat, events)

    return handler


def _phase2_segments(state: State, seat: int) -> list[Segment]:
    """Phase 2: every building placement, then every postcard activation."""
    out: list[Segment] = []
    building.segments(state, seat, out)
    postcards.segments(state, seat, out)
    return out


def _phase2_moves(state: State, seat: int) -> list[Any]:
    """Phase 2's legal moves, or passing when stuck."""
    return expand(_phase2_segments(state, seat)) or [PASS]


def _phase2_playout_move(state: State, seat: int, rng: random.Random) -> State:
    """`_phase2_moves(state, seat)[rng.randrange(n)]` drawn without listing them, played."""
    action = draw(_phase2_segments(state, seat), rng)
    if action is None:
        action = PASS
    return _PHASE2_RULES[type(action)](state, seat, action)[0]


def _pass_phase2(state: State, seat: int, action: Any) -> tuple[dict[str, Any], list[Event]]:
    if postcards.can_activate(state, seat) or building.can_place(state, seat):
        raise IllegalAction(
            "city_of_light.must_act",
            "you can still build or activate a postcard, so you may not pass",
        )
    return {}, [event("passed", {"seat": seat, "phase": 2})]


def _after_phase2_turn(
    before: State, changes: dict[str, Any], seat: int, events: list[Event]
) -> tuple[State, list[Event]]:
    changes["turn"] = 1 - seat
    # German edition: "In deinem nächsten Zug darfst du ein Gebäude auch auf einem
    # Abschnitt mit einer Straßenlaterne platzieren" — only that next turn.
    if (
        before.metro_window == "next_turn"
        and before.metro == seat
        and changes.get("metro", seat) == seat
    ):
        changes["metro"] = -1
        events.append(event("metropolitain_expired", {"seat": seat}))
    new = before.replace(**changes)
    # "Второй этап игры заканчивается, когда оба игрока больше не могут размещать здания,
    # и при этом все 8 жетонов действий были использованы."
    if -1 not in new.tokens and not building.can_place(new, 0) and not (building.can_place(new, 1)):
        result = final_result(new)
        new = new.replace(phase=PHASE_OVER, result=result)
        events.append(event("game_over", {"scores": result.scores, "winners": result.winners}))
    return new, events


_PHASE2_RULES: dict[type, Handler] = {
    Build: _phase2(building.apply_build),
    Activate: _phase2(postcards.apply_activate),
    Pass: _phase2(_pass_phase2),
}
# By phase, a random legal move drawn as from the list and played (random playouts).
_PLAYOUT_MOVES = {PHASE_TILES: tiles.playout_move, PHASE_BUILD: _phase2_playout_move}

_SIZES = tuple(len(cells) for cells in BUILDINGS.values())
# The last state scored and its totals, as one tuple (one write, so threads never pair a state
# with another's totals): a search values a position by `scores` and then by each seat's
# `evaluate`, three scorings of one state; a pure cache of a frozen state it keeps alive.
_last_scored: list[tuple[State | None, tuple[int, int]]] = [(None, (0, 0))]


class CityOfLight(PhasedGame[State, Any]):
    """Two players lay tiles and take buildings (phase 1), then build and activate the
    postcards (phase 2); the board is scored once neither can build and every action token
    is used."""

    key = "city-of-light"
    title = "Paris: La Cité de la Lumière"
    min_seats = 2
    max_seats = 2
    Options = CityOfLightOptions
    editions = EDITIONS
    order = 2
    legal_by_phase = {PHASE_TILES: tiles.legal, PHASE_BUILD: _phase2_moves}
    rules = {
        (PHASE_TILES, PlaceTile): tiles.place_tile,
        (PHASE_TILES, TakeBuilding): tiles.take_building,
        (PHASE_TILES, Pass): without_action(tiles.pass_turn),
        (PHASE_BUILD, Build): _PHASE2_RULES[Build],
        (PHASE_BUILD, Activate): _PHASE2_RULES[Activate],
        (PHASE_BUILD, Pass): _PHASE2_RULES[Pass],
    }
    phase_names = PHASE_NAMES
    over = PHASE_OVER
    hidden_information = hidden
    wrong_phase_key = "city_of_light.wrong_phase"

    def deal(
        self,
        seats: int,
        options: CityOfLightOptions,
        seed: int,
        arrangement: Mapping[str, Any] | None,
    ) -> State:
        return new_state(options, seed, arrangement)

    def arrangement(self, state: State) -> dict[str, Any]:
        return arrangement_of(state)

    def view(self, state: State, seat: int | None) -> CityOfLightView:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        return state.result if state.phase == PHASE_OVER else None

    def scores(self, state: State) -> list[int]:
        if state.phase == PHASE_OVER and state.result is not None:
            return list(state.result.scores)
        scored, totals = _last_scored[0]
        if scored is not state:
            totals = score_totals(state)
            _last_scored[0] = (state, totals)
        return list(totals)

    def playout_step(self, state: State, seat: int, rng: random.Random) -> State:
        """The random move drawn as from the legal moves, without listing them, and played
        through its rule (phase 1 without its events: nobody reads a playout's)."""
        phase = state.phase
        if seat != state.turn or phase == PHASE_OVER:
            return super().playout_step(state, seat, rng)
        return _PLAYOUT_MOVES[phase](state, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """Phase 2 and after: the final scoring of the board as it stands, minus the rival's.
        Phase 1: a cheap heuristic, the four largest buildings held plus half the cells a
        player could build on (own colour and mixed)."""
        if state.phase != PHASE_TILES:
            s = self.scores(state)
            return s[seat] - s[1 - seat]
        value = [0.0, 0.0]
        for side in (0, 1):
            sizes = sorted((_SIZES[b] for b in state.reserves[side]), reverse=True)
            held = state.kinds[side] | state.kinds[MIXED]
            value[side] = sum(sizes[:4]) + 0.5 * held.bit_count()
        return value[seat] - value[1 - seat]


__all__ = ["CityOfLight", "PHASE_BUILD"]
