"""What follows the action of a turn: the claim step, the end of the turn, the stalemate rule,
the end of the game, and the turn passing clockwise.

«В конце своего хода после совершения любого действия вы можете получить карту города ...»
«После совершения действия (и получения карты города, если возможно) право хода передаётся
следующему игроку по часовой стрелке.»
"""

from __future__ import annotations

from games.core.contract import Event, event
from games.moscow_paris import stalemate
from games.moscow_paris.deck import discard, spend_and_draw
from games.moscow_paris.layout import Layout, draft_layout
from games.moscow_paris.scoring import final_result, game_over
from games.moscow_paris.state import CLAIM, OVER, PLAY, Draft


def finish_progress(d: Draft, lines: Layout, events: list[Event]) -> None:
    """The action of the turn is done, and it made progress (`d.progress` is set): offer the
    claim step if a city can be claimed, else end the turn. Claims are checked only for the
    active player, at the end of their own turn. `lines`: the layout of the lines now."""
    if lines.claimable(d.tableaux[d.turn]):
        d.phase = CLAIM
        d.pending = ()
    else:
        pass_turn(d, stalemate.record_turn(d), events)


def finish_card(d: Draft, card: int, events: list[Event]) -> None:
    """An action card's effect is over: «Сыгранная карта действия отправляется в стопку
    сброса», the player draws 1 card («Сыграть 1 карту действия и взять 1 карту»), and the
    turn goes on to the claim step."""
    discard(d, (card,))
    spend_and_draw(d, d.turn, card, events)
    d.progress = True
    finish_progress(d, draft_layout(d), events)


def end_turn(d: Draft, events: list[Event]) -> None:
    """Count the turn for the stalemate rule, then `pass_turn`."""
    pass_turn(d, stalemate.record_turn(d), events)


def pass_turn(d: Draft, stalled: bool, events: list[Event]) -> None:
    """The turn is counted (`stalled`: the stalemate rule fires): end the game if the cities
    are out, else maybe reset (stalemate) and pass the turn to the next player clockwise."""
    d.turns += 1
    d.pending = ()
    if not d.city_deck and game_over(d):
        d.phase = OVER
        result = final_result(d)
        events.append(
            event(
                "game_over",
                {
                    "scores": result.scores,
                    "ranking": result.ranking,
                    "winners": result.winners,
                    "tiebreak": result.tiebreak,
                    "details": result.details,
                },
            )
        )
        return
    nxt = d.turn + 1
    if nxt == d.cfg.players:
        nxt = 0
    if stalled:
        stalemate.reset(d, nxt, events)
    d.turn = nxt
    d.phase = PLAY
    d.progress = False
    d.claims = 0
