"""A local fake Discord: an aiohttp server speaking Discord's REST + gateway protocol.

The real, unchanged discord.py bot connects to it over loopback; tests act as users
(slash commands, clicks, selects, autocomplete, modals) and assert on what each user
sees. This package never imports ``discord`` (only :mod:`fakediscord.redirect` does,
lazily), so it stays a faithful *server*, not a mock of the library.

Start here: :class:`fakediscord.server.FakeDiscord` and :mod:`fakediscord.testing`.
"""

from fakediscord.errors import InteractionRefused
from fakediscord.messages import Message
from fakediscord.server import FakeDiscord
from fakediscord.state import PERMISSIONS, Channel, Guild, Overwrite, Role, User
from fakediscord.users import FakeUser, InteractionResult

__all__ = [
    "Channel",
    "FakeDiscord",
    "FakeUser",
    "Guild",
    "InteractionRefused",
    "InteractionResult",
    "Message",
    "Overwrite",
    "PERMISSIONS",
    "Role",
    "User",
]
