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
from games.moscow_paris.state import NO_CITY, State


class Layout:
    """The answers for one layout of the lines (see the module docstring)."""

    __slots__ = (
        "cities",
        "lefts",
        "rights",
        "open_rows",
        "holding",
        "masks",
        "long_line",
        "claims",
        "card_plays",
    )

    def __init__(
        self,
        cities: tuple[int, ...],
        lefts: tuple[tuple[int, ...], ...],
        rights: tuple[tuple[int, ...], ...],
    ) -> None:
        self.cities, self.lefts, self.rights = cities, lefts, rights
        open_rows = 0
        holding = [0] * len(WAGON_IDS)
        masks = [0] * ROWS
        long_line = False
        for row in range(ROWS):
            wagons = lefts[row] + rights[row]
            if len(wagons) >= 2:
                long_line = True
            city = cities[row]
            if city == NO_CITY:
                continue
            mask = 0
            for w in wagons:
                mask |= 1 << w
            masks[row] = mask
            if len(wagons) < CITY_LIMIT[city]:
                open_rows |= 1 << row
                for w in wagons:
                    holding[w] |= 1 << row
        self._keep(open_rows, holding, masks, long_line)

    def _keep(self, open_rows: int, holding: list[int], masks: list[int], long_line: bool) -> None:
        # Rows open to one more wagon: «Количество выложенных карт вагонов в городской линии
        # ... не должно превышать значение предельного количества вагонов на карте города».
        self.open_rows = open_rows
        self.holding = holding  # by wagon type, the open lines (rows) holding one, as a mask
        self.masks = masks  # by row, the wagon types of its line (0: no city, or no wagon)
        self.long_line = long_line  # some line holds two wagons (action card 1 can swap them)
        # a tableau -> the rows whose city it may claim (filled as tableaux are asked about)
        self.claims: dict[tuple[int, ...], tuple[int, ...]] = {}
        # (action card, the match's `any_rows`) -> its plays that depend on the lines alone
        # (filled by action_cards.py as cards are asked about)
        self.card_plays: dict[tuple[int, bool], tuple] = {}

    def with_wagon(
        self,
        lefts: tuple[tuple[int, ...], ...],
        rights: tuple[tuple[int, ...], ...],
        row: int,
        wagon: int,
    ) -> Layout:
        """The layout of `lefts` and `rights`, which are this layout's lines with `wagon` laid
        in the line of `row` (action 1, the commonest change): worked out from this one."""
        new = Layout.__new__(Layout)
        new.cities, new.lefts, new.rights = self.cities, lefts, rights
        bit = 1 << row
        masks = self.masks.copy()
        mask = masks[row] = masks[row] | 1 << wagon
        holding = self.holding.copy()
        open_rows = self.open_rows
        size = len(lefts[row]) + len(rights[row])
        if size < CITY_LIMIT[self.cities[row]]:
            holding[wagon] |= bit
        else:
            open_rows &= ~bit
            for w in _TYPES_OF[mask]:
                holding[w] &= ~bit
        new._keep(open_rows, holding, masks, self.long_line or size >= 2)
        return new

    def claimable(self, tableau: tuple[int, ...]) -> tuple[int, ...]:
        """Rows whose line holds at least one wagon, each of a type in `tableau` («все карты
        в его городской линии полностью совпадают с некоторыми или всеми картами перед
        вами»; the wagons of a line are all different, so one tableau wagon of each type is
        enough). Kept by tableau: the end of every turn asks for the mover's."""
        rows = self.claims.get(tableau)
        if rows is None:
            rows = self.claims[tableau] = self._claimable(tableau)
        return rows

    def _claimable(self, tableau: tuple[int, ...]) -> tuple[int, ...]:
        have = _TYPES_IN.get(tableau)
        if have is None:
            have = 0
            for w in tableau:
                have |= 1 << w
            _TYPES_IN[tableau] = have
        rows: tuple[int, ...] = ()
        for row, mask in enumerate(self.masks):
            if mask and not mask & ~have:
                rows += (row,)
        return rows


# By tableau (at most 4 wagons: a few thousand tableaux), the mask of its wagon types.
_TYPES_IN: dict[tuple[int, ...], int] = {}
# By mask of wagon types, the types in it.
_TYPES_OF = tuple(
    tuple(w for w in range(len(WAGON_IDS)) if mask >> w & 1) for mask in range(1 << len(WAGON_IDS))
)


_last = Layout((NO_CITY,) * ROWS, ((),) * ROWS, ((),) * ROWS)


def layout(board: State) -> Layout:
    """The answers for `board`'s lines: the last layout's when the lines are the same objects."""
    global _last
    last = _last
    if last.lefts is board.lefts and last.rights is board.rights and last.cities is board.cities:
        return last
    last = _last = Layout(board.cities, board.lefts, board.rights)
    return last


def laid(before: Layout, board: State, row: int, wagon: int) -> None:
    """Keep the layout of `board`, whose lines are those of `before` with `wagon` laid in the
    line of `row`, worked out from `before` (the next `layout(board)` finds it)."""
    global _last
    _last = before.with_wagon(board.lefts, board.rights, row, wagon)
