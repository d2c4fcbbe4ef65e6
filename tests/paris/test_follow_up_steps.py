"""Trading and tile uses inside a purchase's follow-up steps (bonus tile, prestige, VP tile).

«Ресурсы можно покупать и продавать в любое время, а фишки престижа — продавать в любое
время — по ценам, указанным в таблице в основании вашей ширмы игрока.» So a player who bought
a 3 with their last francs may sell the token just taken and pay for the bonus tile: «Вы
можете сделать то же самое, когда приобретаете здание стоимостью 3, но только если заплатите
2 франка». (Issue 17 §1.)
"""

from games.paris.board import GOOD_INDEX
from games.paris.flow import free_actions
from games.paris.state import AFTER, BONUS, PRESTIGE, TILE, VPTILE
from tests.scenario import kinds

from .helpers import GAME, REMOVED, board, give, keys_at, landmark_in, replace, top_first
from .playing import act, legal, move, refused
from .test_income import buy_at

GOLD_PRESTIGE = GOOD_INDEX["gold_prestige"]


def test_last_francs_on_a_3_sell_the_token_then_pay_for_the_bonus_tile():
    # «Вы можете сделать то же самое, когда приобретаете здание стоимостью 3, но только если
    # заплатите 2 франка» «Ресурсы можно покупать и продавать в любое время, а фишки
    # престижа — продавать в любое время»: the reproduction of issue 17 §1, from the start of
    # a 2-player game with the standard setup.
    arr = top_first("saint_germain/3")
    assert arr["removed"] == REMOVED
    state = GAME.setup(2, GAME.parse_options({}), 0, arr)
    for action in (
        {"type": "place_tile", "stack": 0},  # saint_germain/3, gold prestige beside
        {"type": "place_key", "to": "arc"},  # seat 0 keeps its 3 francs
        {"type": "place_tile", "stack": 1},
        {"type": "place_key", "to": "chaillot/bank"},
        {"type": "place_tile", "stack": 2},
    ):
        state, _ = act(state, action)
    assert state.turn == 0 and state.francs[0] == 3
    state, events = act(state, move("arc", "saint_germain/3"))
    assert state.francs[0] == 0 and state.goods[0][GOLD_PRESTIGE] == 1
    assert kinds(events, "token_taken") == [
        {"seat": 0, "space": "saint_germain/3", "good": "gold_prestige"}
    ]
    # the bonus step is open although the seat cannot pay yet: the token can be sold first
    assert state.phase == BONUS
    options = legal(state)
    assert not [a for a in options if a["type"] == "take_bonus"]
    assert {"type": "sell", "item": "gold_prestige"} in options and {"type": "skip"} in options
    state, events = act(state, {"type": "sell", "item": "gold_prestige"})
    assert state.phase == BONUS and state.francs[0] == 3 and state.goods[0] == (0,) * 6
    assert kinds(events, "sold") == [
        {"seat": 0, "item": "gold_prestige", "good": "gold_prestige", "francs": 3}
    ]
    assert {"type": "take_bonus", "space": 1} in legal(state)
    state, events = act(state, {"type": "take_bonus", "space": 1})
    assert state.francs[0] == 1 and state.bonus[0] == (1,) and state.meeples[0] == 1
    assert kinds(events, "bonus_taken") == [{"seat": 0, "space": 1, "francs": 2, "tile": 1}]
    assert state.phase in (AFTER, TILE)


def test_the_paid_bonus_tile_is_offered_only_while_the_player_can_pay():
    # «…но только если заплатите 2 франка»: with fewer francs the step offers selling and
    # skipping, and a bonus tile asked for anyway is refused without changing anything.
    state = give(keys_at(board(2), 0, "belleville/bank"), 0, francs=4)
    state, _ = buy_at(state, "belleville/bank", "belleville/3")  # 1 franc and a silver token
    assert state.phase == BONUS and state.francs[0] == 1
    assert not [a for a in legal(state) if a["type"] == "take_bonus"]
    assert refused(state, {"type": "take_bonus", "space": 3}) == "paris.bonus_needs_francs"
    state, _ = act(state, {"type": "sell", "item": "silver"})  # 2 francs
    assert state.phase == BONUS and state.francs[0] == 3
    state, events = act(state, {"type": "take_bonus", "space": 3})
    assert state.francs[0] == 1 and kinds(events, "bonus_taken")[0]["francs"] == 2


def test_no_bonus_step_when_nothing_could_pay_for_it():
    # «…но только если заплатите 2 франка»: a 3 bought with the last francs, its token gone
    # and nothing behind the screen: no choice, so no question.
    state = give(keys_at(board(2), 0, "belleville/bank"), 0, francs=3)
    state = replace(state, tokens=tuple(-1 for _ in state.tokens))
    state, events = buy_at(state, "belleville/bank", "belleville/3")
    assert state.phase != BONUS and state.bonus[0] == ()
    assert not kinds(events, "step_skipped")


def _step_actions(state, seat=0) -> set[str]:
    """The step's own kinds of action, once checked that it also offers every free action
    of the action step."""
    offered = GAME.legal_actions(state, seat)
    free = free_actions(state, seat)
    assert free and all(a in offered for a in free)
    return {a.type for a in offered if a not in free}


def test_free_actions_inside_the_bonus_prestige_and_vp_tile_steps():
    # «Ресурсы можно покупать и продавать в любое время…»; «Вы можете использовать полученный
    # бонусный жетон немедленно или позже в течение игры, в любой момент любого вашего хода.»
    # The bonus step: use tiles (12: 6 VP; E1: 3 VP), sell, buy, and stay in the step.
    state = give(
        keys_at(board(2), 0, "chaillot/bank"),
        0,
        francs=9,
        bonus=[12],
        egt=["E1"],
        goods={"wood": 1},
    )
    step, _ = buy_at(state, "chaillot/bank", "chaillot/1")
    assert step.phase == BONUS
    assert _step_actions(step) == {"take_bonus", "skip"}
    for action in (
        {"type": "use_bonus", "tile": 12},
        {"type": "use_end_game", "tile": "E1"},
        {"type": "sell", "item": "wood"},
        {"type": "buy", "good": "wood"},
    ):
        after, _ = act(step, action)
        assert after.phase == BONUS and after.pending == step.pending, action
        step = after
    assert step.vp[0] == 9 and step.bonus[0] == () and step.francs[0] == 8 + 1 - 3
    step, _ = act(step, {"type": "take_bonus", "space": 5})
    assert step.bonus[0] == (5,)
    # The prestige step: selling the prestige it could cash leaves only `skip` there.
    state = landmark_in(board(2), "L10", "belleville")
    state = give(
        keys_at(state, 0, "belleville/bank"),
        0,
        francs=15,
        goods={"gold": 2, "marble": 1, "gold_prestige": 1},
    )
    step, _ = buy_at(state, "belleville/bank", "belleville/L15")
    assert step.phase == PRESTIGE
    assert _step_actions(step) == {"cash_prestige", "skip"}
    sold, _ = act(step, {"type": "sell", "item": "gold_prestige"})
    assert sold.phase == PRESTIGE and sold.francs[0] == step.francs[0] + 3
    assert legal(sold) == [{"type": "skip"}]
    # The VP-tile step.
    state = keys_at(board(2), 1, "chaillot/1", "chaillot/2", "chaillot/4")
    state = give(keys_at(state, 0, "chaillot/bank"), 0, francs=9, goods={"silver": 1})
    step, _ = buy_at(state, "chaillot/bank", "chaillot/5")
    assert step.phase == VPTILE
    assert _step_actions(step) == {"place_vp_tile", "skip"}
    step, _ = act(step, {"type": "sell", "item": "silver"})
    assert step.phase == VPTILE
    step, _ = act(step, {"type": "place_vp_tile", "tile": "VP20", "district": "chaillot"})
    assert step.vp_tiles[4] == 0
