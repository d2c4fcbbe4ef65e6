"""Results, history, statistics and ratings through the host (issue 19, items 5 and 6): what
a match's end stores, who it rates, and what the bot is handed (both backends)."""

from __future__ import annotations

import random

import pytest

import storage.store
from games.core.contract import Result
from games.host import HostError, MatchHost
from games.host.ratings import rate
from games.host.results import PAGE, places
from games.registry import get_game
from storage import SeatRow, Store
from storage.rows import MatchResult, ResultSeat

GUILD = 5


def _people(*names: str) -> list[SeatRow]:
    return [SeatRow(0, name, user_id=n + 1) for n, name in enumerate(names)]


async def _play_race(host: MatchHost, match_id: str, winner: int) -> None:
    """Race to 10: the winner's seat steps 2 at a time, everyone else 1 (AI seats play
    themselves); the others end level, tied for the places behind."""
    for n in range(100):
        live = await host._loaded(match_id)
        if live.row.status != "active":
            return
        seat = min(live.to_act())
        user = live.row.seat_rows[seat].user_id
        assert user is not None
        step = {"type": "step", "by": 2 if seat == winner else 1}
        await host.act(match_id, user, step, key=f"{match_id}-{n}")
    raise AssertionError("the race never ended")


async def _race(host: MatchHost, seats: list[SeatRow], winner: int, **kw) -> str:
    match_id = (await host.create("race", seats, seed=1, guild_id=GUILD, **kw)).info.id
    await _play_race(host, match_id, winner)
    return match_id


async def test_a_finished_match_is_remembered_and_rates_its_players(store: Store):
    host = MatchHost(store)
    match_id = await _race(host, _people("ann", "bob"), winner=1)
    page = await host.results.history(GUILD)
    (entry,) = page.entries
    assert (entry.match_id, entry.game, entry.rated, entry.ended) == (match_id, "race", True, False)
    assert [(s.name, s.place, s.score) for s in entry.seats] == [("bob", 1, 10), ("ann", 2, 5)]
    up, down = (s.change for s in entry.seats)
    assert up is not None and down is not None and up > 0 > down
    board = await host.ratings.leaderboard(GUILD, "race", reader_id=1)
    assert [(s.name, s.rank, s.played, s.won) for s in board.top] == [
        ("bob", 1, 1, 1),
        ("ann", 2, 1, 0),
    ]
    assert board.reader == board.top[1] and board.players == 2


async def test_a_last_action_whose_result_cannot_be_stored_is_not_stored_either(
    store: Store, monkeypatch: pytest.MonkeyPatch
):
    """One transaction: if the result fails, the move that ended the match is not kept (the
    player is told it failed), and playing it again stores both."""
    host = MatchHost(store)
    match_id = (await host.create("race", _people("ann", "bob"), seed=1, guild_id=GUILD)).info.id
    for n in range(8):  # ann and bob step 2 four times each: 8 and 8, ann to play
        seat = min((await host._loaded(match_id)).to_act())
        await host.act(match_id, seat + 1, {"type": "step", "by": 2}, key=f"k{n}")

    async def broken(*args: object, **kwargs: object) -> bool:
        raise RuntimeError("the disk is full")

    before = (await store.get_match(match_id)).version
    with monkeypatch.context() as patch:
        patch.setattr(storage.store, "write_result", broken)
        with pytest.raises(RuntimeError):
            await host.act(match_id, 1, {"type": "step", "by": 2}, key="last")
    row = await store.get_match(match_id)
    assert (row.status, row.version) == ("active", before)
    assert await store.result_of(match_id) is None and await store.rating(GUILD, "race", 1) is None
    fresh = MatchHost(store)  # the failed process's copy of the match is not trusted
    await fresh.act(match_id, 1, {"type": "step", "by": 2}, key="last")
    assert (await store.get_match(match_id)).status == "finished"
    assert (await store.result_of(match_id)).rated
    assert (await store.rating(GUILD, "race", 1)).won == 1


async def test_tied_seats_share_a_place_and_their_rating_moves_alike(store: Store):
    host = MatchHost(store)
    await _race(host, _people("ann", "bob", "cy"), winner=0)
    (entry,) = (await host.results.history(GUILD)).entries
    assert [(s.name, s.place) for s in entry.seats] == [("ann", 1), ("bob", 2), ("cy", 2)]
    bob, cy = (await store.rating(GUILD, "race", 2)), (await store.rating(GUILD, "race", 3))
    assert (bob.mu, bob.sigma) == (cy.mu, cy.sigma)
    assert (await store.rating(GUILD, "race", 1)).ordinal > bob.ordinal


async def test_a_casual_match_moves_no_rating_but_counts_in_the_statistics(store: Store):
    host = MatchHost(store)
    await _race(host, _people("ann", "bob"), winner=0, settings={"rated": False})
    (entry,) = (await host.results.history(GUILD, user_id=1)).entries
    assert not entry.rated and {s.change for s in entry.seats} == {None}
    assert await store.rating(GUILD, "race", 1) is None
    (stats,) = await host.results.stats(GUILD, 1)
    assert (stats.game, stats.played, stats.won, stats.rating, stats.rank) == (
        "race",
        1,
        1,
        None,
        None,
    )
    board = await host.ratings.leaderboard(GUILD, "race", reader_id=1)
    assert board.top == () and board.reader is None


async def test_ai_seats_change_no_rating_unless_the_server_allows_it(store: Store):
    host = MatchHost(store)
    ann_and_ai = [SeatRow(0, "ann", user_id=1), SeatRow(0, "AI 1", ai="random")]
    await _race(host, ann_and_ai, winner=0)  # by default: casual (not every seat a person)
    await _race(host, ann_and_ai, winner=0, settings={"rated": True})  # asked, not allowed
    assert [e.rated for e in (await host.results.history(GUILD)).entries] == [False, False]
    assert await store.rating(GUILD, "race", 1) is None
    await host.guilds.set_rate_ai_matches(GUILD, True)
    await _race(host, ann_and_ai, winner=0, settings={"rated": True})
    assert (await host.results.history(GUILD)).entries[0].rated
    ann = await store.rating(GUILD, "race", 1)
    assert ann is not None and ann.played == 1 and ann.ordinal > 0
    assert [s.user_id for s in (await host.ratings.leaderboard(GUILD, "race", 1)).top] == [1]


async def test_a_match_outside_any_server_is_remembered_unrated(store: Store):
    host = MatchHost(store)
    match_id = (await host.create("race", _people("ann", "bob"), seed=1)).info.id
    await _play_race(host, match_id, winner=0)
    stored = await store.result_of(match_id)
    assert stored is not None and stored.guild_id is None and not stored.rated


async def test_an_admin_ended_match_is_in_history_unrated_and_a_lobby_is_not(store: Store):
    host = MatchHost(store)
    match_id = (await host.create("race", _people("ann", "bob"), seed=1, guild_id=GUILD)).info.id
    await host.act(match_id, 1, {"type": "step", "by": 2}, key="k1")
    await host.end(match_id, "abandoned")
    lobby = await host.open_lobby("race", host_user_id=1, host_name="ann", guild_id=GUILD)
    await host.end(lobby.id, "never mind")
    (entry,) = (await host.results.history(GUILD)).entries
    assert (entry.match_id, entry.ended, entry.rated) == (match_id, True, False)
    assert [(s.place, s.score) for s in entry.seats] == [(None, None), (None, None)]
    assert await host.results.stats(GUILD, 1) == []  # nobody finished it
    assert await store.rating(GUILD, "race", 1) is None
    with pytest.raises(HostError):
        await host.end(match_id, "twice")


async def test_history_pages_newest_first_by_player(store: Store):
    clock = iter(range(1000, 100_000, 10))
    host = MatchHost(store, clock=lambda: float(next(clock)))
    ids = [await _race(host, _people("ann", "bob"), winner=n % 2) for n in range(PAGE + 2)]
    await _race(host, [SeatRow(0, "cy", user_id=3), SeatRow(0, "bob", user_id=2)], winner=0)
    first = await host.results.history(GUILD, user_id=1)
    second = await host.results.history(GUILD, user_id=1, page=1)
    assert [e.match_id for e in first.entries + second.entries] == ids[::-1]
    assert first.more and not second.more and second.page == 1
    past = await host.results.history(GUILD, user_id=1, page=2)
    assert past.entries == () and not past.more
    assert len((await host.results.history(GUILD, user_id=2, game="race", page=1)).entries) == 3
    assert (await host.results.history(GUILD, game="nothing")).entries == ()
    assert (await host.results.history(GUILD + 1)).entries == ()
    (stats,) = await host.results.stats(GUILD, 2)
    assert (stats.played, stats.won, stats.rated_players) == (PAGE + 3, 3, 3)
    bob = (await host.ratings.leaderboard(GUILD, "race", reader_id=2)).reader
    assert bob is not None and (stats.rating, stats.rank) == (bob.rating, bob.rank)
    assert bob.played == PAGE + 3 and bob.won == 3


async def test_a_new_host_over_the_same_database_keeps_everything(db_url: str):
    store = await Store.open(db_url)
    host = MatchHost(store)
    await _race(host, _people("ann", "bob"), winner=1)
    before = (
        await host.results.history(GUILD),
        await host.results.stats(GUILD, 2),
        await host.ratings.leaderboard(GUILD, "race", 1),
    )
    await store.close()
    store = await Store.open(db_url)
    try:
        host = MatchHost(store)
        after = (
            await host.results.history(GUILD),
            await host.results.stats(GUILD, 2),
            await host.ratings.leaderboard(GUILD, "race", 1),
        )
        assert after == before and before[2].top
    finally:
        await store.close()


# --- the rules of rating, without a database ------------------------------------------------


def test_places_count_the_seats_ahead():
    assert places([[2], [0, 3], [1]]) == {2: 1, 0: 2, 3: 2, 1: 4}


def _seats(places_by_seat: list[int], teams: list[int | None] | None = None) -> MatchResult:
    teams = teams or [None] * len(places_by_seat)
    seats = tuple(
        ResultSeat(n, f"p{n}", n + 1, None, 0, place, teams[n])
        for n, place in enumerate(places_by_seat)
    )
    return MatchResult("m", "g", GUILD, 1.0, True, False, seats)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_winner_goes_up_and_the_last_goes_down(players: int):
    result, ratings = rate(_seats(list(range(1, players + 1))), {})
    after = [s.rating_after for s in result.seats]
    assert after == sorted(after, reverse=True) and after[0] > 0 > after[-1]
    assert [r.won for r in ratings] == [1] + [0] * (players - 1)


def test_partners_share_their_rating_change():
    """Moscow–Paris: «перед финальным подсчётом очков игроки одной команды складывают вместе
    полученные ими карты городов» — partners share the team's score and place, so the model
    rates each team as one side and its partners move together."""
    result, ratings = rate(_seats([1, 2, 1, 2], teams=[0, 1, 0, 1]), {})
    by_user = {r.user_id: r for r in ratings}
    assert by_user[1].mu == by_user[3].mu > 25 > by_user[2].mu == by_user[4].mu


def test_moscow_paris_reports_its_teams_in_the_result():
    """«Если вы играете вчетвером, то можете разделиться на две команды — союзники должны
    сидеть через одного»: seats 0+2 and 1+3; the result names the teams for the ratings."""
    game = get_game("moscow-paris")
    options = game.parse_options(game.edition_options("teams"))
    state, rng = game.setup(4, options, seed=3), random.Random(3)
    while (result := game.result(state)) is None:
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert isinstance(result, Result) and result.teams == [[0, 2], [1, 3]]
    assert result.scores[0] == result.scores[2] and result.scores[1] == result.scores[3]


async def test_an_old_result_that_cannot_be_read_leaves_the_history_working(store: Store):
    """A match that ended before results were kept, with a result this code cannot read: it
    stays out of the history, and the rest is shown."""
    host = MatchHost(store)
    broken = (await host.create("race", _people("ann", "bob"), seed=1, guild_id=GUILD)).info.id
    await store.update_match(broken, status="finished", result={"scores": "unreadable"})
    fine = await _race(MatchHost(store), _people("ann", "bob"), winner=0)
    page = await host.results.history(GUILD)
    assert [e.match_id for e in page.entries] == [fine]
    assert await store.unrecorded_matches() == [broken]
