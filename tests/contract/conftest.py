"""The fake Discord world of tests/discord, for the contract's whole-match check."""

from tests.discord.conftest import world

__all__ = ["world"]
