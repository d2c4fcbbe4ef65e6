"""Long random runs for every engine and the host (opt-in: LUTECE_SOAK=1 make test).

The regular suite already plays hundreds of random games per engine; this plays thousands,
through the same contract loop, checking replay equality and JSON round trips of records and
views, and finally drives many concurrent matches through the host and SQLite.
"""

from __future__ import annotations

import asyncio
import json
import os
import random

import pytest

from games.core.record import MatchRecord, RecordedAction
from games.core.replay import replay
from games.host import MatchHost
from games.registry import game_keys, get_game
from storage import SeatRow, Store

pytestmark = pytest.mark.skipif(
    os.environ.get("LUTECE_SOAK") != "1", reason="soak runs are opt-in: LUTECE_SOAK=1"
)
GAMES = int(os.environ.get("LUTECE_SOAK_GAMES", "2000"))


@pytest.mark.parametrize("key", game_keys())
def test_thousands_of_random_games_replay_exactly(key):
    game = get_game(key)
    for n in range(GAMES):
        rng = random.Random(n)
        seats = rng.randint(game.min_seats, game.max_seats)
        state = game.setup(seats, game.parse_options({}), seed=n)
        record = MatchRecord(game=key, seats=seats, seed=n)
        while not game.is_over(state):
            seat = rng.choice(sorted(game.to_act(state)))
            action = rng.choice(game.legal_actions(state, seat))
            record.actions.append(RecordedAction(seat=seat, action=game.dump_action(action)))
            state, _ = game.apply(state, seat, action)
        for seat in [None, *range(seats)]:
            json.dumps(game.view(state, seat).model_dump(mode="json"))
        again = MatchRecord.model_validate_json(record.model_dump_json())
        assert game.snapshot(replay(game, again)) == game.snapshot(state), f"seed {n}"


async def test_many_concurrent_matches_through_the_host(tmp_path):
    store = await Store.open(tmp_path / "soak.db")
    host = MatchHost(store)
    keys = game_keys()

    async def play(n: int) -> None:
        key = keys[n % len(keys)]
        game = get_game(key)
        seats = [SeatRow(i, f"p{i}", user_id=n * 10 + i) for i in range(game.min_seats)]
        match_id = (await host.create(key, seats, seed=n)).info.id
        rng = random.Random(n)
        while True:
            live = await host._loaded(match_id)
            if live.row.status != "active":
                return
            seat = min(live.to_act())
            action = rng.choice(game.legal_actions(live.state, seat))
            await host.act(match_id, n * 10 + seat, action, key=f"{n}:{live.row.version}")
            await asyncio.sleep(0)

    await asyncio.gather(*(play(n) for n in range(40)))
    for row in await store.list_matches(("finished",)):
        fresh = MatchHost(store)
        live = await fresh._loaded(row.id)
        assert live.game.is_over(live.state)
    assert len(await store.list_matches(("finished",))) == 40
    await store.close()
