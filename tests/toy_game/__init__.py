"""A test-only game package: it plugs in exactly as the real games do (`GAME` names its
engine), through `games.registry.register_package` since it lives outside `games/`."""

from tests.toy_game.engine import Race as GAME

__all__ = ["GAME"]
