"""Issue 18, item 3: callers outside the host read a match through `MatchInfo`, a frozen
description of one version, and the host's answers about it are at that version."""

from __future__ import annotations

import dataclasses
import operator

import pytest

from games.host import HostError, MatchHost
from games.host.info import MatchInfo, SeatInfo
from storage import SeatRow, Store

STEP = {"type": "step", "by": 1}


async def _race(host: MatchHost) -> str:
    seats = [SeatRow(0, "ann", user_id=1), SeatRow(0, "bob", user_id=2)]
    outcome = await host.create("race", seats, seed=3, options={"target": 5})
    return outcome.info.id


async def test_a_description_holds_no_state_no_game_and_no_row(store: Store) -> None:
    host = MatchHost(store)
    match = await host.get(await _race(host))
    assert isinstance(match, MatchInfo)
    assert (match.game, match.status, match.version, match.size) == ("race", "active", 0, 2)
    assert match.seats == (SeatInfo(0, "ann", 1, None), SeatInfo(1, "bob", 2, None))
    assert match.started and match.to_act == frozenset({0}) and match.result is None
    assert match.seat_of(2) == 1 and match.seat_of(3) is None and match.ai_of(0) is None
    assert match.users_to_act() == [1] and dict(match.options) == {"target": 5}
    for reach in ("state", "game_object", "row", "requests"):
        assert not hasattr(match, reach)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(match, "version", 9)  # noqa: B010  # the point: it cannot be changed
    with pytest.raises(TypeError):
        operator.setitem(match.options, "target", 99)  # read-only, like the rest


async def test_the_host_answers_about_a_description_at_its_version(store: Store) -> None:
    host = MatchHost(store)
    match_id = await _race(host)
    before = await host.get(match_id)
    await host.act(match_id, 1, STEP, key="k1")
    host._live.clear()  # the match left the host's memory: the description still answers
    after = await host.get(match_id)
    assert (before.version, after.version) == (0, 1)
    assert host.view(before, None).model_dump() == {"scores": [0, 0], "turn": 0, "my_secret": None}
    assert host.view(after, None).model_dump()["scores"] == [1, 0]
    assert host.view(after, 1).model_dump()["my_secret"] is not None  # bob's own secret
    assert [a.by for a in host.choices(before, 0)] == [1, 2] and host.choices(after, 0) == ()
    preview = host.preview(after, 1, 1)
    assert preview is not None and preview.view.model_dump()["scores"] == [1, 2]
    assert host.seat_to_act(after, 2) == 1
    with pytest.raises(HostError) as err:
        host.seat_to_act(after, 1)
    assert err.value.key == "turn.not_yours"


async def test_a_lobby_is_described_but_has_no_view(store: Store) -> None:
    host = MatchHost(store)
    lobby = await host.open_lobby("race", host_user_id=1, host_name="ann", seats=3)
    match = await host.get(lobby.id)
    assert (match.status, match.started, match.to_act, match.size) == ("lobby", False, set(), 3)
    with pytest.raises(HostError) as err:
        host.view(match, None)
    assert err.value.key == "match.not_started"
    assert host.choices(match, 0) == ()
