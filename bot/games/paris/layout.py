"""Where things sit on the Paris table picture, in logical pixels of a 1000 px wide picture.

Kept apart from the drawing code so tests find a building's, a key's or a meeple's pixels
without repeating the arithmetic, and so the layout changes in one place.

Discord shows embed images about 520 px wide, about half this size: every word and digit is
drawn at 22 px or more and every icon's ink is 22 px tall or more (11.4 px once shrunk,
`python -m bot pictures --check`), and the seats' keys and meeples are told apart by colour
and by the seat number written on them.

From the top: the header; the six districts (3 × 2), each with its name, VP-tile space,
bank and its keys, six building spaces (value, kind, the token still beside it, the keys on
it), its landmarks and each seat's sum there (the majority its VP tile scores); a strip
with the Arc and the three building stacks; the end-game stack and the general supply; the
VP tiles still beside the board; the landmarks still beside it; the bonus track (a row per
zone, the start before space 1); the VP track; a panel per player.
"""

from __future__ import annotations

from bot.render.header import Header

Box = tuple[float, float, float, float]

WIDTH = 1000
MARGIN = 10
GAP = 10
HEADER_H = 54
TEXT_MIN = 22  # words
BIG = 26  # names and headings
DIGIT_MIN = 22  # digits on keys and meeples
ICON = 30  # a building's kind, a token, a good: about 22 px of ink
KEY_R = 13  # a key or meeple disc

# The top line: the game's name, the state of play in the room left of it.
HEADER = Header(
    title=(MARGIN + 4, 12, 30),
    status=(WIDTH - MARGIN - 4, 16, 24),
    fit=(WIDTH - 140 - MARGIN, TEXT_MIN),
    rule=(MARGIN, WIDTH - MARGIN, HEADER_H - 2),
)

# Districts: 3 columns, 2 rows.
DISTRICTS_Y = HEADER_H + 4
DISTRICT_W = (WIDTH - 2 * MARGIN - 2 * GAP) / 3
TITLE_H = 36
BANK_H = 36
CELL_W = (DISTRICT_W - 2 * 8 - 2 * 6) / 3
CELL_H = 74
CELL_GAP = 6
LANDMARKS_H = 42
SUMS_H = 34  # each seat's sum of the values under its keys: who leads the district
DISTRICT_H = 8 + TITLE_H + BANK_H + 2 * CELL_H + CELL_GAP + 6 + LANDMARKS_H + SUMS_H + 8

# Under the districts: the Arc and the three building stacks; the end-game stack and the
# general supply; the VP tiles still beside the board; the landmarks still beside it.
STRIP_Y = DISTRICTS_Y + 2 * DISTRICT_H + GAP + 4
STRIP_H = 96
POOL_Y = STRIP_Y + STRIP_H + GAP  # the end-game stack and the supply
POOL_H = 52
SIDE_Y = POOL_Y + POOL_H + GAP  # the VP tiles beside the board
SIDE_H = 50
LANDMARK_ROW_Y = SIDE_Y + SIDE_H + 4
LANDMARK_ROW_H = 50

# The bonus track: a row per zone; the zone letter, the start column, then 10 spaces.
TRACK_Y = LANDMARK_ROW_Y + LANDMARK_ROW_H + GAP + 4
TRACK_ROW_H = 60
TRACK_ZONE_W = 36
TRACK_START_W = 64
TRACK_CELL_W = (WIDTH - 2 * MARGIN - TRACK_ZONE_W - TRACK_START_W) / 10

# The VP track and the players.
VP_Y = TRACK_Y + 3 * TRACK_ROW_H + 6
VP_H = 58
PLAYERS_Y = VP_Y + VP_H + GAP
ROW = 32  # a line of a player's panel
PLAYER_H = 4 * ROW + 18  # name, VP, tiles held, keys
SCORE_ROWS = 3  # at the end: VP in play, districts, bonus 27 (players.py)
HEIGHT = int(PLAYERS_Y + PLAYER_H + MARGIN)
END_HEIGHT = HEIGHT + SCORE_ROWS * ROW  # the final table: every player's score breakdown
SCREEN_H = 104  # a seat's own screen, under the table on its own picture (screen.py)


def district_box(d: int) -> Box:
    col, row = d % 3, d // 3
    x0 = MARGIN + col * (DISTRICT_W + GAP)
    y0 = DISTRICTS_Y + row * (DISTRICT_H + GAP)
    return (x0, y0, x0 + DISTRICT_W, y0 + DISTRICT_H)


def vp_slot_box(d: int) -> Box:
    """The district's VP-tile space, right of its name."""
    x0, y0, x1, _ = district_box(d)
    return (x1 - 100, y0 + 7, x1 - 8, y0 + 7 + TITLE_H - 4)


def bank_box(d: int) -> Box:
    x0, y0, x1, _ = district_box(d)
    top = y0 + 8 + TITLE_H
    return (x0 + 8, top, x1 - 8, top + BANK_H - 4)


def bank_key(d: int, k: int) -> tuple[float, float]:
    """The centre of the `k`-th key on the district's bank."""
    _, y0, x1, y1 = bank_box(d)
    return (x1 - 8 - KEY_R - (3 - k) * (2 * KEY_R + 4), (y0 + y1) / 2)


def cell_box(d: int, i: int) -> Box:
    """Building space `i` (values 1 2 3 / 4 5 8) of district `d`."""
    x0, y0, _, _ = district_box(d)
    col, row = i % 3, i // 3
    cx = x0 + 8 + col * (CELL_W + CELL_GAP)
    cy = y0 + 8 + TITLE_H + BANK_H + row * (CELL_H + CELL_GAP)
    return (cx, cy, cx + CELL_W, cy + CELL_H)


def cell_key(d: int, i: int, k: int) -> tuple[float, float]:
    """The centre of the `k`-th key (0 or 1) on a building space."""
    _, _, x1, y1 = cell_box(d, i)
    return (x1 - 6 - KEY_R - (1 - k) * (2 * KEY_R + 3), y1 - 6 - KEY_R)


def token_point(d: int, i: int) -> tuple[float, float]:
    """Where the token beside a building space is drawn (its icon's centre)."""
    x0, _, _, y1 = cell_box(d, i)
    return (x0 + 4 + ICON / 2, y1 - 6 - KEY_R)


def landmarks_box(d: int) -> Box:
    x0, _, x1, y1 = district_box(d)
    return (x0 + 8, y1 - 8 - SUMS_H - LANDMARKS_H, x1 - 8, y1 - 8 - SUMS_H)


def sums_box(d: int) -> Box:
    """The district's bottom line: each seat's sum, the leader first."""
    x0, _, x1, y1 = district_box(d)
    return (x0 + 8, y1 - 4 - SUMS_H, x1 - 8, y1 - 4)


def landmark_box(d: int, k: int, count: int) -> Box:
    """The `k`-th of `count` landmarks of a district (at most 3 fit; see render.py)."""
    x0, y0, x1, y1 = landmarks_box(d)
    shown = max(1, min(count, 3))
    w = (x1 - x0 - (shown - 1) * 6) / shown
    return (x0 + k * (w + 6), y0, x0 + k * (w + 6) + w, y1)


# The strip: the Arc and the three building stacks; under it the end-game stack, the supply.
ARC_BOX: Box = (MARGIN, STRIP_Y, MARGIN + 278, STRIP_Y + STRIP_H)
STACKS_X = MARGIN + 288
STACK_W = (WIDTH - MARGIN - STACKS_X - 2 * 8) / 3
EGT_BOX: Box = (MARGIN, POOL_Y, MARGIN + 400, POOL_Y + POOL_H)
SUPPLY_BOX: Box = (MARGIN + 410, POOL_Y, MARGIN + 760, POOL_Y + POOL_H)


def arc_key(k: int) -> tuple[float, float]:
    x0, y0, x1, y1 = ARC_BOX
    return (x0 + 14 + KEY_R + k * (2 * KEY_R + 6), y1 - 12 - KEY_R)


def stack_box(i: int) -> Box:
    x0 = STACKS_X + i * (STACK_W + 8)
    return (x0, STRIP_Y, x0 + STACK_W, STRIP_Y + STRIP_H)


def track_cell(space: int) -> Box:
    """Bonus-track space 1..30 (0: the start, before space 1)."""
    x0 = MARGIN + TRACK_ZONE_W
    if space == 0:
        return (x0, TRACK_Y, x0 + TRACK_START_W - 4, TRACK_Y + TRACK_ROW_H - 4)
    row, col = (space - 1) // 10, (space - 1) % 10
    cx = x0 + TRACK_START_W + col * TRACK_CELL_W
    cy = TRACK_Y + row * TRACK_ROW_H
    return (cx, cy, cx + TRACK_CELL_W - 4, cy + TRACK_ROW_H - 4)


def meeple_point(space: int, k: int, count: int) -> tuple[float, float]:
    """The centre of the `k`-th of `count` meeples on a track space: two side by side at
    the right of the space (its tile on the left), a second row for a third and fourth."""
    x0, y0, x1, y1 = track_cell(space)
    col, row = k % 2, k // 2
    rows = 1 if count <= 2 else 2
    cy = (y0 + y1) / 2 if rows == 1 else y0 + 4 + KEY_R + row * (y1 - y0 - 8 - 2 * KEY_R)
    if count == 1:
        col = 1
    return (x1 - 3 - KEY_R - (1 - col) * (2 * KEY_R), cy)


def track_tile_box(space: int) -> Box:
    x0, y0, _, y1 = track_cell(space)
    return (x0 + 4, y0 + 6, x0 + 36, y1 - 6)


def player_box(seat: int, players: int, over: bool = False) -> Box:
    """A player's panel; taller at the end (`over`), for the score breakdown."""
    w = (WIDTH - 2 * MARGIN - (players - 1) * GAP) / players
    x0 = MARGIN + seat * (w + GAP)
    return (x0, PLAYERS_Y, x0 + w, PLAYERS_Y + PLAYER_H + (SCORE_ROWS * ROW if over else 0))


def table_height(over: bool) -> int:
    """The picture's height: taller at the end, for the players' score breakdowns."""
    return END_HEIGHT if over else HEIGHT


def vp_point(vp: int, top: int) -> float:
    """The x of a score on the VP track scaled to 0..`top`."""
    x0, x1 = MARGIN + 64, WIDTH - MARGIN - 24
    return x0 + (x1 - x0) * min(vp, top) / top
