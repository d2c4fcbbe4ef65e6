"""`/admin resume` asked where no table can live (a forum, a category, a channel Discord did
not send): one localised sentence and nothing posted, not a crash answered as an internal
error after the interaction was already deferred. Found by mypy (issue 18)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.cogs.admin import AdminCog
from bot.i18n import t


class Response:
    """An interaction response that records what the bot did with it."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.deferred = False

    def is_done(self) -> bool:
        return self.deferred or bool(self.sent)

    async def defer(self, **kwargs: Any) -> None:
        self.deferred = True

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append(content or "")

    send = send_message  # the followup, once deferred


async def test_resume_in_a_channel_without_tables_says_so_and_posts_nothing() -> None:
    match = SimpleNamespace(id="abcd1234", guild_id=7, status="active")  # a MatchInfo

    async def get(match_id: str) -> Any:
        return match

    async def language(interaction: Any) -> str:
        return "de"

    host = SimpleNamespace(get=get)
    client = SimpleNamespace(
        is_closed=lambda: False, languages=SimpleNamespace(of=language), closing=False
    )
    response = Response()
    interaction = SimpleNamespace(
        id=1, guild_id=7, channel=None, client=client, response=response, followup=response
    )
    cog = AdminCog(SimpleNamespace(host=host))
    await AdminCog.resume.callback(cog, interaction, "abcd1234")
    assert response.sent == ["⚠️ " + t("error.channel.no_table", "de")]
    assert not response.deferred
