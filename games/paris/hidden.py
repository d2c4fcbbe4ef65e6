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
from games.paris.state import ENDGAME, OVER, PLACE, State


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """`state` with what `seat` cannot see drawn from `rng` (depends on nothing else)."""
    if state.phase == OVER:  # every screen opens at the end
        return state
    new = draft(state)
    _tiles(new, state, rng)
    others = [s for s in range(state.players) if s != seat]
    _bonus(new, state, seat, others, rng)
    _end_game(new, state, seat, others, rng)
    _goods(new, state, seat, others, rng)
    new.francs = tuple(state.francs[seat] for _ in range(state.players))
    new.half = tuple(state.half[s] if s == seat else 0 for s in range(state.players))
    return seal(new, State)


def _tiles(new: State, state: State, rng: random.Random) -> None:
    gone = {t for t in state.spaces if t >= 0}
    gone.update(state.discarded)
    if state.phase == PLACE:
        gone.add(state.pending[0])  # the drawn tile, face up
    pool = [t for t in range(N_SPACES) if t not in gone]
    shuffle(rng, pool)
    tops = []
    for stack in state.stacks:  # the tops first: each shows its district's back
        if stack:
            tops.append(next(t for t in pool if t // N_VALUES == stack[0] // N_VALUES))
            pool.remove(tops[-1])
        else:
            tops.append(-1)
    stacks = []
    for top, stack in zip(tops, state.stacks, strict=True):
        stacks.append((top, *pool[: len(stack) - 1]) if stack else ())
        del pool[: max(0, len(stack) - 1)]
    new.stacks = tuple(stacks)
    new.removed = tuple(pool)
    new.deal = new.stacks


def _deal_out(pool: list[int], sizes: dict[int, int], rng: random.Random) -> dict[int, list[int]]:
    shuffle(rng, pool)
    out = {}
    for s, size in sizes.items():
        out[s] = sorted(pool[:size])
        del pool[:size]
    return out


def _bonus(new: State, state: State, seat: int, others: list[int], rng: random.Random) -> None:
    taken = dict.fromkeys(BONUS_NUMBERS, 0)
    for number, left in zip(state.track_numbers, state.track, strict=True):
        taken[number] += bonus_copies(number, state.players) - left
    for n in (*state.bonus[seat], *(n for used in state.used_bonus for n in used)):
        taken[n] -= 1
    pool = [n for n, count in taken.items() for _ in range(count)]
    dealt = _deal_out(pool, {s: len(state.bonus[s]) for s in others}, rng)
    new.bonus = tuple(
        state.bonus[s] if s == seat else tuple(dealt[s]) for s in range(state.players)
    )


def _end_game(new: State, state: State, seat: int, others: list[int], rng: random.Random) -> None:
    browsing = state.phase == ENDGAME and state.turn == seat
    known = {*state.egt[seat], *(e for used in state.used_egt for e in used)}
    if browsing:
        known.update(state.endgame)
    pool = [e for e in range(N_EGT) if e not in known]
    sizes = {s: len(state.egt[s]) for s in others}
    if not browsing:
        sizes[-1] = len(state.endgame)
    dealt = _deal_out(pool, sizes, rng)
    new.egt = tuple(state.egt[s] if s == seat else tuple(dealt[s]) for s in range(state.players))
    new.endgame = state.endgame if browsing else tuple(dealt[-1])


def _goods(new: State, state: State, seat: int, others: list[int], rng: random.Random) -> None:
    goods = [[0] * len(GOODS) for _ in range(state.players)]
    goods[seat] = list(state.goods[seat])
    for g in range(len(GOODS)):
        loose = TOKENS_PER_GOOD - state.tokens.count(g) - state.goods[seat][g]
        if g in RESOURCE_GOODS:
            loose -= state.supply[g]
            places = others
        else:
            places = [*others, -1]  # -1: spent (a prestige token leaves the game)
        for _ in range(loose):
            holder = places[rng.randrange(len(places))]
            if holder >= 0:
                goods[holder][g] += 1
    new.goods = tuple(tuple(row) for row in goods)


def secrets(state: State, seat: int) -> dict[str, Any]:
    """What `determinize` must redraw for `seat`. Left out, since a seat can work them out:
    the francs behind the other screens (every payment and income is announced), and with
    two players the rival's bonus tiles."""
    if state.phase == OVER:
        return {}
    others = [s for s in range(state.players) if s != seat]
    browsing = state.phase == ENDGAME and state.turn == seat
    hidden = {
        "stacks": state.stacks,  # only each top's district is visible
        "removed": tuple(sorted(state.removed)),
        "end_game": tuple(state.egt[s] for s in others),
        "end_game_stack": () if browsing else state.endgame,
        "goods": tuple(state.goods[s] for s in others),
    }
    if len(others) > 1:  # a lone rival holds the tiles gone from the track and not used
        hidden["bonus"] = tuple(state.bonus[s] for s in others)
    return hidden
