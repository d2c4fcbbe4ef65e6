"""Issue 22, items 1 and 7: the web board's screens, for every game at every kind of step a
seeded match meets — a step offering places (each tagged choice has the box of its tag on the
picture, as fractions), a step of plain choices, a step showing the seat its own picture, the
confirm screen with its preview — built from the same turn model as the Discord panel; a
seat waiting and a spectator get the public table and no choice; nobody else's secrets."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import adapter_for, adapters
from bot.ui.screens import label_names, screen
from bot.web.access import Reader
from bot.web.seen import Seen, parse_path
from bot.web.tokens import Pass
from games.registry import get_game
from storage import SeatRow

MOVES = 20  # enough for every kind of step below, few enough to stay quick


# The kinds of step the first moves of a seed-4 match meet, at the least: "own", a step
# showing the seat its own picture (Paris's screen while trading); a "confirm" without a
# preview, a move that reveals something hidden.
KINDS = {
    "city-of-light": {"places", "choices", "confirm+preview"},
    "moscow-paris": {"places", "choices", "confirm", "confirm+preview"},
    "paris": {"places", "choices", "choices+own", "confirm", "confirm+preview"},
    "paris-paris": {"places", "confirm", "confirm+preview"},
}


def kind_of(turn: dict[str, Any], own: bool) -> str:
    if turn["confirm"] is not None:
        return "confirm" + ("+preview" if turn["confirm"]["preview"] else "")
    placed = any(c["box"] for c in turn["choices"])
    return ("places" if placed else "choices") + ("+own" if own else "")


@pytest.mark.parametrize("key", sorted(adapters()))
async def test_screens_at_every_kind_of_step(services, key):
    game = get_game(key)
    players = max(game.min_seats, min(3, game.max_seats))
    seats = [SeatRow(s, f"p{s}", user_id=100 + s) for s in range(players)]
    match = (await services.host.create(key, seats, seed=4)).info
    seen, rng, kinds = Seen(services), random.Random(4), set[str]()
    for _ in range(MOVES):
        match = await services.host.get(match.id)
        if match.status != "active":
            break
        seat = min(match.to_act)
        user = match.seats[seat].user_id
        reader = Reader(Pass(match.id, seat, user, 0), match, "en")
        names = label_names(match)
        body = await seen.screen(reader, ())
        assert body["mine"] == adapter_for(key).private_text(
            services.host.view(match, seat), names, "en"
        )
        while body["turn"]["confirm"] is None:
            turn = body["turn"]
            model = screen(services.host, match, seat, parse_path(turn["path"]), "en")
            assert [c["label"] for c in turn["choices"]] == [c.label for c in model.choices]
            for choice in turn["choices"]:
                if choice["tag"] and (model.places or model.own):
                    left, top, right, bottom = choice["box"]
                    assert 0 <= left < right <= 1 and 0 <= top < bottom <= 1, choice
            kinds.add(kind_of(turn, model.own))
            body = await seen.screen(reader, parse_path(rng.choice(turn["choices"])["path"]))
        confirm = body["turn"]["confirm"]
        kinds.add(kind_of(body["turn"], False))
        assert confirm["version"] == match.version
        for other in (s for s in range(players) if s != seat):  # waiting: no choice
            waiting = Reader(Pass(match.id, other, 100 + other, 0), match, "en")
            assert (await seen.screen(waiting, ()))["turn"] is None
        await services.host.play(
            match.id, user, version=match.version, index=confirm["index"], key=None
        )
    spectator = await seen.screen(Reader(Pass(match.id, None, 1, 0), match, "en"), ())
    assert spectator["turn"] is None and spectator["mine"] is None
    assert spectator["picture"]["url"].startswith(f"/api/board/{match.id}/picture/")
    assert KINDS[key] <= kinds, kinds
