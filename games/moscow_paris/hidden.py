"""Determinisation: a state one seat cannot tell from the true one (for AI seats).

What a seat knows: the city lines, every tableau, the cities claimed and removed, the cities
in play (the match's options), the sizes of every hand, the deck, the discard pile and the
city deck, and its own hand. Hidden, and resampled here: the other hands (a partner's too),
the discard pile's contents, the deck's contents and order — together, the cards of the
match that this seat cannot see, shuffled and dealt back into those sizes — the order of the
city deck (the cities in play that are not showing), and the seed of future reshuffles.
`deal_deck`/`deal_cities`, the setup kept only for the match record, become canonical orders.
"""

from __future__ import annotations

import random
from typing import Any

from games.core.drafts import copier, seal
from games.core.rng import shuffle
from games.moscow_paris.data import CHAIN_EXCHANGE, N_CODES, SWAP_TWO, deck_counts, sorted_deck
from games.moscow_paris.state import (
    CHAIN,
    NO_CITY,
    OVER,
    SWAP_FIRST,
    SWAP_SECOND,
    Config,
    State,
    draft,
)

# A writable copy of a match's Config (`games.core.drafts`): a determinisation redraws the seed
# of future reshuffles and puts the setup kept for the record in canonical order.
_draft_config = copier(Config)
_PLAYING = {CHAIN: CHAIN_EXCHANGE, SWAP_FIRST: SWAP_TWO, SWAP_SECOND: SWAP_TWO}


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """`state` with what `seat` cannot see drawn from `rng` (depends on nothing else)."""
    if state.phase == OVER:
        return state
    cfg = state.cfg
    counts = list(deck_counts(cfg.split))
    for cards in (state.hands[seat], *state.tableaux, *state.lefts, *state.rights):
        for code in cards:
            counts[code] -= 1
    # An action card being resolved (a swap, a chain exchange) is still in its player's
    # hand, face up: it stays there.
    playing = _PLAYING.get(state.phase) if state.turn != seat else None
    if playing is not None:
        counts[playing] -= 1
    unseen: list[int] = []
    for code, n in enumerate(counts):
        if n:
            unseen += (code,) * n
    shuffle(rng, unseen)
    new = draft(state)
    hands = list(state.hands)
    for other in range(cfg.players):
        if other != seat:
            size = len(state.hands[other])
            if other == state.turn and playing is not None:
                hands[other] = tuple(sorted((playing, *unseen[: size - 1])))
                del unseen[: size - 1]
            else:
                hands[other] = tuple(sorted(unseen[:size]))
                del unseen[:size]
    new.hands = tuple(hands)
    discard = [0] * N_CODES
    for code in unseen[: sum(state.discard)]:
        discard[code] += 1
    new.discard = tuple(discard)
    new.deck = tuple(unseen[sum(state.discard) :])
    in_play = sorted(cfg.deal_cities)  # which cities: fixed by the options, public
    showing = {c for c in state.cities if c != NO_CITY}
    showing.update(state.removed, *state.won)
    hidden_cities = [c for c in in_play if c not in showing]
    shuffle(rng, hidden_cities)
    new.city_deck = tuple(hidden_cities)
    setup = _draft_config(cfg)
    setup.reshuffle_seed = rng.getrandbits(62)
    setup.deal_deck = sorted_deck(cfg.split)
    setup.deal_cities = tuple(in_play)
    new.cfg = seal(setup, Config)
    return seal(new, State)


def secrets(state: State, seat: int) -> dict[str, Any]:
    """What `determinize` must redraw for `seat`."""
    if state.phase == OVER:
        return {}
    others = [s for s in range(state.cfg.players) if s != seat]
    return {
        "hands": tuple(state.hands[s] for s in others),
        "discard": state.discard,  # its size is public, not which cards
        "deck": state.deck,
        "city_deck": state.city_deck,
        "reshuffle_seed": state.cfg.reshuffle_seed,
    }
