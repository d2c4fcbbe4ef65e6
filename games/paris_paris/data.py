"""The Paris Paris board as plain data, copied from the project's spec (section 2).

Why a data module: the engine must never read the spec files at run time, and the real map is
not public, so the board has to stay swappable. Everything the engine needs (indices,
neighbours, search rays) is *derived* from these literals in `board.py`; the 30 edges are not
stored here on purpose (they are the consecutive pairs of `LINES`).

VERIFIED (rulebook + public sources): 5 lines x 7 stations, 4 crossings per line, 25 stations,
crossing capacity 2 / plain capacity 1, tiles per station = number of neighbouring stations,
60 tiles; the green line's crossings in bus order Montmartre, Pompidou, Hôtel de Ville,
Quartier Latin; St-Nicolas and Pont Neuf are neighbours of Pompidou; 13 station names.

RECONSTRUCTED (designed by us to satisfy every verified constraint): the exact station order of
every line, the other four line colours (red, blue, orange, pink are labels), each line's start
arrow (the first station listed), every pair of lines crossing exactly once, 12 of the names,
and the split of a crossing's tiles between its two colours (one tile per line segment, in that
segment's colour, which gives 12 tiles per colour).
"""

from __future__ import annotations

# Line colours in a fixed order; the index of a colour is used everywhere internally.
COLOURS: tuple[str, ...] = ("green", "red", "blue", "orange", "pink")  # only "green" is VERIFIED

# Each line from its start arrow to its end. RECONSTRUCTED except the order of the green
# crossings (montmartre, pompidou, hotel_de_ville, quartier_latin), which is VERIFIED.
LINES: dict[str, tuple[str, ...]] = {
    "green": (
        "gare_du_nord",
        "montmartre",
        "st_nicolas",
        "pompidou",
        "hotel_de_ville",
        "notre_dame",
        "quartier_latin",
    ),
    "red": (
        "trocadero",
        "arc_de_triomphe",
        "champs_elysees",
        "opera",
        "pigalle",
        "montmartre",
        "republique",
    ),
    "blue": (
        "opera",
        "louvre",
        "les_halles",
        "pompidou",
        "pont_neuf",
        "odeon",
        "luxembourg",
    ),
    "orange": (
        "gare_de_l_est",
        "republique",
        "marais",
        "hotel_de_ville",
        "ile_st_louis",
        "luxembourg",
        "montparnasse",
    ),
    "pink": (
        "arc_de_triomphe",
        "tour_eiffel",
        "invalides",
        "montparnasse",
        "odeon",
        "quartier_latin",
        "pantheon",
    ),
}

# The start arrow of each line (RECONSTRUCTED): always the first station of LINES.
LINE_START: dict[str, str] = {colour: stations[0] for colour, stations in LINES.items()}

# id -> (display name, tiles per colour). Names marked V are VERIFIED, the others RECONSTRUCTED.
# The tile counts follow the rule "one tile per neighbouring segment" (split RECONSTRUCTED).
STATIONS: dict[str, tuple[str, dict[str, int]]] = {
    "gare_du_nord": ("Gare du Nord", {"green": 1}),
    "montmartre": ("Montmartre", {"green": 2, "red": 2}),  # V
    "st_nicolas": ("St-Nicolas", {"green": 2}),  # V
    "pompidou": ("Pompidou", {"green": 2, "blue": 2}),  # V
    "hotel_de_ville": ("Hôtel de Ville", {"green": 2, "orange": 2}),  # V
    "notre_dame": ("Notre-Dame", {"green": 2}),  # V
    "quartier_latin": ("Quartier Latin", {"green": 1, "pink": 2}),  # V
    "trocadero": ("Trocadéro", {"red": 1}),
    "arc_de_triomphe": ("Arc de Triomphe", {"red": 2, "pink": 1}),
    "champs_elysees": ("Champs-Élysées", {"red": 2}),
    "opera": ("Opéra", {"red": 2, "blue": 1}),  # V
    "pigalle": ("Pigalle", {"red": 2}),
    "republique": ("République", {"red": 1, "orange": 2}),
    "louvre": ("Louvre", {"blue": 2}),  # V
    "les_halles": ("Les Halles", {"blue": 2}),  # V
    "pont_neuf": ("Pont Neuf", {"blue": 2}),  # V
    "odeon": ("Odéon", {"blue": 2, "pink": 2}),  # V
    "luxembourg": ("Luxembourg", {"blue": 1, "orange": 2}),  # V
    "gare_de_l_est": ("Gare de l'Est", {"orange": 1}),
    "marais": ("Marais", {"orange": 2}),
    "ile_st_louis": ("Île St-Louis", {"orange": 2}),
    "montparnasse": ("Montparnasse", {"orange": 1, "pink": 2}),  # V
    "tour_eiffel": ("Tour Eiffel", {"pink": 2}),
    "invalides": ("Invalides", {"pink": 2}),
    "pantheon": ("Panthéon", {"pink": 1}),
}

# Shops per player that go on the board (20 per colour, one is the score marker). VERIFIED.
SHOPS_PER_PLAYER = 19
MAX_SEATS = 4  # the engine's `max_seats` (tables of prebuilt events are by seat)
# Capacities. VERIFIED.
PLAIN_CAPACITY = 1
CROSSING_CAPACITY = 2
