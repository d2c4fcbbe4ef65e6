"""The test-only game's presentation, plugged in as every game's is (`ADAPTER`, catalogue
files in `i18n/`), through `bot.games.register_package` since it lives outside bot/games/."""

from tests.toy_game_bot.adapter import RaceAdapter

ADAPTER = RaceAdapter()

__all__ = ["ADAPTER"]
