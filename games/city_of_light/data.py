"""Component data of Paris: La Cité de la Lumière, copied from the project's spec digest.

Tags, as in the spec: [V] verified in the Russian (GaGa) and German (Kosmos) rulebooks,
[S] sourced from the open-source Kotlin implementation `Florisheinen1/Parijs` (copied from the
physical game but never checked against it), [R] reconstructed (a best guess; kept as data so
it can be changed in one place).

Nothing here is read from the reference specs at run time: this module is the game's only data file.
"""

from __future__ import annotations

from typing import Literal, get_args

# --- board
# [V] A 4×4 grid of squares, each taking one 2×2 tile: 8×8 cells. Cell (x, y): x = column
# 0..7 left→right, y = row 0..7 top→bottom. Square (tx, ty) covers x ∈ {2tx, 2tx+1},
# y ∈ {2ty, 2ty+1}.
SIZE = 8
SQUARES = 4

# Seats and colours: seat 0 plays orange, seat 1 plays blue.
COLOURS = ("orange", "blue")
SEATS = 2

# --- the 16 cobblestone tiles
# [S] `GameConstants.ALL_BLOCKS_OF_BLUE` in Parijs; the rival set is the same written relative to
# its owner. Legend: O own colour, R rival colour, M mixed, L streetlight. Grid rows are
# [[top-left, top-right], [bottom-left, bottom-right]] in the printed orientation.
TILES: dict[int, tuple[tuple[str, str], tuple[str, str]]] = {
    1: (("R", "O"), ("M", "O")),
    2: (("M", "O"), ("O", "R")),
    3: (("O", "L"), ("O", "R")),
    4: (("L", "O"), ("R", "M")),
    5: (("M", "O"), ("R", "O")),
    6: (("O", "L"), ("R", "O")),
    7: (("L", "O"), ("O", "M")),
    8: (("O", "O"), ("O", "R")),
}
TILES_PER_PLAYER = len(TILES)

# --- the 12 buildings
# [V] sizes: two of 3, four of 4, four of 5, two of 6. [S] shapes (Parijs `Building.from`), cells
# (x, y) with y down, normalised to (0, 0). [R] they rotate but are never mirrored.
BUILDINGS: dict[str, tuple[tuple[int, int], ...]] = {
    "LINE": ((0, 0), (1, 0), (2, 0)),
    "CORNER": ((1, 0), (0, 1), (1, 1)),
    "SQUARE": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "SMALL_L": ((0, 0), (1, 0), (1, 1), (1, 2)),
    "SMALL_T": ((0, 0), (0, 1), (1, 1), (0, 2)),
    "ZIGZAG": ((0, 0), (0, 1), (1, 1), (1, 2)),
    "BIG_T": ((1, 0), (1, 1), (0, 2), (1, 2), (2, 2)),
    "STAIRS": ((2, 0), (1, 1), (2, 1), (0, 2), (1, 2)),
    "CROSS": ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    "CHONK": ((1, 0), (2, 0), (0, 1), (1, 1), (2, 1)),
    "SMILE": ((0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (3, 1)),
    "BIG_L": ((0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (0, 3)),
}
BUILDING_KEYS: tuple[str, ...] = tuple(BUILDINGS)

# [V] Jardin des Plantes: a 1×2 garden that counts as a size-2 building.
# [R] Fontaine des Mers: a 1×2 fountain by default (the Russian text says "cells"); the German
# "a section" (one cell) is the option fountain_cells=1, see postcards.py.
DOMINO: tuple[tuple[int, int], ...] = ((0, 0), (1, 0))

# --- the 12 action postcards
# [V] names and the starred first-game set (both rulebooks).
PostcardKey = Literal[
    "levitation",
    "metropolitain",
    "jardin_des_plantes",
    "sacre_coeur",
    "le_peintre",
    "chartier",
    "bouquinistes",
    "lampadaire",
    "moulin_rouge",
    "fontaine_des_mers",
    "le_penseur",
    "grande_lumiere",
]
POSTCARDS: tuple[str, ...] = get_args(PostcardKey)
STARRED: tuple[str, ...] = POSTCARDS[:8]
POSTCARD_NAMES: dict[str, str] = {
    "levitation": "Levitation",
    "metropolitain": "Metropolitain",
    "jardin_des_plantes": "Jardin des Plantes",
    "sacre_coeur": "Sacré-Cœur",
    "le_peintre": "Le Peintre",
    "chartier": "Chartier",
    "bouquinistes": "Bouquinistes sur la Seine",
    "lampadaire": "Lampadaire",
    "moulin_rouge": "Moulin Rouge",
    "fontaine_des_mers": "Fontaine des Mers",
    "le_penseur": "Le Penseur",
    "grande_lumiere": "La Grande Lumière",
}
POSTCARDS_IN_PLAY = 8
TOKENS_PER_PLAYER = 4
# [V] 7 chimneys per colour ("7 Schornsteine"; RU: 7 труб): one goes on every building a player
# places, the Jardin des Plantes included, so a player owns at most 7 (spec Q10: enforced).
CHIMNEYS_PER_PLAYER = 7
UNBUILT_PENALTY = 3  # [V] −3 per building left in the reserve (not with Sacré-Cœur)

# End-game points of the stamped postcards. [V] Le Peintre (the scoring example);
# [R] Moulin Rouge, Fontaine des Mers, Le Penseur.
PAINTER_POINTS_PER_LIGHT = 2
DANCER_POINTS_PER_SPACE = 1
FOUNTAIN_POINTS_PER_BUILDING = 3
STATUE_POINTS_ORTHOGONAL = 2
STATUE_POINTS_DIAGONAL = 1

# --- La Grande Lumière
# [R] The card's printed pattern is unknown. Modelled as rays (dx, dy, range): step outward from
# the lamp; every building met on a lit cell is lit once, and the ray stops at the first cell a
# building covers. Other pieces do not stop a ray. The default is an 8-way star of range 2.
_ORTH = ((0, -1), (1, 0), (0, 1), (-1, 0))
_DIAG = ((1, -1), (1, 1), (-1, 1), (-1, -1))
GRANDE_LUMIERE_PATTERNS: dict[str, tuple[tuple[int, int, int], ...]] = {
    "star8_range2": tuple((dx, dy, 2) for dx, dy in _ORTH + _DIAG),
    "diamond2": tuple((dx, dy, 2) for dx, dy in _ORTH) + tuple((dx, dy, 1) for dx, dy in _DIAG),
    "rays8_to_edge": tuple((dx, dy, 7) for dx, dy in _ORTH + _DIAG),
    "plus2": tuple((dx, dy, 2) for dx, dy in _ORTH),
}
DEFAULT_GRANDE_LUMIERE = "star8_range2"

# Le Penseur's facings: the cell in front of the pedestal is cell + direction.
FACINGS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
