"""Fault switches and the limits Discord enforces on what a bot sends.

Switches live on ``fake.faults`` (a :class:`Faults`); per-user DM refusal is
``fake.close_dms(user)``. Limits are checked on every message the bot creates or
edits, through channels, interaction callbacks and webhooks alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fakediscord.errors import ApiError, invalid_form
from fakediscord.state import IS_COMPONENTS_V2, walk_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_AUTOCOMPLETE_CHOICES = 25


@dataclass
class InjectedFailure:
    method: str
    route: str
    status: int
    code: int
    message: str


@dataclass
class Faults:
    """Switches a test flips to see how the bot copes.

    ``response_window``: seconds the bot has to answer an interaction before
    Discord forgets it (404 / 10062 Unknown interaction). Real value 3 s; shrink it
    to test the late path quickly.
    """

    response_window: float = 3.0
    token_lifetime: float = 15 * 60.0
    _failures: list[InjectedFailure] = field(default_factory=list)

    def fail_next(
        self,
        method: str,
        route: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str = "Injected failure",
    ) -> None:
        """Make the next ``method route`` call (route template) fail with this error."""
        self._failures.append(InjectedFailure(method.upper(), route, status, code, message))

    def take_failure(self, method: str, route: str) -> ApiError | None:
        for i, f in enumerate(self._failures):
            if f.method == method and f.route == route:
                del self._failures[i]
                return ApiError(f.status, f.code, f.message)
        return None


def check_message(data: dict, *, path: str = "", creating: bool = True, files: int = 0) -> None:
    """Raise the ApiError Discord would for an invalid message body."""
    p = f"{path}." if path else ""
    content = data.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        raise invalid_form(
            f"{p}content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length."
        )
    embeds = data.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        raise invalid_form(
            f"{p}embeds", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length."
        )
    components = data.get("components") or []
    v2 = bool(int(data.get("flags") or 0) & IS_COMPONENTS_V2)
    if not v2 and len(components) > MAX_ROWS:
        raise invalid_form(
            f"{p}components", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length."
        )
    for i, row in enumerate(components):
        if row.get("type") == 1 and len(row.get("components") or []) > MAX_ROW_ITEMS:
            raise invalid_form(
                f"{p}components.{i}.components",
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {MAX_ROW_ITEMS} or fewer in length.",
            )
    seen: set[str] = set()
    for comp in walk_components(components):
        cid = comp.get("custom_id")
        if cid is not None:
            if len(cid) > MAX_CUSTOM_ID:
                raise invalid_form(
                    f"{p}components.custom_id",
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {MAX_CUSTOM_ID} or fewer in length.",
                )
            if cid in seen:
                raise invalid_form(
                    f"{p}components.custom_id",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(cid)
        if comp.get("type") == 3 and len(comp.get("options") or []) > MAX_SELECT_OPTIONS:
            raise invalid_form(
                f"{p}components.options",
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {MAX_SELECT_OPTIONS} or fewer in length.",
            )
    if creating and not (content or embeds or components or files or data.get("attachments")):
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_choices(choices: list) -> None:
    if len(choices) > MAX_AUTOCOMPLETE_CHOICES:
        raise invalid_form(
            "data.choices",
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {MAX_AUTOCOMPLETE_CHOICES} or fewer in length.",
        )
