"""Counting the cards of a match wherever they are, for the conservation checks: every
wagon and action card, and every city card."""

from __future__ import annotations

from collections import Counter

from games.moscow_paris.data import deck_counts
from games.moscow_paris.state import NO_CITY, State


def card_census(state: State) -> Counter:
    """Every wagon and action card wherever it is (deck, discard, hands, tableaux, lines)."""
    total: Counter = Counter(state.deck)
    for code, n in enumerate(state.discard):
        total[code] += n
    for group in (*state.hands, *state.tableaux, *state.lefts, *state.rights):
        total.update(group)
    return +total


def full_census(state: State) -> Counter:
    return +Counter(dict(enumerate(deck_counts(state.cfg.split))))


def city_census(state: State) -> Counter:
    """Every city card of the match: rows, city deck, claimed piles, discarded."""
    total = Counter(c for c in state.cities if c != NO_CITY)
    total.update(state.city_deck)
    total.update(state.removed)
    for pile in state.won:
        total.update(pile)
    return total
