"""Information-set Monte Carlo tree search (single observer), for any game of the contract.

Why this shape: the games hide cards, tiles and markers, so a search on the true state would
peek. Each iteration instead plays on a *determinisation* — `Game.determinize(state, seat,
rng)`, a state whose hidden parts are resampled from what `seat` may know — and one tree of
action sequences, seen from the searching seat, gathers the statistics of all of them
(Cowling, Powley & Whitehouse 2012, "SO-ISMCTS"). A move that is legal in only some
determinisations is chosen by UCB over its *availability* count (how often it could have been
chosen), not over the parent's visits.

Nothing here knows a game: the engine supplies `determinize`, `legal_actions`, `apply`,
`result` and `evaluate`. Long games are cut after `rollout_actions` random moves and valued
by `evaluate` (squashed to 0..1 on the scale this search has seen so far); a
finished game is valued by who won. Iteration budgets make a search deterministic for a seed
(tests, arenas); time budgets bound it in play.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any

from games.core.contract import Game


@dataclasses.dataclass(frozen=True, slots=True)
class Budget:
    """How long one choice may think: `seconds` of wall time and/or `iterations`.

    With iterations only, a choice depends on nothing but its inputs and rng (reproducible);
    with seconds, on the machine's speed too. Both: whichever comes first."""

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds or iterations")


@dataclasses.dataclass(frozen=True, slots=True)
class Settings:
    """The search's knobs, the same for every game (levels differ by budget)."""

    exploration: float = 0.7  # UCB constant, for rewards in 0..1
    rollout_actions: int = 16  # a playout is cut after this many moves, then evaluated
    widening: float = 2.0  # a node seen n times may have 1 + widening·√n children


class _Node:
    """One action's statistics below its parent, from the point of view of `seat`, who
    chose it: summed rewards, visits, and how often it was available to choose."""

    __slots__ = ("children", "reward", "visits", "avail")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.reward = 0.0
        self.visits = 0
        self.avail = 0


def _key(action: Any) -> Hashable:
    """What identifies an action across determinisations: the action itself when it is
    hashable (frozen models), else its JSON dump."""
    try:
        hash(action)
    except TypeError:
        return repr(action)
    return action


class Search:
    """One choice: build a tree from `seat`'s point of view and return the most visited move.

    `state` is used only through `game.determinize(state, seat, rng)` and the seat's own
    legal actions: the hidden part of `state` never enters the tree."""

    def __init__(self, game: Game[Any, Any], settings: Settings | None = None) -> None:
        """`settings`: the knobs; by default the search's own, with the game's hints."""
        self.game = game
        self.settings = settings or Settings(**game.search_hints)
        self._order: dict[Hashable, int] = {}  # the root's moves by promise
        self._scale = 1.0  # mean |evaluate| seen at cut playouts: squashes values to 0..1
        self._seen = 0
        self.iterations = 0
        self.playout_actions = 0

    def choose(self, state: Any, seat: int, rng: random.Random, budget: Budget) -> Any:
        game = self.game
        legal = list(game.legal_actions(state, seat))
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        root = _Node()
        self._order = self._root_order(state, seat, legal, rng)
        limit = budget.iterations
        while True:
            if limit is not None and self.iterations >= limit:
                break
            if deadline is not None and self.iterations and time.perf_counter() >= deadline:
                break
            root.visits += 1
            self._iterate(root, game.scratch(game.determinize(state, seat, rng)), rng)
            self.iterations += 1
        by_key = {_key(a): a for a in legal}
        best = max(
            (k for k in root.children if k in by_key),
            key=lambda k: (root.children[k].visits, root.children[k].reward),
            default=None,
        )
        return by_key[best] if best is not None else rng.choice(legal)

    def _root_order(
        self, state: Any, seat: int, legal: list[Any], rng: random.Random
    ) -> dict[Hashable, int]:
        """The seat's moves, best first by their immediate `evaluate` on one determinisation:
        with many moves (hundreds, in some games) the tree widens from the likeliest."""
        game = self.game
        sample = game.determinize(state, seat, rng)
        scored = []
        for n, action in enumerate(legal):
            try:
                value = game.evaluate(game.apply(sample, seat, action)[0], seat)
            except Exception:  # noqa: BLE001 - an engine refusing a move: try it last
                value = -math.inf
            scored.append((-value, n, _key(action)))
        return {key: rank for rank, (_, _, key) in enumerate(sorted(scored))}

    # --- one iteration --------------------------------------------------------------------

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        """Select and expand on the determinisation `state`, play out, back up."""
        game = self.game
        c = self.settings.exploration
        node = root
        path: list[tuple[_Node, int]] = []  # (node, seat that chose it)
        expanded = False
        sqrt, log, inf = math.sqrt, math.log, math.inf
        while True:
            to_act = game.to_act(state)
            if not to_act:
                break
            actor = min(to_act)
            legal = game.legal_actions(state, actor)
            if len(legal) == 1:  # a forced move is no decision: no node for it
                state, _ = game.apply(state, actor, legal[0])
                continue
            children = node.children
            untried: list[Any] = []
            best = None
            best_value = -1.0
            for action in legal:
                try:  # `_key`, inline: the action itself when it is hashable
                    child = children.get(action)
                    key = action
                except TypeError:
                    key = repr(action)
                    child = children.get(key)
                if child is None:
                    untried.append((key, action))
                    continue
                avail = child.avail = child.avail + 1
                visits = child.visits
                if visits:
                    value = child.reward / visits + c * sqrt(log(avail) / visits)
                else:
                    value = inf
                if value > best_value:
                    best, best_value = (key, action), value
            # Progressive widening: a new child only while the node has few for its visits
            # (the root's in order of promise, deeper ones at random).
            room = 1 + self.settings.widening * math.sqrt(node.visits) > len(children)
            if untried and (room or best is None):
                if node is root:
                    order = self._order
                    pick = min(untried, key=lambda item: order.get(item[0], len(order)))
                else:
                    pick = untried[rng.randrange(len(untried))]
                key, action = pick
                child = children[key] = _Node()
                child.avail = 1
                expanded = True
            else:
                assert best is not None
                key, action = best
                child = children[key]
            state, _ = game.apply(state, actor, action)
            path.append((child, actor))
            node = child
            if expanded:
                break
        rewards = self._playout(state, rng)
        for child, actor in path:
            child.visits += 1
            child.reward += rewards[actor]

    def _playout(self, state: Any, rng: random.Random) -> Sequence[float]:
        """Random moves until the end or `rollout_actions` moves; then the value of the
        position to every seat, in 0..1."""
        state, played = self.game.playout(state, rng, self.settings.rollout_actions)
        self.playout_actions += played
        if not self.game.to_act(state):  # the match is over
            return self._final(state)
        return self._estimate(state)

    def _final(self, state: Any) -> list[float]:
        """A finished game: winners share the win; a sliver of the score margin breaks
        ties between lost (or won) lines, so a lost game is still played well."""
        result = self.game.result(state)
        assert result is not None
        seats = len(result.scores)
        winners = result.winners
        share = 1.0 / len(winners)
        margins = self.game.evaluate_all(state)
        return [
            0.9 * (share if seat in winners else 0.0) + 0.1 * self._squash(margins[seat])
            for seat in range(seats)
        ]

    def _estimate(self, state: Any) -> list[float]:
        """A cut playout: each seat's `evaluate`, squashed to 0..1 on the scale of the
        values this search has met (so no game needs to declare its point scale)."""
        values = self.game.evaluate_all(state)
        seen, scale = self._seen, self._scale
        for v in values:
            seen += 1
            scale += (abs(v) - scale) / min(seen, 1000)
        self._seen, self._scale = seen, scale
        scale = max(scale, 1.0)  # `_squash`, inline: the same floats
        exp = math.exp
        return [1.0 / (1.0 + exp(-2.0 * v / scale)) for v in values]

    def _squash(self, value: float) -> float:
        return 1.0 / (1.0 + math.exp(-2.0 * value / max(self._scale, 1.0)))


def search_positions(game: Game[Any, Any], seats: int, seed: int, count: int) -> list[Any]:
    """`count` (state, seat) positions spread evenly along one seeded random match (setup and
    choices seeded with `seed`), each where the seat to act (the lowest, when several) has a
    choice: the seeded searches of the bench and of the engine fingerprint start there."""
    rng = random.Random(seed)
    state = game.setup(seats, game.parse_options({}), seed=seed)
    decisions = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            decisions.append((state, seat))
        state, _ = game.apply(state, seat, rng.choice(legal))
    return [decisions[len(decisions) * k // count] for k in range(count)]
