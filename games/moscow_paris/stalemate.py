"""«Ступор»: the stalemate rule, as a precise procedure (spec section 4, RECONSTRUCTED).

«В случае зацикливания игры — повтора ходов без какого-либо прогресса, после того как каждый
игрок сделает второй повторный ход, все сбрасывают карты с рук. Также сбрасываются карты
вагонов перед игроками и карты вагонов из городских линий. Карты городов остаются на своих
местах. После этого каждый игрок получает на руку 5 новых карт, и игра продолжается.»

The procedure, applied at the end of every turn:

1. A turn is *idle* when its action only put a wagon in front of the mover or took one back
   and no city was claimed. Every other turn (a wagon to a line, an action card, a claim) is
   *progress*: it clears every count, and each seat's tableau at that moment becomes the only
   tableau "seen" for that seat.
2. An idle turn is a *repeat* of its mover when the mover's tableau after it was already seen
   for that seat since the last progress (or the last reset); otherwise it is recorded as seen.
   Repeats are counted per player.
3. When every player has made at least 2 repeats, the reset happens before the next turn:
   hands, tableaux and line wagons go to the discard pile, the cities stay, and each player
   draws 5 cards, one player after the other from the player about to move.

Why it ends every stuck match: an idle turn draws no card and touches no line, so during a
run of idle turns each seat keeps the same 5 cards between hand and tableau, and its tableau
(at most 4 of them) takes at most 2^5 - 1 = 31 values. Every idle turn that is not a repeat
records a new value, so each seat makes its second repeat within 32 of its own idle turns:
a run of idle turns resets the table within 32 rounds. (Turns that are not idle move cards
between the deck, the lines and the discard pile; the rule, like the rulebook, does not force
players who keep doing so without ever claiming to end the game.)
"""

from __future__ import annotations

from games.core.contract import Event, event
from games.moscow_paris.data import CARD_IDS, HAND_AND_TABLEAU, STALEMATE_REPEATS
from games.moscow_paris.deck import discard, draw
from games.moscow_paris.lines import ROW_RANGE, clear_row
from games.moscow_paris.state import Draft, put

_ZEROS = {n: (0,) * n for n in range(1, 5)}


def record_turn(d: Draft) -> bool:
    """Steps 1 and 2 for the turn of `d.turn` that is ending, and step 3: whether every
    player has now made the second repeated turn. Only a repeat can bring that about (a
    progress and a reset clear every count), so the counts are read only after one."""
    if d.progress:
        d.repeats = _ZEROS[d.cfg.players]
        d.seen = tuple(zip(d.tableaux))  # each seat's tableau alone
        return False
    seat = d.turn
    return record_idle(d, seat, d.tableaux[seat])


def record_idle(d: Draft, seat: int, tableau: tuple[int, ...]) -> bool:
    """`record_turn` for an idle turn of `seat` (the mover), whose tableau is now
    `tableau`."""
    seen = d.seen[seat]
    if tableau in seen:
        d.repeats = repeats = put(d.repeats, seat, d.repeats[seat] + 1)
        return min(repeats) >= STALEMATE_REPEATS
    seats = list(d.seen)  # `put`, inline: most turns are idle and new
    seats[seat] = seen + (tableau,)
    d.seen = tuple(seats)
    return False


def reset(d: Draft, first: int, events: list[Event]) -> None:
    """Step 3: everything but the cities is discarded and every player draws 5 new cards."""
    n = d.cfg.players
    hands = [len(h) for h in d.hands]
    tableaux = [[CARD_IDS[w] for w in t] for t in d.tableaux]
    lines = []
    for row in ROW_RANGE:
        wagons = clear_row(d, row)
        lines.append([CARD_IDS[w] for w in wagons])
        discard(d, wagons)
    for seat in range(n):
        discard(d, d.hands[seat])
        discard(d, d.tableaux[seat])
    d.hands = ((),) * n
    d.tableaux = ((),) * n
    d.resets += 1
    events.append(
        event(
            "stalemate",
            {
                "repeats": list(d.repeats),
                "reset": d.resets,
                "hand_cards": hands,
                "tableaux": tableaux,
                "lines": lines,
            },
        )
    )
    for k in range(n):
        draw(d, (first + k) % n, HAND_AND_TABLEAU, events)
    d.repeats = _ZEROS[n]
    d.seen = (((),),) * n
