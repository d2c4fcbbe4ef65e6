"""Determinisation: a state one seat cannot tell from the true one (for AI seats).

What a seat knows: the board (tiles, keys, tokens beside the spaces, landmarks, VP tiles), the
bonus track, the general supply, every public count (stack sizes and the district on each
top tile's back, tiles held, keys behind screens), what was used face up, its own screen,
and the end-game stack while it browses it. Hidden, and resampled here:

- the building tiles under the tops and the three removed unseen: the tiles neither laid nor
  discarded, shuffled, each stack's top drawn from its visible district;
- the other screens: their bonus tiles (the tiles gone from the track, less those used and
  this seat's own), their end-game tiles (with the end-game stack: those neither used nor
  this seat's), their resource tokens (the ones neither beside a space, in the supply nor
  behind this seat's screen, each to one of them), their prestige tokens (those not on the
  board nor this seat's: each to one of them or spent, alike), and their francs (unknown: this
  seat's own count stands in for them). Half-used tiles of others count as whole.

`deal`, the dealt stacks kept only for the match record, becomes the sampled stacks.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from games.core.drafts import draft, seal
from games.core.rng import shuffle
from games.paris.board import (
    BONUS_NUMBERS,
    GOODS,
    N_EGT,
    N_SPACES,
    N_VALUES,
    RESOURCE_GOODS,
    bonus_copies,
)
from games.paris.data import TOKENS_PER_GOOD
from games.paris.state import ENDGAME, OVER, PLACE, State, dealt


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    """What a determinisation of one state for one seat draws from and deals out: all that
    does not depend on the generator (a search determinises the same state thousands of
    times, so this is worked out once, `_plan`)."""

    tiles: tuple[int, ...]  # the building tiles unseen, in order
    tops: tuple[int, ...]  # by stack: the district on its top tile's back, -1 empty
    sizes: tuple[int, ...]  # by stack: its tile count
    bonus: tuple[int, ...]  # the bonus tiles behind the other screens, pooled
    bonus_sizes: tuple[tuple[int, int], ...]  # (seat, tiles it holds) of the others
    egt: tuple[int, ...]  # the end-game tiles unseen, pooled
    egt_sizes: tuple[tuple[int, int], ...]  # (seat or -1 the stack, tiles held)
    browsing: bool  # the seat browses the end-game stack: it stays as it is
    goods: tuple[tuple[int, ...], ...]  # the seat's own row, zeros for the others
    loose: tuple[tuple[int, int, tuple[int, ...]], ...]  # (good, tokens unseen, holders)
    francs: tuple[int, ...]
    half: tuple[int, ...]


# The last state planned for, with the seat and its plan (the state kept alive: identity
# is safe).
_last: tuple[State | None, int, _Plan | None] = (None, -1, None)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """`state` with what `seat` cannot see drawn from `rng` (depends on nothing else)."""
    global _last
    if state.phase == OVER:  # every screen opens at the end
        return state
    known, known_seat, plan = _last
    if known is not state or known_seat != seat or plan is None:
        plan = _plan(state, seat)
        _last = (state, seat, plan)
    new = draft(state)
    _tiles(new, plan, rng)
    players = state.setup.players
    dealt = _deal_out(list(plan.bonus), plan.bonus_sizes, rng)
    new.bonus = tuple([state.bonus[s] if s == seat else dealt[s] for s in range(players)])
    dealt = _deal_out(list(plan.egt), plan.egt_sizes, rng)
    new.egt = tuple([state.egt[s] if s == seat else dealt[s] for s in range(players)])
    if not plan.browsing:
        new.endgame = dealt[-1]
    new.goods = _goods(plan, rng)
    new.francs = plan.francs
    new.half = plan.half
    return seal(new, State)


def _plan(state: State, seat: int) -> _Plan:
    others = [s for s in range(state.setup.players) if s != seat]
    gone = {t for t in state.spaces if t >= 0}
    gone.update(state.discarded)
    if state.phase == PLACE:
        gone.add(state.pending[0])  # the drawn tile, face up
    browsing = state.phase == ENDGAME and state.turn == seat
    egt_sizes = [(s, len(state.egt[s])) for s in others]
    if not browsing:
        egt_sizes.append((-1, len(state.endgame)))
    goods: list[tuple[int, ...]] = [(0,) * len(GOODS)] * state.setup.players
    goods[seat] = state.goods[seat]
    return _Plan(
        tiles=tuple(t for t in range(N_SPACES) if t not in gone),
        tops=tuple(stack[0] // N_VALUES if stack else -1 for stack in state.stacks),
        sizes=tuple(len(stack) for stack in state.stacks),
        bonus=_bonus_pool(state, seat),
        bonus_sizes=tuple((s, len(state.bonus[s])) for s in others),
        egt=_end_game_pool(state, seat, browsing),
        egt_sizes=tuple(egt_sizes),
        browsing=browsing,
        goods=tuple(goods),
        loose=_loose(state, seat, others),
        francs=tuple(state.francs[seat] for _ in range(state.setup.players)),
        half=tuple(state.half[s] if s == seat else 0 for s in range(state.setup.players)),
    )


def _tiles(new: State, plan: _Plan, rng: random.Random) -> None:
    pool = list(plan.tiles)
    shuffle(rng, pool)
    tops = []
    for district in plan.tops:  # the tops first: each shows its district's back
        if district >= 0:
            i = 0
            while pool[i] // N_VALUES != district:
                i += 1
            tops.append(pool.pop(i))
        else:
            tops.append(-1)
    stacks = []
    for top, size in zip(tops, plan.sizes, strict=True):
        stacks.append((top, *pool[: size - 1]) if size else ())
        del pool[: max(0, size - 1)]
    new.stacks = tuple(stacks)
    new.setup = dealt(new.setup, tuple(pool), new.stacks)


def _deal_out(
    pool: list[int], sizes: tuple[tuple[int, int], ...], rng: random.Random
) -> dict[int, tuple[int, ...]]:
    shuffle(rng, pool)
    out = {}
    for s, size in sizes:
        out[s] = tuple(sorted(pool[:size]))
        del pool[:size]
    return out


def _bonus_pool(state: State, seat: int) -> tuple[int, ...]:
    taken = dict.fromkeys(BONUS_NUMBERS, 0)
    for number, left in zip(state.setup.track_numbers, state.track, strict=True):
        taken[number] += bonus_copies(number, state.setup.players) - left
    for n in (*state.bonus[seat], *(n for used in state.used_bonus for n in used)):
        taken[n] -= 1
    return tuple(n for n, count in taken.items() for _ in range(count))


def _end_game_pool(state: State, seat: int, browsing: bool) -> tuple[int, ...]:
    known = {*state.egt[seat], *(e for used in state.used_egt for e in used)}
    if browsing:
        known.update(state.endgame)
    return tuple(e for e in range(N_EGT) if e not in known)


def _loose(
    state: State, seat: int, others: list[int]
) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(good, tokens of it the seat cannot see, where each may be) by good."""
    out = []
    for g in range(len(GOODS)):
        loose = TOKENS_PER_GOOD - state.tokens.count(g) - state.goods[seat][g]
        if g in RESOURCE_GOODS:
            loose -= state.supply[g]
            places = tuple(others)
        else:
            places = (*others, -1)  # -1: spent (a prestige token leaves the game)
        out.append((g, loose, places))
    return tuple(out)


def _goods(plan: _Plan, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    goods = [list(row) for row in plan.goods]
    getrandbits = rng.getrandbits
    for g, loose, places in plan.loose:
        n = len(places)
        bits = n.bit_length()
        for _ in range(loose):
            k = getrandbits(bits)  # `below(rng, n)`, inline: a draw per token
            while k >= n:
                k = getrandbits(bits)
            holder = places[k]
            if holder >= 0:
                goods[holder][g] += 1
    return tuple([tuple(row) for row in goods])


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)`, draw for draw (CPython's `_randbelow`, the algorithm
    `games.core.rng.shuffle` writes inline too), at a fraction of the cost: determinisations
    and playout moves draw thousands of times a second."""
    bits = n.bit_length()
    k = rng.getrandbits(bits)
    while k >= n:
        k = rng.getrandbits(bits)
    return k


def secrets(state: State, seat: int) -> dict[str, Any]:
    """What `determinize` must redraw for `seat`. Left out, since a seat can work them out:
    the francs behind the other screens (every payment and income is announced), and with
    two players the rival's bonus tiles."""
    if state.phase == OVER:
        return {}
    others = [s for s in range(state.setup.players) if s != seat]
    browsing = state.phase == ENDGAME and state.turn == seat
    hidden = {
        "stacks": state.stacks,  # only each top's district is visible
        "removed": tuple(sorted(state.setup.removed)),
        "end_game": tuple(state.egt[s] for s in others),
        "end_game_stack": () if browsing else state.endgame,
        "goods": tuple(state.goods[s] for s in others),
    }
    if len(others) > 1:  # a lone rival holds the tiles gone from the track and not used
        hidden["bonus"] = tuple(state.bonus[s] for s in others)
    return hidden
