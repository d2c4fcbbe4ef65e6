"""`/lutece stats` and `/lutece leaderboard`: a player's record per game, and a game's best
rated players with the reader's own rank. Ratings are the shown ones (whole numbers); names
are the players' own, escaped, never pinged."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.ui.safe_text import md
from games.host import HostError
from games.host.standings import GameStats, Leaderboard, Standing


def stats_message(stats: list[GameStats], name: str, locale: str) -> dict[str, Any]:
    """One line per game the player finished; `name` is theirs, not yet escaped."""
    if not stats:
        raise HostError("history.none_for", "that player finished no match here", name=md(name))
    lines = []
    for s in stats:
        rating = (
            t("stats.unrated", locale)
            if s.rating is None
            else t("stats.rating", locale, rating=s.rating, rank=s.rank, players=s.rated_players)
        )
        lines.append(
            t(
                "stats.game",
                locale,
                game=t(f"game.{s.game}", locale),
                played=t("stats.played", locale, n=s.played),
                won=t("stats.won", locale, n=s.won),
                rating=rating,
            )
        )
    embed = discord.Embed(
        title=t("stats.title", locale, name=md(name)),
        description="\n".join(lines),
        colour=discord.Colour.dark_gold(),
    )
    return {"embed": embed}


def leaderboard_message(board: Leaderboard, locale: str) -> dict[str, Any]:
    """The top players, then the reader's own standing (or that they have none yet)."""
    game = t(f"game.{board.game}", locale)
    if not board.top:
        raise HostError("leaderboard.none", "no rated match of that game here yet", game=game)
    lines = [_line("leaderboard.line", s, locale) for s in board.top]
    if board.reader is None:
        mine = t("leaderboard.you_unrated", locale, game=game)
    else:
        mine = _line("leaderboard.you", board.reader, locale, players=board.players)
    embed = discord.Embed(
        title=t("leaderboard.title", locale, game=game),
        description="\n".join(lines) + "\n\n" + mine,
        colour=discord.Colour.dark_gold(),
    )
    return {"embed": embed}


def _line(key: str, s: Standing, locale: str, **more: Any) -> str:
    return t(
        key,
        locale,
        rank=s.rank,
        name=md(s.name),
        rating=s.rating,
        played=t("leaderboard.played", locale, n=s.played),
        **more,
    )
