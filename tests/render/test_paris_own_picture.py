"""Issue 20: "The *Trade at your screen* panel picture does not show the trader's own goods."
The panel after the trade step draws the trader's own picture (`render_own`): the public
table and, under it, what lies behind that seat's screen — «Ширма … скрывает от других
игроков ваши франки, ресурсы и жетоны» — for that player alone; its alt text tells the
public table and that seat's own screen, never another seat's."""

from __future__ import annotations

import random

from bot.games.paris.adapter import ParisAdapter, screen_line
from bot.games.paris.layout import HEIGHT, SCREEN_H, WIDTH
from bot.games.paris.render import render_own, render_table
from bot.games.paris.terms import GOOD_ICON
from bot.render.drawing import recording
from games.paris.engine import Paris
from tests.render.pixels import decode

GAME = Paris()
ADAPTER = ParisAdapter()
NAMES = ["Amélie", "Bastien", "Zoë 🎲"]


def trading(seed: int = 4, players: int = 3):
    """The first position of a random match where the seat to act may trade and holds a
    bonus tile, once every screen differs (so that one seat's cannot pass for another's)."""
    state = GAME.setup(players, GAME.parse_options({}), seed)
    rng = random.Random(seed)
    while True:
        (seat,) = GAME.to_act(state)
        actions = GAME.legal_actions(state, seat)
        screens = [GAME.view(state, s).screen for s in range(players)]
        alike = len({s.model_dump_json(exclude={"seat"}) for s in screens}) < players
        tiles = screens[seat].bonus_tiles
        if not alike and tiles and any(a.type in ("buy", "sell") for a in actions):
            return state, seat
        state, _ = GAME.apply(state, seat, rng.choice(actions))


def test_the_trade_step_shows_the_seats_own_picture():
    assert ADAPTER.own_picture_steps == ("trade",)  # the panel's "act/trade", "bonus/trade"…


def test_the_own_picture_draws_the_traders_screen_under_the_table():
    state, seat = trading()
    own = GAME.view(state, seat)
    screen = own.screen
    with recording() as drawn:
        png = render_own(own, NAMES)
    assert decode(png).size == (WIDTH, HEIGHT + SCREEN_H)
    under = [d for d in drawn if d.role == "paris.screen.draw_screen"]
    texts = [d.text for d in under]
    assert any(str(screen.francs) in x for x in texts)  # the francs
    for good, n in screen.goods.items():  # every good's icon, then its count
        i = texts.index(GOOD_ICON[good])
        assert texts[i + 1] == str(n)
    assert screen.bonus_tiles
    for tile in screen.bonus_tiles:
        assert any(str(tile) in x for x in texts)
    assert "🔒 Your screen" in texts
    # The public picture is unchanged, and is what the seat's view draws elsewhere.
    assert render_table(own, NAMES) == render_table(GAME.view(state, None), NAMES)


def test_the_own_alt_text_tells_that_seats_screen_and_no_other():
    state, seat = trading()
    public, own = GAME.view(state, None), GAME.view(state, seat)
    alt = ADAPTER.alt_text(public, NAMES, None, own=own)
    plain = ADAPTER.alt_text(public, NAMES, None)
    mine = screen_line(own.screen, None).replace("**", "")
    assert mine in alt and mine not in plain
    for other in set(range(3)) - {seat}:
        theirs = screen_line(GAME.view(state, other).screen, None).replace("**", "")
        assert theirs != mine and theirs not in alt
