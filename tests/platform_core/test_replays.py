"""Issue 19 §7: the host's replay frames — the public table after any step, nothing more.

A frame is rebuilt from the stored log (the truth), holds the public view and the public
events of its move only (the toy game's private "secret" event never), refuses a match of
another server as unknown, clamps a step to the moves stored, and is stepped through one
move at a time without replaying from the set-up at every step.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core.record import MatchRecord
from games.core.replay import replay
from games.host import HostError, MatchHost
from games.host.replays import EVERY
from games.registry import get_game
from storage import SeatRow, Store

STEP = {"type": "step", "by": 1}
GUILD = 42


async def _running(host: MatchHost, moves: int, *, target: int = 10) -> str:
    """A race between two people in server GUILD, `moves` moves in."""
    outcome = await host.create(
        "race",
        [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)],
        seed=3,
        options={"target": target},
        guild_id=GUILD,
    )
    match_id = outcome.info.id
    for n in range(moves):
        await host.act(match_id, 1 + n % 2, STEP, key=f"k{n}")
    return match_id


async def _state_after(host: MatchHost, match_id: str, step: int) -> object:
    """The engine's state after `step` moves, replayed here from the exported record."""
    record = await host.record(match_id)
    cut = MatchRecord.model_validate({**record.model_dump(), "actions": record.actions[:step]})
    return replay(get_game("race"), cut)


async def test_each_frame_is_the_public_view_and_public_events_of_its_step(store: Store):
    host = MatchHost(store)
    match_id = await _running(host, 4)
    game = get_game("race")
    for step in range(5):
        frame = await host.replays.frame(match_id, step, viewer_guild_id=GUILD)
        assert (frame.step, frame.steps, frame.game) == (step, 4, "race")
        assert frame.view == game.view(await _state_after(host, match_id, step), None)
        assert frame.view.my_secret is None  # the public view: no seat's secret number
        assert frame.names == ("ann", "bob") and frame.result is None
        if step == 0:
            assert (frame.events, frame.seat, frame.by) == ((), None, None)
        else:
            # The move's private event ("secret", to its seat) is left out.
            assert [(e.kind, e.to) for e in frame.events] == [("stepped", None)]
            assert (frame.seat, frame.by) == ((step - 1) % 2, "player")


async def test_a_step_out_of_range_is_clamped_and_a_running_match_grows(store: Store):
    host = MatchHost(store)
    match_id = await _running(host, 3)
    assert (await host.replays.frame(match_id, -5, viewer_guild_id=GUILD)).step == 0
    last = await host.replays.frame(match_id, 10**9, viewer_guild_id=GUILD)
    assert (last.step, last.steps) == (3, 3)
    await host.act(match_id, 2, STEP, key="later")  # the match moves on while watched
    last = await host.replays.frame(match_id, 10**9, viewer_guild_id=GUILD)
    assert (last.step, last.steps) == (4, 4)


async def test_a_finished_match_ends_on_its_result_and_its_summary_spans_it(store: Store):
    host = MatchHost(store)
    seats = [SeatRow(0, "x", ai="greedy"), SeatRow(0, "y", ai="random")]
    outcome = await host.create("race", seats, seed=11, options={"target": 60}, guild_id=GUILD)
    match_id = outcome.info.id
    row = await store.get_match(match_id)
    assert row.status == "finished" and row.version > 40
    last = await host.replays.frame(match_id, row.version, viewer_guild_id=GUILD)
    assert last.result is not None and last.result.model_dump(mode="json") == row.result
    assert last.by == "ai"
    summary = await host.replays.summary(match_id, most=20)
    steps = [f.step for f in summary]
    assert len(steps) <= 20 and steps[0] == 0 and steps[-1] == row.version
    assert steps == sorted(set(steps))


async def test_another_servers_match_an_unknown_one_and_a_lobby_are_refused(store: Store):
    host = MatchHost(store)
    match_id = await _running(host, 2)
    for guild in (GUILD + 1, None):
        with pytest.raises(HostError) as err:
            await host.replays.frame(match_id, 1, viewer_guild_id=guild)
        assert err.value.key == "match.unknown"  # the same words as a match that is not there
    with pytest.raises(HostError) as err:
        await host.replays.frame("0badcafe", 0, viewer_guild_id=GUILD)
    assert err.value.key == "match.unknown"
    lobby = await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
    with pytest.raises(HostError) as err:
        await host.replays.frame(lobby.id, 0, viewer_guild_id=GUILD)
    assert err.value.key == "match.not_started"


async def test_stepping_through_applies_each_move_once_not_from_the_set_up(
    store: Store, monkeypatch: pytest.MonkeyPatch
):
    host = MatchHost(store)
    moves = 6 * EVERY
    match_id = await _running(host, moves, target=10**6)
    game = get_game("race")
    applied = []
    original = type(game).apply

    def counted(self: Any, state: Any, seat: int, action: Any) -> Any:
        applied.append(seat)
        return original(self, state, seat, action)

    monkeypatch.setattr(type(game), "apply", counted)
    for step in range(moves + 1):  # ▶ from the first to the last move
        await host.replays.frame(match_id, step, viewer_guild_id=GUILD)
    assert len(applied) == moves
    applied.clear()
    for step in range(moves - 1, -1, -1):  # ◀ back to the set-up
        await host.replays.frame(match_id, step, viewer_guild_id=GUILD)
    # Each step back starts from the state kept at most EVERY moves before it; replaying
    # from the set-up each time would take about moves²/2 (4,560 here).
    assert len(applied) <= moves * EVERY
