"""What the city lines allow, worked out once per layout of the lines and kept.

Every move asks the lines the same questions (which rows take one more wagon, which lines
already hold a wagon type, which lines a tableau covers for a claim), and most moves (a wagon
to or from a tableau, a choice of an action card) leave the lines as they were. So the answers
are kept for the last layout seen, recognised by the identity of its three tuples (`cities`,
`lefts`, `rights`: a move that keeps the lines keeps those very objects). The layout holds
them, so they cannot be freed while it is kept and their ids reused by other tuples.
"""

from __future__ import annotations

from games.moscow_paris.data import CITY_LIMIT, ROWS, WAGON_IDS
from games.moscow_paris.state import NO_CITY, Draft, State


class Layout:
    """The answers for one layout of the lines (see the module docstring)."""

    __slots__ = (
        "cities",
        "lefts",
        "rights",
        "open_rows",
        "holding",
        "long_line",
        "packed",
        "lines",
        "card_plays",
    )

    # Set by `__init__`, and by `laid` for a layout worked out from another.
    # Rows open to one more wagon: «Количество выложенных карт вагонов в городской линии ...
    # не должно превышать значение предельного количества вагонов на карте города».
    open_rows: int
    holding: list[int]  # by wagon type, the open lines (rows) holding one, as a mask
    long_line: bool  # some line holds two wagons (action card 1 can swap them)
    # `packed`: the wagon types of every line as masks side by side, row r's in bits
    # 12r..12r+10 (for `claimable`); `lines`: the mask of the rows whose line holds a wagon.
    packed: int
    lines: int
    # action card << 1 | the match's `any_rows` -> its plays that depend on the lines alone
    # (made and filled by action_cards.py as cards are asked about: most layouts never are)
    card_plays: dict[int, tuple] | None

    def __init__(
        self,
        cities: tuple[int, ...],
        lefts: tuple[tuple[int, ...], ...],
        rights: tuple[tuple[int, ...], ...],
    ) -> None:
        self.cities, self.lefts, self.rights = cities, lefts, rights
        open_rows = packed = lines = 0
        holding = [0] * len(WAGON_IDS)
        long_line = False
        for row in range(ROWS):
            wagons = lefts[row] + rights[row]
            if not wagons:  # an empty line takes a wagon if it has a city (limits are 2+)
                if cities[row] != NO_CITY:
                    open_rows |= 1 << row
                continue
            # A line holding wagons has its city.
            size = len(wagons)
            if size >= 2:
                long_line = True
            mask = 0
            for w in wagons:
                mask |= 1 << w
            packed |= mask << _FIELD * row
            lines |= 1 << row
            if size < CITY_LIMIT[cities[row]]:
                open_rows |= 1 << row
                for w in wagons:
                    holding[w] |= 1 << row
        self.open_rows, self.holding, self.long_line = open_rows, holding, long_line
        self.packed, self.lines, self.card_plays = packed, lines, None

    def claimable(self, tableau: tuple[int, ...]) -> tuple[int, ...]:
        """Rows whose line holds at least one wagon, each of a type in `tableau` («все карты
        в его городской линии полностью совпадают с некоторыми или всеми картами перед
        вами»; the wagons of a line are all different, so one tableau wagon of each type is
        enough). The end of every turn asks, so the four lines are tested at once, in one
        integer: each field of `packed` keeps the line's types the tableau lacks
        (`_LACKING`); adding 0x7FF to a field sets its top bit (bit 11) exactly when the field
        is not 0, and one multiplication gathers the four top bits into four bits (row r's
        at bit 33 + r: (12r + 11) + 11(3 − r); no other product of the two falls in bits
        33..36, and none carries)."""
        have = _TYPES_IN.get(tableau)
        if have is None:
            have = _types_in(tableau)
        lacking = self.packed & _LACKING[have]
        short = ((lacking + _FILL) & _TOPS) >> 11
        return _ROWS_OF[self.lines & ~((short * _GATHER) >> 33)]


def _types_in(tableau: tuple[int, ...]) -> int:
    have = 0
    for w in tableau:
        have |= 1 << w
    _TYPES_IN[tableau] = have
    return have


# By tableau (at most 4 wagons: a few thousand tableaux), the mask of its wagon types.
_TYPES_IN: dict[tuple[int, ...], int] = {}
# The fields of `Layout.packed`: 12 bits per row, the wagon types in the low 11.
_FIELD = 12
assert len(WAGON_IDS) < _FIELD and ROWS == 4  # the gathering below is worked out for 4 rows
_EACH = sum(1 << _FIELD * row for row in range(ROWS))  # 1 in every field
_TYPES = 0x7FF  # the wagon types' bits of a field
_FILL = _TYPES * _EACH
_TOPS = 0x800 * _EACH
_GATHER = sum(1 << 11 * k for k in range(ROWS))
# By mask of the types of a tableau, the types it lacks, in every field.
_LACKING = tuple((~have & 0x7FF) * _EACH for have in range(1 << len(WAGON_IDS)))
# By mask of rows (4 bits; higher bits are ignored), its rows in order.
_ROWS_OF = tuple(tuple(row for row in range(ROWS) if mask >> row & 1) for mask in range(1 << ROWS))
# By mask of wagon types, the types in it.
_TYPES_OF = tuple(
    tuple(w for w in range(len(WAGON_IDS)) if mask >> w & 1) for mask in range(1 << len(WAGON_IDS))
)


# The layout kept (`layout`, `draft_layout`, `laid`).
last = Layout((NO_CITY,) * ROWS, ((),) * ROWS, ((),) * ROWS)


def layout(board: State) -> Layout:
    """The answers for `board`'s lines: the last layout's when the lines are the same objects.
    For a sealed state; a draft (another class) goes to `draft_layout`."""
    global last
    kept = last
    if kept.lefts is board.lefts and kept.rights is board.rights and kept.cities is board.cities:
        return kept
    kept = last = Layout(board.cities, board.lefts, board.rights)
    return kept


def draft_layout(d: Draft) -> Layout:
    """`layout` for a draft. The same lines, read from another class: kept apart so that each
    function's attribute reads see one class and the interpreter specialises them (reads
    that see two classes take the slow, generic path; every move asks both)."""
    global last
    kept = last
    if kept.lefts is d.lefts and kept.rights is d.rights and kept.cities is d.cities:
        return kept
    kept = last = Layout(d.cities, d.lefts, d.rights)
    return kept


def laid(before: Layout, board: State, row: int, wagon: int) -> Layout:
    """Keep and return the layout of `board`, whose lines are those of `before` with `wagon`
    laid in the line of `row` (action 1, the commonest change): worked out from `before`
    (the next `layout(board)` finds it)."""
    global last
    new = last = Layout.__new__(Layout)
    lefts = new.lefts = board.lefts
    rights = new.rights = board.rights
    cities = new.cities = before.cities
    bit = 1 << row
    packed = new.packed = before.packed | 1 << _FIELD * row + wagon
    new.lines = before.lines | bit
    holding = new.holding = before.holding.copy()
    size = len(lefts[row]) + len(rights[row])
    if size < CITY_LIMIT[cities[row]]:
        holding[wagon] |= bit
        new.open_rows = before.open_rows
    else:  # the line is full: no wagon type is held by an open line there any more
        new.open_rows = before.open_rows & ~bit
        for w in _TYPES_OF[packed >> _FIELD * row & _TYPES]:
            holding[w] &= ~bit
    new.long_line = before.long_line or size >= 2
    new.card_plays = None
    return new
