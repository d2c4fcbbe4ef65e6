"""One router for every component: DynamicItems that parse custom_ids and call handlers.

Buttons and selects on any message — a lobby, a table, an ephemeral panel, a DM — are
re-created from their custom_id when clicked, so they survive restarts. Every refusal is an
ephemeral sentence; every unexpected error is logged (without game secrets) and answered.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import error_text, t
from bot.ui import custom_ids
from games.core.errors import IllegalAction

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)

ANY_ID = r"(?s)(?P<raw>.{1,100})"  # (?s): a forged id with a newline must be answered too


@dataclasses.dataclass(slots=True)
class Click:
    """A component interaction, parsed; `locale` is the language of the clicker's answers."""

    interaction: discord.Interaction
    route: custom_ids.Route
    values: list[str]
    locale: str

    @property
    def bot(self) -> Services:
        return self.interaction.client  # type: ignore[return-value]  # the client is a LuteceBot

    @property
    def user_id(self) -> int:
        return self.interaction.user.id


Handler = Callable[[Click], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}


class RouteError(Exception):
    """A route declared twice or with a verb no custom_id can carry: a bug, found at import."""


def handles(verb: str) -> Callable[[Handler], Handler]:
    """Declare the handler of a custom_id verb; a second one for the same verb fails at
    import instead of silently replacing the first. The handler reads its argument through
    `bot.ui.custom_ids`, where every argument's shape is built and parsed."""

    def register(handler: Handler) -> Handler:
        if not custom_ids.VERB.fullmatch(verb):
            raise RouteError(f"{handler.__qualname__}: {verb!r} is not a custom_id verb")
        if verb in HANDLERS:
            first = HANDLERS[verb]
            raise RouteError(
                f"the verb {verb!r} has two handlers: {first.__module__}."
                f"{first.__qualname__} and {handler.__module__}."
                f"{handler.__qualname__}"
            )
        HANDLERS[verb] = handler
        return handler

    return register


async def reply(
    interaction: discord.Interaction, content: str | None = None, **kwargs: Any
) -> None:
    """An ephemeral answer, whether or not the interaction was already answered or deferred."""
    kwargs.setdefault("ephemeral", True)
    if content is not None:  # a followup takes no None content: attachments or embeds only
        kwargs["content"] = content
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def answered(call: Awaitable[Any]) -> bool:
    """Await an interaction answer made *after* a change was applied and persisted.

    Whatever Discord answers (10062 when the answer came too late, or any other error) the
    change happened, so the caller must go on and update the table; only the answer is lost,
    and it is never replaced by a "nothing was changed" error.
    """
    try:
        await call
        return True
    except discord.HTTPException as exc:
        log.warning(
            "an answer after a stored change failed (HTTP %s, code %s); the change stands",
            exc.status,
            exc.code,
        )
        return False


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """A refusal, changing nothing: if Discord no longer takes it (10062, the interaction
    expired while the bot looked; or any other error) the player merely misses a sentence,
    which is no fault of the bot's, so it is logged low instead of raised."""
    try:
        await reply(interaction, "⚠️ " + text)
    except discord.HTTPException as exc:
        log.info(
            "a refusal for interaction %s could not be delivered (HTTP %s, code %s)",
            interaction.id,
            exc.status,
            exc.code,
        )


async def answer_language(interaction: discord.Interaction) -> str:
    """The language this user reads their own answers in (see bot.ui.languages)."""
    return await interaction.client.languages.of(interaction)  # type: ignore[attr-defined]  # the client is a LuteceBot


async def guarded(interaction: discord.Interaction, run: Callable[[], Awaitable[None]]) -> None:
    """Run a handler; refusals become friendly ephemerals, crashes a logged generic answer.

    The handler counts among the bot's running ones from its first step, so a stop lets it
    finish (see `LuteceBot.close`); once a stop was asked, a new click is answered with a
    sentence instead and changes nothing."""
    client = interaction.client
    if client.is_closed():
        return  # stopped: Discord and the database are closed, nothing can be answered
    task = asyncio.current_task()
    inflight: set[asyncio.Task[Any]] = getattr(client, "inflight", set())
    if task is not None:
        inflight.add(task)
    try:
        await _answered_safely(interaction, run)
    finally:
        inflight.discard(task)


async def _answered_safely(
    interaction: discord.Interaction, run: Callable[[], Awaitable[None]]
) -> None:
    locale = await answer_language(interaction)
    try:
        if getattr(interaction.client, "closing", False):
            await refuse(interaction, t("error.restarting", locale))
            return
        await run()
    except IllegalAction as exc:
        await refuse(interaction, error_text(exc, locale))
    except discord.NotFound as exc:
        if exc.code == 10062:  # the interaction expired; nothing can be answered any more
            log.warning("interaction %s expired before it was answered", interaction.id)
            return
        raise
    except Exception:
        log.exception("handler failed for interaction %s", interaction.id)
        await refuse(interaction, t("error.internal", locale))


async def dispatch(interaction: discord.Interaction, raw: str, values: list[str]) -> None:
    route = custom_ids.parse(raw)
    handler = HANDLERS.get(route.verb) if route else None

    async def run() -> None:
        locale = await answer_language(interaction)
        if route is None or handler is None:
            await refuse(interaction, t("error.unknown_button", locale))
            return
        await handler(Click(interaction, route, values, locale))

    await guarded(interaction, run)


class RoutedComponent(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ANY_ID):
    """Any button or string select whose custom_id the bot made (or claims to have made).

    One class for both kinds on purpose: discord.py keys dynamic items by their template, and
    every custom_id (even a forged one) must reach `dispatch` to get an answer.
    """

    def __init__(self, raw: str) -> None:
        super().__init__(discord.ui.Button(custom_id=raw))
        self.raw = raw

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: Any
    ) -> RoutedComponent:
        return cls(match["raw"])

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        await dispatch(interaction, self.raw, values)


def button(
    match_id: str,
    verb: str,
    arg: str = "",
    *,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    emoji: str | None = None,
    row: int | None = None,
) -> discord.ui.Button[Any]:
    """A plain button carrying a routed custom_id (for building outgoing views)."""
    return discord.ui.Button(
        label=label,
        style=style,
        disabled=disabled,
        emoji=emoji,
        row=row,
        custom_id=custom_ids.build(match_id, verb, arg),
    )


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
