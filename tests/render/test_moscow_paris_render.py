"""The Moscow–Paris table picture, checked on decoded pixels: the wagons where they lie in
their lines and tableaux, the city cards, hand sizes as card backs, highlights, the chain's
decider, determinism, no secrets, size and speed — at the start, in the middle and at the end
of matches of 2, 3 and 4 players."""

from __future__ import annotations

import random

import pytest

from bot.games.moscow_paris import layout
from bot.games.moscow_paris.adapter import MoscowParisAdapter
from bot.games.moscow_paris.render import (
    CAPITAL,
    CARD,
    CARD_BACK,
    HIGHLIGHT,
    PANEL,
    SEAT_COLOURS,
    WAGON_COLOURS,
    render_table,
)
from games.core.ai import GreedyPlayer
from games.moscow_paris.engine import MoscowParis
from tests.moscow_paris.helpers import position
from tests.render.pixels import NAMES, at, close_within, decode

GAME = MoscowParis()
ADAPTER = MoscowParisAdapter()
close = close_within(8)


def inside(box: tuple[float, float, float, float]) -> tuple[float, float]:
    """A point inside a card, clear of its rounded corner, outline and label."""
    x0, y0, _, _ = box
    return (x0 + 6, y0 + 6)


def played(players: int, options: dict, seed: int, until) -> object:
    """A greedy game from `seed` up to the first state where `until(state)` holds."""
    state = GAME.setup(players, GAME.parse_options(options), seed)
    rng = random.Random(seed)
    greedy = GreedyPlayer()
    while not until(state):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_shows_four_cities_and_every_hand_as_five_card_backs(players):
    state = GAME.setup(players, GAME.parse_options({}), 3)
    view = GAME.view(state, None)
    image = decode(render_table(view, NAMES[:players]))
    assert image.size == (layout.WIDTH, layout.height(players))
    for row in view.rows:
        x0, y0, x1, y1 = layout.city_box(row.row)
        assert close(at(image, (x0 + 12, y1 - 9)), CARD)  # the card's face
        edge = at(image, (x0 + 1.5, (y0 + y1) / 2))
        assert close(edge, CAPITAL, 30) == row.city.capital  # capitals have a gold edge
    for seat in range(players):
        hx0, hy0, _, _ = layout.hand_box(seat)
        for k in range(5):
            assert close(at(image, (hx0 + k * 17 + 7, hy0 + 32)), CARD_BACK)
        assert close(at(image, (hx0 + 5 * 17 + 7, hy0 + 32)), PANEL)  # a sixth: none
    # The first player's panel is framed in their colour.
    px0, py0, _, py1 = layout.panel_box(0)
    assert close(at(image, (px0 + 1.5, (py0 + py1) / 2)), SEAT_COLOURS[0], 20)


def test_wagons_lie_where_the_lines_and_tableaux_hold_them():
    state = position(
        3,
        hands=[["mail", "tank", "boxcar", "dining"]],
        tableaux=[["passenger"], ["sleeper", "sleeper"], []],
        lines={0: (["mail", "tank"], ["boxcar"]), 2: ([], ["dining", "flatcar"])},
        cities=["moscow", "paris", "rome", "berlin"],
    )
    view = GAME.view(state, None)
    image = decode(render_table(view, NAMES[:3]))
    expected = {
        (0, "left", 1): "mail",
        (0, "left", 2): "tank",
        (0, "right", 1): "boxcar",
        (2, "right", 1): "dining",
        (2, "right", 2): "flatcar",
    }
    for (row, side, slot), wagon in expected.items():
        assert close(at(image, inside(layout.wagon_box(row, side, slot))), WAGON_COLOURS[wagon]), (
            wagon
        )
    for row, side, slot in ((0, "left", 3), (1, "left", 1), (2, "left", 1)):
        pixel = at(image, inside(layout.wagon_box(row, side, slot)))
        assert not any(close(pixel, c) for c in WAGON_COLOURS.values())
    assert close(at(image, inside(layout.tableau_box(0, 0))), WAGON_COLOURS["passenger"])
    assert close(at(image, inside(layout.tableau_box(1, 0))), WAGON_COLOURS["sleeper"])
    assert close(at(image, inside(layout.tableau_box(1, 1))), WAGON_COLOURS["sleeper"])
    assert not close(at(image, inside(layout.tableau_box(2, 0))), WAGON_COLOURS["sleeper"])
    hx0, hy0, _, _ = layout.hand_box(0)  # 4 cards in hand (the tableau holds the fifth)
    assert close(at(image, (hx0 + 3 * 17 + 7, hy0 + 32)), CARD_BACK)
    assert close(at(image, (hx0 + 4 * 17 + 7, hy0 + 32)), PANEL)


def test_a_preview_rings_what_the_move_touches():
    state = position(
        3,
        hands=[["mail", "tank", "boxcar", "dining", "flatcar"]],
        lines={1: (["sleeper"], [])},
        cities=["moscow", "paris", "rome", "berlin"],
    )
    action = GAME.parse_action({"type": "to_line", "wagon": "mail", "row": 1, "side": "left"})
    after, _ = GAME.apply(state, 0, action)
    view = GAME.view(after, None)
    plain = decode(render_table(view, NAMES[:3]))
    ringed = decode(render_table(view, NAMES[:3], highlight=ADAPTER.highlight(action)))
    x0, y0, _, y1 = layout.wagon_box(1, "left", 2)  # the new wagon, at the outer end
    assert close(at(ringed, (x0 - 4, (y0 + y1) / 2)), HIGHLIGHT)
    assert not close(at(plain, (x0 - 4, (y0 + y1) / 2)), HIGHLIGHT)
    assert close(at(ringed, inside(layout.wagon_box(1, "left", 2))), WAGON_COLOURS["mail"])
    # Unknown ids are ignored.
    assert render_table(view, NAMES[:3], highlight={"junk", "w:9:up:0"}) == encode(view)
    x0, y0, _, y1 = layout.city_box(2)
    claim = decode(render_table(view, NAMES[:3], highlight={"row:2"}))
    assert close(at(claim, (x0 - 4, (y0 + y1) / 2)), HIGHLIGHT)


def encode(view) -> bytes:
    return render_table(view, NAMES[:3])


def test_the_chain_decider_is_framed_and_the_last_exchange_ringed():
    state = position(
        4,
        hands=[["chain_exchange", "passenger", "boxcar", "flatcar"]],
        tableaux=[["mail"], ["sleeper"], ["dining"], ["baggage"]],
        cities=["moscow", "paris", "rome", "berlin"],
    )
    state, _ = GAME.apply(
        state,
        0,
        GAME.parse_action({"type": "play_card", "card": "chain_exchange", "direction": "left"}),
    )
    exchange = GAME.parse_action({"type": "exchange", "give": "mail", "take": "sleeper"})
    state, _ = GAME.apply(state, 0, exchange)
    view = GAME.view(state, None)
    assert view.pending.decider == 1
    image = decode(render_table(view, NAMES, highlight=ADAPTER.highlight(exchange)))
    px0, py0, _, py1 = layout.panel_box(1)
    assert close(at(image, (px0 + 1.5, (py0 + py1) / 2)), SEAT_COLOURS[1], 20)
    px0, py0, _, py1 = layout.panel_box(0)  # alice is still to play, but not the one deciding
    assert not close(at(image, (px0 + 1.5, (py0 + py1) / 2)), SEAT_COLOURS[0], 20)
    for seat, wagon in ((0, "sleeper"), (1, "mail")):  # what alice got, what bob got
        x0, y0, _, y1 = layout.tableau_box(seat, 0)
        assert close(at(image, (x0 - 3, (y0 + y1) / 2)), HIGHLIGHT), seat
        assert close(at(image, inside(layout.tableau_box(seat, 0))), WAGON_COLOURS[wagon])


@pytest.mark.parametrize(
    "players, options",
    [
        (2, {"istanbul": True}),
        (3, {}),
        (4, {"teams": True, "home_city": True, "home_city_name": "Казань"}),
    ],
)
def test_a_finished_game_renders_small(players, options):
    state = played(players, options, 5, GAME.is_over)
    view = GAME.view(state, None)
    assert view.result is not None
    names = ["Zoë 🎲 " * 5, "\u202e\x00bob", "<@1> **x**", "李小龙"][:players]
    png = render_table(view, names)
    assert len(png) < 300_000
    image = decode(png)
    assert image.size == (layout.WIDTH, layout.height(players))
    # The winners' panels say so in their colour; the claimed cities are chips.
    for seat in view.result.winners:
        x0, y0, x1, _ = layout.panel_box(seat)
        region = image.crop((int(x1 - 190), int(y0 + 8), int(x1 - 8), int(y0 + 30)))
        colours = {c for _, c in region.getcolors(20000)}
        assert any(close(c, SEAT_COLOURS[seat], 40) for c in colours), seat
