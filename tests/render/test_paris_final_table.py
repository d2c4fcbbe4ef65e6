"""Issue 20, item 5: "final tables show the score breakdown every player needs to check the
result". Paris's final score is «Игроки складывают стоимость зданий и достопримечательностей,
на которых лежат их ключи» per district (the VP tiles), plus the VP won in play and, with
bonus tile 27, «1 ПО за каждый франк»: the final table shows each term per player, and they
add up to the score it shows."""

from __future__ import annotations

import random

import pytest

from bot.games.paris.players import TERMS, breakdown
from bot.games.paris.render import render_table
from bot.render.drawing import recording
from games.paris.engine import Paris

GAME = Paris()
NAMES = ["Amélie", "Bastien", "Zoë 🎲", "Ngũgĩ wa Thiong'o"]


def finished(players: int, seed: int):
    state = GAME.setup(players, GAME.parse_options({}), seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return GAME.view(state, None)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_the_final_table_shows_each_players_score_breakdown(players, seed):
    view = finished(players, seed)
    assert view.result is not None
    with recording() as drawn:
        render_table(view, NAMES[:players])
    rows = [d.text for d in drawn if d.role == "paris.players._score"]
    assert len(rows) == 7 * players  # per player: three terms (VP, label), the francs
    for seat in range(players):
        terms = breakdown(view.result, seat)
        assert [key for key, _ in terms] == [key for key, _ in TERMS]
        assert sum(vp for _, vp in terms) == view.result.scores[seat]
        # as drawn: each term's VP and label, the francs left
        shown = rows[seat * 7 : seat * 7 + 7]
        assert shown[1:6:2] == ["In play", "Districts", "Bonus 27"]
        assert [int(n) for n in shown[0:6:2]] == [vp for _, vp in terms]
        assert "franc" in shown[6]
    totals = [d.text for d in drawn if d.role == "paris.players.draw_player" and "VP" in d.text]
    assert totals == [f"{n} VP" for n in view.result.scores]
