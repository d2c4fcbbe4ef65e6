"""The end of the game, scoring with the flag bonus, the tie-breaks, team play, Istanbul and
the Home City."""

import dataclasses

from games.moscow_paris.data import CITY_INDEX
from games.moscow_paris.scoring import final_result
from games.moscow_paris.state import OVER, PLAY
from tests.scenario import kinds

from .helpers import GAME, position
from .playing import act

CITIES4 = ["paris", "marseille", "rome", "vienna"]


def final(players=2, won=None, **kwargs):
    """A finished match with these claimed piles."""
    state = position(players, cities=CITIES4, won=won, **kwargs)
    return dataclasses.replace(state, phase=OVER, city_deck=(), cities=state.cities[:3] + (-1,))


def last_claim(**kwargs):
    """Seat 0 can claim Paris at the end of this turn; the city deck is empty."""
    kwargs.setdefault("city_deck", [])
    kwargs.setdefault("hands", [["dining", "sleeper", "boxcar"]])
    kwargs.setdefault("tableaux", [["mail", "tank"]])
    kwargs.setdefault("lines", {0: (["mail"], ["tank"])})
    return position(2, cities=CITIES4, **kwargs)


def test_the_game_ends_when_the_city_deck_is_out_and_three_cities_are_left():
    # «Партия заканчивается, когда колода городов исчерпалась и на столе осталось 3 или меньше
    #   карт городов.»
    state, _ = act(last_claim(), {"type": "to_tableau", "wagon": "dining"})
    over, events = act(state, {"type": "claim", "row": 0})
    assert over.phase == OVER and GAME.is_over(over)
    assert [c for c in over.cities if c != -1] == [CITY_INDEX[c] for c in CITIES4[1:]]
    # with cities still in the deck, a claim refills the row and play goes on
    state, _ = act(last_claim(city_deck=["london"]), {"type": "to_tableau", "wagon": "dining"})
    going, _ = act(state, {"type": "claim", "row": 0})
    assert going.phase == PLAY and going.cities[0] == CITY_INDEX["london"]
    # the deck empty but 4 cities on the table: not yet
    state = last_claim()
    assert not GAME.is_over(act(state, {"type": "to_tableau", "wagon": "boxcar"})[0])


def test_then_the_players_score():
    # «После этого игроки переходят к подсчёту очков.»
    state, _ = act(last_claim(), {"type": "to_tableau", "wagon": "dining"})
    over, events = act(state, {"type": "claim", "row": 0})
    [end] = kinds(events, "game_over")
    result = GAME.result(over)
    assert result is not None and end["scores"] == result.scores == [2, 0]
    assert end["winners"] == result.winners == [0]
    assert GAME.to_act(over) == frozenset() and GAME.legal_actions(over, 1) == []
    assert GAME.view(over, None).result == result
    assert GAME.result(state) is None


def test_score_is_vp_plus_one_per_repeated_flag():
    # «После окончания партии каждый игрок суммирует очки с полученных им карт городов, затем
    #   откладывает в сторону по карте города каждой страны и прибавляет к получившейся сумме
    #   очков количество оставшихся перед ним карт городов (т. е. по очку за каждый
    #   повторяющийся флаг на картах городов).»
    state = final(
        3,
        won=[
            ["moscow", "st_petersburg", "london"],  # 5 VP, RU twice: +1
            ["rome", "venice", "florence", "paris"],  # 6 VP, IT three times: +2
            [],
        ],
    )
    result = GAME.result(state)
    assert result.scores == [6, 8, 0] and GAME.scores(state) == [6, 8, 0]
    seat1 = result.details["seats"][1]
    assert (seat1["vp"], seat1["repeated_flags"], seat1["flags"]) == (6, 2, {"FR": 1, "IT": 3})


def test_rulebook_example_five_vp_and_two_repeated_flags_make_seven():
    # «ПРИМЕР: игрок в ходе партии получил следующие карты городов:»
    # «Его результат: 5 очков за карты городов и 2 дополнительных очка за повторяющиеся флаги.»
    # «Итого 7 очков.»
    # (RECONSTRUCTED cards fitting the example: Paris 2 + Marseille 1 + Venice 1 + Florence 1)
    state = final(2, won=[["paris", "marseille", "venice", "florence"], []])
    seat0 = GAME.result(state).details["seats"][0]
    assert seat0["vp"] == 5 and seat0["repeated_flags"] == 2 and seat0["score"] == 7
    assert GAME.result(state).scores[0] == 7


def test_a_tie_goes_to_more_capitals():
    # «В случае равенства очков претенденты сравнивают количество полученных карт столиц.»
    # «Игрок с наибольшим количеством карт столиц побеждает.»
    state = final(
        2,
        won=[
            ["marseille", "nice", "florence"],  # 3 VP + 1 = 4, no capital
            ["paris", "moscow"],
        ],
    )  # 4 VP, 2 capitals
    result = GAME.result(state)
    assert result.scores == [4, 4] and result.winners == [1] and result.ranking == [[1], [0]]
    assert result.tiebreak == "capitals"


def test_then_more_city_cards():
    # «Если ничья сохраняется, претенденты сравнивают количество полученных карт городов.»
    # «Игрок с наибольшим количеством карт городов побеждает.»
    state = final(
        2,
        won=[
            ["berlin", "munich"],  # 3 VP + 1 = 4, 1 capital, 2 cards
            ["paris", "st_petersburg", "salzburg"],
        ],
    )  # 4, 1 capital, 3 cards
    result = GAME.result(state)
    assert result.scores == [4, 4] and result.winners == [1] and result.tiebreak == "cities"


def test_a_remaining_tie_shares_the_win():
    # «Если и после этого сохраняется ничья, то претенденты делят победу.»
    state = final(3, won=[["berlin", "munich"], ["london", "edinburgh"], ["nice"]])
    result = GAME.result(state)
    assert result.scores == [4, 4, 1] and result.winners == [0, 1]
    assert result.ranking == [[0, 1], [2]] and result.tiebreak is None
    # with no city at all, everybody shares
    assert GAME.result(final(2)).winners == [0, 1]


def test_teams_sit_alternately():
    # «Если вы играете вчетвером, то можете разделиться на две команды — союзники должны
    #   сидеть через одного.»
    state = position(4, teams=True)
    view = GAME.view(state, None)
    assert view.teams and [p.team for p in view.seats] == [0, 1, 0, 1]
    assert [p.team for p in GAME.view(position(4), None).seats] == [None] * 4


def test_the_engine_names_the_teams_before_the_end():
    # «можете разделиться на две команды — союзники должны сидеть через одного»: the sides an
    # arena gives its measured AI whole (Game.teams), the same as the result will name.
    assert GAME.teams(position(4, teams=True)) == [[0, 2], [1, 3]]
    assert GAME.teams(position(4)) == [] and GAME.teams(position(2)) == []


def test_teams_pool_their_cities_before_scoring():
    # «В таком случае перед финальным подсчётом очков игроки одной команды складывают вместе
    #   полученные ими карты городов.»
    won = [["paris"], ["rome", "madrid"], ["marseille", "nice"], ["venice"]]
    state = final(4, won=won, teams=True)
    result = GAME.result(state)
    # team 0: Paris + Marseille + Nice = 4 VP, France three times: +2 → 6
    # team 1: Rome + Madrid + Venice = 5 VP, Italy twice: +1 → 6
    # a tie: team 0 has 1 capital (Paris), team 1 has 2 (Rome, Madrid), so team 1 wins
    assert result.scores == [6, 6, 6, 6]
    assert result.winners == [1, 3] and result.ranking == [[1, 3], [0, 2]]
    assert result.tiebreak == "capitals" and result.details["winning_teams"] == [1]
    team0 = result.details["teams"][0]
    assert team0["seats"] == [0, 2] and team0["repeated_flags"] == 2 and team0["score"] == 6
    assert result.details["seats"][0]["cities"] == ["paris"]
    # alone, seat 0 would score 2 and seat 2 would score 3: the flags pair only when pooled
    assert [s["score"] for s in result.details["seats"]] == [2, 4, 3, 1]
    assert GAME.scores(state) == [6, 6, 6, 6]


def test_istanbul_is_worth_three_and_never_earns_a_flag_bonus():
    # «Карта Стамбула отличается от других карт городов тем, что приносит получившему её
    #   игроку три победных очка, а так как других турецких городов в игре нет, очков за
    #   повторяющиеся флаги эта карта принести не может.»
    state = final(2, won=[["istanbul", "paris", "marseille"], ["istanbul"]], istanbul=True)
    seats = GAME.result(state).details["seats"]
    assert seats[0]["score"] == 3 + 2 + 1 + 1  # the +1 is France's repeated flag
    assert seats[0]["flags"]["TR"] == 1 and seats[1]["score"] == 3
    # spec 4 INTERPRETATION: Istanbul is not a capital
    assert seats[1]["capitals"] == 0


def test_istanbul_is_shuffled_in_only_when_chosen():
    # «Замешайте её в стопку городов перед началом партии (если захотите).»
    istanbul = CITY_INDEX["istanbul"]
    assert istanbul not in position(3).cfg.deal_cities
    assert istanbul in position(3, istanbul=True).cfg.deal_cities


def test_home_city_is_named_flagged_and_shuffled_in_when_chosen():
    # «На этой карте города вы можете написать название собственного города и дорисовать
    #   соответствующий флаг, после чего ввести её в игру вместе с другими картами городов
    #   (если захотите).»
    home = CITY_INDEX["home_city"]
    assert home not in position(3).cfg.deal_cities
    state = final(
        2,
        won=[["home_city", "moscow"], []],
        home_city=True,
        home_city_name="Тверь",
        home_city_country="RU",
    )
    assert home in state.cfg.deal_cities
    seat0 = GAME.result(state).details["seats"][0]
    assert seat0["flags"] == {"RU": 2} and seat0["score"] == 1 + 2 + 1
    assert seat0["capitals"] == 1  # spec 4: the Home City is not a capital
    [city] = [c for c in GAME.view(state, 1).seats[0].cities if c.id == "home_city"]
    assert city.name == "Тверь" and city.country == "RU"
    other = final(2, won=[["home_city", "moscow"], []], home_city=True, home_city_country="BY")
    assert GAME.result(other).details["seats"][0]["score"] == 3


def test_end_is_checked_after_the_whole_turn():
    # spec 4 INTERPRETATION: the end is checked once the turn is over (after any refill), so
    # with multiple_claims a player may claim twice in the last turn
    state = last_claim(
        multiple_claims=True,
        hands=[["dining", "sleeper"]],
        tableaux=[["mail", "mail", "tank"]],
        lines={0: (["mail"], ["tank"]), 2: ([], ["mail"])},
    )
    state, _ = act(state, {"type": "to_tableau", "wagon": "dining"})
    state, _ = act(state, {"type": "claim", "row": 0})
    assert not GAME.is_over(state)  # 3 cities left, but the turn goes on
    state, _ = act(state, {"type": "claim", "row": 2})
    assert GAME.is_over(state) and len(state.won[0]) == 2
    assert final_result(state).scores == [4, 0]  # Paris 2 + Rome 2
