"""The one draw pile of wagon and action cards: drawing, discarding, reshuffling.

«Если стопка вагонов и действий закончилась, перетасуйте сброс и сформируйте из него новую
стопку.» Reshuffle k of a match (k = 1, 2, ...) shuffles the discard pile, sorted by card code,
with `derive_rng(reshuffle_seed, "reshuffle", k)`, so a replay draws the same cards.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable

from games.core.contract import Event, event, shared_event
from games.core.rng import derive_rng, shuffle
from games.moscow_paris.data import CARD_IDS, MAX_SEATS, N_CODES
from games.moscow_paris.state import Draft, put, with_card

EMPTY_DISCARD: tuple[int, ...] = (0,) * N_CODES

# The events of drawing one card, by seat (and card), built once: events are values that
# nobody writes, and most moves that draw draw one card.
_DREW_ONE = tuple(shared_event("drew", {"seat": seat, "count": 1}) for seat in range(MAX_SEATS))
_DREW_CARD = tuple(
    tuple(
        shared_event("drew_cards", {"seat": seat, "cards": (name,)}, to=(seat,))
        for name in CARD_IDS
    )
    for seat in range(MAX_SEATS)
)


def discard(d: Draft, codes: Iterable[int]) -> None:
    """Put cards (codes) on the discard pile."""
    counts = list(d.discard)
    for code in codes:
        counts[code] += 1
    d.discard = tuple(counts)


def reshuffle(d: Draft, events: list[Event]) -> None:
    """The discard pile, shuffled from the seed, becomes the draw pile."""
    cards = [code for code, n in enumerate(d.discard) for _ in range(n)]
    k = d.reshuffles + 1
    shuffle(derive_rng(d.cfg.reshuffle_seed, "reshuffle", k), cards)
    d.deck = d.deck + tuple(cards)
    d.discard = EMPTY_DISCARD
    d.reshuffles = k
    events.append(event("reshuffled", {"reshuffle": k, "cards": len(cards)}))


def draw(d: Draft, seat: int, n: int, events: list[Event]) -> None:
    """`seat` draws `n` cards into its hand (the draw pile and the discard pile never run out
    together: at most 20 cards are in hands and tableaux and 16 in the lines, of 104)."""
    if not n:
        return
    if len(d.deck) < n:
        reshuffle(d, events)
    deck = d.deck
    d.deck = deck[n:]
    if n == 1:  # the common case: one card after an action card or a wagon to a line
        card = deck[0]
        d.hands = put(d.hands, seat, with_card(d.hands[seat], card))
        events += (_DREW_ONE[seat], _DREW_CARD[seat][card])
        return
    drawn = deck[:n]
    d.hands = put(d.hands, seat, tuple(sorted(d.hands[seat] + drawn)))
    events.append(event("drew", {"seat": seat, "count": len(drawn)}))
    names = tuple(CARD_IDS[c] for c in drawn)
    events.append(event("drew_cards", {"seat": seat, "cards": names}, to=(seat,)))


def spend_and_draw(d: Draft, seat: int, card: int, events: list[Event]) -> None:
    """`seat` spends `card` from its hand and draws 1 card («Выложить ... и взять 1 карту»,
    «Сыграть 1 карту действия и взять 1 карту»): `draw(d, seat, 1, events)` after taking the
    card out of the hand, with the hand rebuilt once (most moves that draw do this)."""
    deck = d.deck
    if not deck:
        reshuffle(d, events)
        deck = d.deck
    drawn = deck[0]
    d.deck = deck[1:]
    items = list(d.hands[seat])
    items.remove(card)
    insort(items, drawn)
    hands = list(d.hands)
    hands[seat] = tuple(items)
    d.hands = tuple(hands)
    events += (_DREW_ONE[seat], _DREW_CARD[seat][drawn])
