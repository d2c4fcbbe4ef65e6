"""`Paris`: the engine contract of games.core, wired to this package's rule modules."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.contract import Event, Result, jsonable
from games.core.dispatch import Handler
from games.core.errors import IllegalAction
from games.core.phased import NOBODY, SEAT_SETS, LegalActions, PhasedGame
from games.core.snapshots import restore
from games.paris import actions as A
from games.paris import bonus, evaluation, flow, hidden, purchase, trade, turns
from games.paris.data import KEYS_PER_PLAYER
from games.paris.deal import dump_arrangement, new_state
from games.paris.options import EDITIONS, ParisOptions
from games.paris.scoring import final_scoring
from games.paris.state import (
    ACTION,
    AFTER,
    BONUS,
    ENDGAME,
    FLAT_FIELDS,
    OVER,
    PAY,
    PHASE_NAMES,
    PLACE,
    PRESTIGE,
    SETUP_FIELDS,
    TILE,
    VPTILE,
    Scratch,
    State,
    to_scratch,
)
from games.paris.views import ParisView, build_view

_AFTER_BUYS = trade.AFTER_BUYS
_BUYS_WITH = trade.BUYS_WITH
_MAX_PRICE = trade.MAX_PRICE
_SELLS = trade.SELLS
_tile_free = bonus.tile_free
_token_sells = trade.token_sells
_END_TURN = A.END_TURN
# By seat, the last (bonus tiles, end-game tiles, `bonus.tile_free` plan): a seat's tile
# tuples are new objects only when it takes or spends a tile, so two identity tests most
# often spare the plan's look-up by value.
_plans: list[tuple] = [((), (), ((), ()))] * max(KEYS_PER_PLAYER)  # the most seats dealt


def _with_trades(out: list, state: State, seat: int) -> list:
    """`out` with the free actions appended (`flow.add_free`)."""
    flow.add_free(out, state, seat)
    return out


def _action_step(state: State, seat: int) -> list:
    """The main actions (`turns.main_options`) or `end_turn`, then the free actions
    (`_add_free`)."""
    return _add_free(turns.main_options(state, seat) or [_END_TURN], state, seat)


def _after_step(state: State, seat: int) -> list:
    """`end_turn` and the free actions (`flow.add_free` and `trade.add_options`, inline:
    most moves of a random game are taken in this step)."""
    held, egt = state.bonus[seat], state.egt[seat]
    by_francs = _AFTER_BUYS.get(state.supply)
    if by_francs is None:  # no supply of the game's token counts (a hand-made state)
        return _with_trades([A.END_TURN], state, seat)
    francs = state.francs[seat]
    buys = by_francs[francs if francs < _MAX_PRICE else _MAX_PRICE]
    goods = state.goods[seat]
    sells = _SELLS.get(goods)
    if sells is None:
        sells = _token_sells(goods)
    if held or egt:
        return _add_tiles([*buys, *sells], state, seat, held, egt)
    return [*buys, *sells]


def _add_free(out: list, state: State, seat: int) -> list:
    """`flow.add_free` through the tables by supply and the per-seat plan memo, appended
    to `out` (the action step's and a purchase's optional steps'); and `out`."""
    by_francs = _BUYS_WITH.get(state.supply)
    if by_francs is None:  # no supply of the game's token counts (a hand-made state)
        return _with_trades(out, state, seat)
    francs = state.francs[seat]
    out += by_francs[francs if francs < _MAX_PRICE else _MAX_PRICE]
    goods = state.goods[seat]
    sells = _SELLS.get(goods)
    out += _token_sells(goods) if sells is None else sells
    held, egt = state.bonus[seat], state.egt[seat]
    if held or egt:
        return _add_tiles(out, state, seat, held, egt)
    return out


def _add_tiles(
    out: list, state: State, seat: int, held: tuple[int, ...], egt: tuple[int, ...]
) -> list:
    """The uses of the seat's tiles `held` and `egt` appended to `out`, and `out`: their plan
    (`bonus.tile_free`) through `_plans`, then `bonus.add_state_uses` inline."""
    known = _plans[seat]
    if known[0] is held and known[1] is egt:
        first, rest = known[2]
    else:
        first, rest = plan = _tile_free(held, egt)
        _plans[seat] = (held, egt, plan)
    out += first
    for uses, n, after in rest:
        out += uses(state, seat, n)
        out += after
    return out


def _with_free(step_options: Callable[[State, int], list[Any]]) -> LegalActions:
    """A purchase's optional step (bonus tile, prestige, VP tile) with the free actions
    beside its own choices: trades are «в любое время» and tiles are used «в любой момент
    любого вашего хода», so the token just taken may pay for the bonus tile of a 3."""

    def options(state: State, seat: int) -> list[Any]:
        return _add_free(step_options(state, seat), state, seat)  # a new list, extended

    return options


_LEGAL_BY_PHASE = {
    TILE: turns.tile_options,
    PLACE: turns.place_options,
    ACTION: _action_step,
    PAY: purchase.pay_options,
    BONUS: _with_free(purchase.bonus_options),
    PRESTIGE: _with_free(purchase.cash_options),
    VPTILE: _with_free(purchase.vp_tile_options),
    ENDGAME: turns.pick_options,
    AFTER: _after_step,
}


def _pass(state: State, seat: int, action: A.EndTurn) -> tuple[State, list[Event]]:
    return flow.pass_turn(state, seat, turns.main_options(state, seat))


def _skip(state: State, seat: int, action: A.Skip) -> tuple[State, list[Event]]:
    return purchase.apply_skip(state, seat, state.phase)


_FREE_HANDLERS: dict[type, Handler] = {
    A.Buy: flow.apply_buy,
    A.Sell: flow.apply_sell,
    A.UseBonus: flow.free_handler(bonus.apply_use_bonus),
    A.UseEndGame: flow.free_handler(bonus.apply_use_end_game),
}
_RULES_BY_PHASE: dict[int, dict[type, Handler]] = {
    TILE: {A.PlaceTile: turns.apply_place_tile},
    PLACE: {A.PlaceBuilding: turns.apply_place_building},
    ACTION: {
        A.PlaceKey: turns.apply_place_key,
        A.MoveKey: purchase.apply_move,
        A.TakeEndGame: turns.apply_take_end_game,
        A.EndTurn: _pass,
        **_FREE_HANDLERS,
    },
    PAY: {A.Pay: purchase.apply_pay},
    BONUS: {A.TakeBonus: purchase.apply_take_bonus, A.Skip: _skip, **_FREE_HANDLERS},
    PRESTIGE: {A.CashPrestige: purchase.apply_cash, A.Skip: _skip, **_FREE_HANDLERS},
    VPTILE: {A.PlaceVPTile: purchase.apply_vp_tile, A.Skip: _skip, **_FREE_HANDLERS},
    ENDGAME: {A.PickEndGame: turns.apply_pick_end_game},
    AFTER: {A.EndTurn: flow.apply_end_turn, **_FREE_HANDLERS},
}


def _nothing(state: State, seat: int) -> list:
    """The over phase's legal actions: none."""
    return []


# The tables by phase as tuples (the phases are 0..OVER), for `legal_actions`, `apply` and
# the playout loop: the over phase has no legal action and no handler (an action then goes
# to `PhasedGame.apply`, which refuses it), so no move tests for it first.
_LEGAL = (*(_LEGAL_BY_PHASE[phase] for phase in range(OVER)), _nothing)
_HANDLERS: tuple[Mapping[type, Handler], ...] = (
    *(_RULES_BY_PHASE[phase] for phase in range(OVER)),
    {},
)


class Paris(PhasedGame[State, Any]):
    """A turn places a building tile, then plays one action (a key to a bank or the Arc, a
    key moved up to buy, the end-game stack) with the decisions a purchase asks for; trades
    and tiles are free at any point of the action step."""

    key = "paris"
    title = "Paris"
    min_seats = 2
    max_seats = 4
    Options = ParisOptions
    editions = EDITIONS
    order = 3
    legal_by_phase = _LEGAL_BY_PHASE
    rules = {
        (phase, kind): handler
        for phase, handlers in _RULES_BY_PHASE.items()
        for kind, handler in handlers.items()
    }
    phase_names = PHASE_NAMES
    over = OVER
    hidden_information = hidden
    wrong_phase_key = "paris.wrong_step"

    def deal(
        self, seats: int, options: ParisOptions, seed: int, arrangement: Mapping[str, Any] | None
    ) -> State:
        """The first player is drawn from the seed (or fixed by the arrangement)."""
        return new_state(seats, options, seed, arrangement)

    def arrangement(self, state: State) -> dict[str, Any]:
        return dump_arrangement(state)

    def snapshot(self, state: State) -> dict[str, Any]:
        """`Game.snapshot`, the setup's fields one by one (as before they had a `Setup`)."""
        return {name: jsonable(getattr(state, name)) for name in FLAT_FIELDS}

    def restore(self, snapshot: Mapping[str, Any]) -> State:
        """`Game.restore` of `snapshot`'s flat fields (the setup's gathered)."""
        data = {name: snapshot[name] for name in FLAT_FIELDS if name not in SETUP_FIELDS}
        data["setup"] = {name: snapshot[name] for name in SETUP_FIELDS}
        state: State = restore(State, data)
        return state

    def view(self, state: State, seat: int | None) -> ParisView:
        return build_view(state, seat)

    def result(self, state: State) -> Result | None:
        return final_scoring(state)[0] if state.phase == OVER else None

    def scores(self, state: State) -> list[int]:
        if state.phase == OVER:
            return final_scoring(state)[0].scores
        return list(state.vp)

    def reveals_hidden(self, state: State, seat: int, action: Any) -> bool:
        """Placing a tile turns it face up (and shows the next tile's back); browsing the
        end-game stack shows it; the game's last action opens every screen."""
        if getattr(action, "type", None) in ("place_tile", "take_end_game", "pick_end_game"):
            return True
        if state.final_turns != 0:
            return False
        try:
            return self.apply(state, seat, action)[0].phase == OVER
        except IllegalAction:
            return False

    def is_over(self, state: State) -> bool:
        """`PhasedGame.is_over` with the over phase a module constant (no class attribute
        looked up through the instance: every move of a random game asks)."""
        return state.phase == OVER

    def to_act(self, state: State) -> frozenset[int]:
        """`PhasedGame.to_act`, likewise: the seat whose turn it is."""
        return NOBODY if state.phase == OVER else SEAT_SETS[state.turn]

    def legal_actions(self, state: State, seat: int) -> Sequence[Any]:
        """`PhasedGame.legal_actions` through the tuple by phase (every move asks it)."""
        if seat != state.turn:
            return []
        return _LEGAL[state.phase](state, seat)

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        """`PhasedGame.apply` through the tuple by phase; anything it would not play
        directly (a JSON action, a wrong seat or phase) goes to it, for its refusals."""
        if seat == state.turn:
            try:  # a subscript, not `.get`: no method call on the way of every move
                handler = _HANDLERS[state.phase][type(action)]
            except KeyError:
                pass
            else:
                return handler(state, seat, action)
        return super().apply(state, seat, action)

    def playout_step(self, state: State, seat: int, rng: random.Random) -> State:
        """The search's random move through the tables without the contract's checks (the
        search asks the seat to act, in a game not over), drawn with `hidden.below`: the
        same move, the same bits drawn (tests/contract/test_playout_step.py)."""
        phase = state.phase
        legal = _LEGAL_BY_PHASE[phase](state, seat)
        action = legal[hidden.below(rng, len(legal))]
        return self._handlers[phase][type(action)](state, seat, action)[0]

    def playout(self, state: State, rng: random.Random, moves: int) -> tuple[State, int]:
        """`playout_step` after `playout_step`, in one loop: the seat to act is `state.turn`
        until the match is over (`Game.playout`, move for move and draw for draw), on one
        scratch state written in place (tests/paris/test_ai.py checks every edition)."""
        # A scratch state, which every move writes in place (`state.draft`): the rule
        # functions read a field before they write it, so they play it as a draft. A state
        # given as one (`scratch`) is played on; another is copied first, never written.
        if state.__class__ is not Scratch:
            if moves <= 0 or state.phase == OVER:
                return state, 0
            state = to_scratch(state)
        handlers = _HANDLERS
        getrandbits = rng.getrandbits
        played = 0
        while played < moves:
            phase = state.phase
            if phase == OVER:
                break
            seat = state.turn
            legal = _LEGAL[phase](state, seat)
            n = len(legal)  # `hidden.below(rng, n)`, inline
            k = getrandbits(n.bit_length())
            while k >= n:
                k = getrandbits(n.bit_length())
            action = legal[k]
            state = handlers[phase][type(action)](state, seat, action)[0]
            played += 1
        state.__class__ = State  # sealed at last
        return state, played

    def scratch(self, state: State) -> State:
        """A scratch copy (`state.Scratch`): moves write it in place (`Game.scratch`)."""
        scratch: State = to_scratch(state)
        return scratch

    def evaluate_all(self, state: State) -> list[float]:
        """Every seat's `evaluate` from one `evaluation.values`: the best rival of every seat
        is the leader, but the leader's own is the runner-up (the same floats: `max` picks
        among them, no arithmetic)."""
        value = evaluation.values(state)
        top = max(value)
        leader = value.index(top)
        second = max(value[:leader] + value[leader + 1 :])
        out = [v - top for v in value]
        out[leader] = top - second
        return out

    def evaluate(self, state: State, seat: int) -> float:
        """The final scoring as if the game ended now (VP, districts on their VP tiles, bonus
        27), plus a little for francs and building value, minus the best rival's
        (`evaluation.values`: every seat's at once, kept for the next seat's call)."""
        value = evaluation.values(state)
        return value[seat] - max([v for s, v in enumerate(value) if s != seat])
