"""Issue 20: "the state of the districts is hard to take in". Each district's bottom line
shows every seat's sum there, the leader first — what its VP tile ranks: «В каждом районе
игрок с наибольшей суммой получает ПО за 1-е место», the sum being «стоимость зданий и
достопримечательностей, на которых лежат их ключи» — as the engine's scoring counts it."""

from __future__ import annotations

import random

import pytest

from bot.games.paris.render import render_table
from bot.render.drawing import recording
from games.paris.engine import Paris
from games.paris.scoring import holdings_in

GAME = Paris()
NAMES = ["Amélie", "Bastien", "Zoë 🎲", "Ngũgĩ wa Thiong'o"]


def drawn_sums(view) -> list[list[tuple[int, int]]]:
    """Per district, the (seat, sum) pairs its bottom line draws, in order."""
    with recording() as drawn:
        render_table(view, NAMES[: view.players])
    lines: list[list[tuple[int, int]]] = []
    seat: int | None = None
    for d in drawn:
        if d.role == "paris.districts._sums":
            if d.text in ("Σ",):
                lines.append([])
            elif d.text != "—":
                assert seat is not None
                lines[-1].append((seat, int(d.text)))
                seat = None
        elif d.role == "paris.colours.key_disc" and lines:
            seat = int(d.text) - 1
    return lines


@pytest.mark.parametrize("players,seed", [(2, 7), (4, 8)])
def test_each_district_shows_every_seats_sum_leader_first(players, seed):
    state = GAME.setup(players, GAME.parse_options({}), seed)
    rng = random.Random(seed)
    checked = 0
    while not GAME.is_over(state) and checked < 3:
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if rng.random() > 0.05:
            continue
        checked += 1
        lines = drawn_sums(GAME.view(state, None))
        assert len(lines) == 6
        for d, line in enumerate(lines):
            expected = {s: sum(holdings_in(state, s, d)) for s in range(players)}
            expected = {s: n for s, n in expected.items() if holdings_in(state, s, d)}
            assert dict(line) == expected
            assert [n for _, n in line] == sorted(expected.values(), reverse=True)
    assert checked == 3
