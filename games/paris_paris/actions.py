"""The actions of Paris Paris: their JSON is the game's notation (docs/notation/paris_paris.md).

`Reveal` is phase 1 (the first player turns a pile face up); `Take` is phase 2 (a player takes
a displayed token and opens a shop on its station). Everything else in a round (visit, discard,
excursion, passing the bus, the end of the game) follows automatically from the last `Take`.

Models are frozen, so `legal_actions` can hand out cached instances built once with
`model_construct` instead of validating new ones on every call (the hot path of benchmarks).
"""

from __future__ import annotations

from games.core.actions import ActionModel, cached_action


class Reveal(ActionModel, tag="reveal"):
    """The first player reveals pile `pile` (0-based, numbered as dealt, never renumbered)."""

    pile: int


class Take(ActionModel, tag="take"):
    """Take a displayed token (`station`, `colour`) and open a shop on that station.

    `remove`: at a crossing that already holds 2 shops, the seat whose shop is removed (the
    placing player chooses); omitted everywhere else (a full plain station loses its only shop).
    `move_from`: 2 players only, when the player has no shop left in supply: the station of one
    of their own shops that moves to `station` (must differ from it); omitted otherwise.
    """

    station: str
    colour: str
    remove: int | None = None
    move_from: str | None = None


def reveal(pile: int) -> Reveal:
    """The shared `Reveal` of `pile`."""
    return cached_action(Reveal, pile=pile)


def take(
    station: str, colour: str, remove: int | None = None, move_from: str | None = None
) -> Take:
    """The shared `Take` with these fields."""
    return cached_action(Take, station=station, colour=colour, remove=remove, move_from=move_from)
