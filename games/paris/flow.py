"""The frame of a turn: free actions, the end of a turn, the end of the game.

«Начиная с первого игрока и далее по часовой стрелке, каждый игрок ДОЛЖЕН выполнить два
следующих шага: 1. Выложить жетон здания на игровое поле (если возможно) 2. Выполнить
действие»; bonus tiles and trades are used «в любой момент любого вашего хода».
"""

from __future__ import annotations

from games.core.contract import Event
from games.core.errors import IllegalAction
from games.paris import bonus, trade
from games.paris.scoring import final_scoring
from games.paris.state import ACTION, AFTER, OVER, TILE, State, evolve


def free_actions(state: State, seat: int) -> list:
    """Trades and tile uses: allowed at any point of the seat's action step."""
    return [*trade.options(state, seat), *bonus.use_options(state, seat)]


# Tiles with no use of their own (9/16 go with a key move, 27 scores at the end).
_NO_FREE_USE = frozenset({9, 16, 27})
_NONE: dict = {}


def has_free(state: State, seat: int, changes: dict = _NONE) -> bool:
    """Whether the seat (in `state` with `changes` applied) may still have a free action:
    it holds a token or a usable tile, or can buy. (A cheap test: a tile 13/14, 17, 25, 23 or
    24 that happens to have no use now leaves the seat with only `end_turn`.)"""
    get = changes.get
    if get("egt", state.egt)[seat] or any(get("goods", state.goods)[seat]):
        return True
    if any(n not in _NO_FREE_USE for n in get("bonus", state.bonus)[seat]):
        return True
    francs = get("francs", state.francs)[seat]
    supply = get("supply", state.supply)
    return any(supply[g] and francs >= trade.BUY_PRICE[g] for g in range(len(supply)))


def finish_action(
    state: State, seat: int, events: list[Event], changes: dict | None = None
) -> tuple[State, list[Event]]:
    """The action (whose last `changes` are not yet in `state`) and its follow-ups are
    done: the seat may still trade or use tiles, else the turn ends at once."""
    changes = {} if changes is None else changes
    if has_free(state, seat, changes):
        changes["phase"] = AFTER
        changes["pending"] = ()
        return evolve(state, **changes), events
    return end_turn(state, seat, events, changes)


def end_turn(
    state: State, seat: int, events: list[Event], changes: dict | None = None
) -> tuple[State, list[Event]]:
    """The next seat clockwise; or, once the last round after the trigger is played, the
    end. «Когда один из игроков берёт последний жетон конца игры, наступает конец игры.
    Текущий раунд доигрывается до конца… Затем игроки играют один последний раунд.»"""
    changes = {} if changes is None else changes
    events.append(Event("turn_ended", {"seat": seat, "round": state.round}))
    final = changes.get("final_turns", state.final_turns)
    changes["pending"] = ()
    if final == 0:
        changes["phase"] = OVER
        s = evolve(state, **changes)
        events.extend(final_scoring(s)[1])
        return s, events
    nxt = (seat + 1) % state.players
    changes["final_turns"] = final - 1 if final > 0 else -1
    changes["round"] = state.round + (nxt == state.first)
    changes["turn"] = nxt
    changes["phase"] = TILE if any(changes.get("stacks", state.stacks)) else ACTION
    return evolve(state, **changes), events


def apply_end_turn(state: State, seat: int, action) -> tuple[State, list[Event]]:
    """`end_turn` after the action."""
    return end_turn(state, seat, [])


def check_pass(main: list) -> None:
    if main:
        raise IllegalAction(
            "paris.must_act",
            "you can still place or move a key (or take an end-game tile): do one of those",
        )
