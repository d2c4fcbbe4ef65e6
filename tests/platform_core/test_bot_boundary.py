"""Issue 18, item 3: the bot asks the host, by user and match, and never reaches past it.

Three checks that no renaming dodges, the fourth is mypy's (run by `make test`):
- What the host hands out is typed without engine or storage: no public method or property
  of the host, its services or what they return (`Outcome`, `MatchInfo`…) is annotated to
  return a `LiveMatch`, a stored row, the store or a game engine (read from the host's own
  annotations, so a new method is checked with no edit here).
- What the bot imports from the host is its public surface, `PUBLIC`, and nothing of
  `storage` (read from the source with `ast`: `from … import X as Y` is still X).
- The bot reads no private attribute of another object (`outcome._live`, `host._loaded`):
  the host's internals are private by name, and private stays private.
- `MatchInfo` has no `state`, no `game` object and no `row`: mypy refuses `match.state`.

Allowed exceptions, each for one reason:
- `bot/cli/` (backup, migrate, export, bench tooling) works on the store and on engines
  directly, by design: it runs without Discord and without the host's bookkeeping.
- `bot/app.py` opens the store the host is built on (`host.store`), and closes it at shutdown;
  no other bot module reads a `.store`.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from types import SimpleNamespace

from games.host import MatchHost
from games.host.info import MatchInfo, MatchListing, SeatInfo
from games.host.lobbies import Invitation, LobbyInfo, OpenTable, Rematch
from games.host.outcome import Applied, Outcome
from games.host.replays import Frame
from games.host.seats import Preview
from games.host.standings import GameStats, HistoryEntry, HistoryPage, Leaderboard, Placed, Standing
from storage.store import Store

ROOT = Path(__file__).resolve().parents[2]
TOOLING = ROOT / "bot" / "cli"
OPENS_THE_STORE = ROOT / "bot" / "app.py"
# The host's public surface: the only names the bot imports from `games.host`.
PUBLIC = {
    "games.host": {"HostError", "MatchHost"},
    "games.host.clocks": {
        "CLOCKS",
        "FINAL",
        "HALF",
        "clock",
        "clock_of",
        "next_reminder",
        "stored_clock",
    },
    "games.host.info": {"MatchInfo", "MatchListing", "MatchSettings", "SeatInfo"},
    "games.host.lobbies": {"LobbyInfo", "OpenTable", "Rematch"},
    "games.host.outcome": {"Applied", "Outcome"},
    "games.host.rows": {"Deadline", "GuildSettings", "Notice", "UserPrefs"},
    "games.host.replays": {"Frame"},
    "games.host.results": {"rating_plan"},
    "games.host.standings": {
        "GameStats",
        "HistoryEntry",
        "HistoryPage",
        "Leaderboard",
        "Placed",
        "Standing",
    },
    "games.host.seats": {"Preview"},
}
# Types that would hand a caller the engine's state, the game object or the store; and a
# member typed `Any` as a whole, which could be any of them unchecked.
PAST_THE_HOST = {"LiveMatch", "MatchRow", "SeatRow", "ActionRow", "Store", "Game"}
UNCHECKED = {"Any", "Any | None"}


def handed_out(cls: type) -> list[str]:
    """`Class.member -> type` for each public method, property and field of `cls` whose
    declared type names one of `PAST_THE_HOST` (annotations as written in the host)."""
    found = []
    annotations: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(getattr(klass, "__annotations__", {}))
    members = {n: str(a) for n, a in annotations.items()}
    for name, member in inspect.getmembers(cls):
        if isinstance(member, property) and member.fget is not None:
            members[name] = str(inspect.signature(member.fget).return_annotation)
        elif inspect.isfunction(member):
            members[name] = str(inspect.signature(member).return_annotation)
    for name, annotation in sorted(members.items()):
        if name.startswith("_") or annotation.startswith("ClassVar"):
            continue
        if set(re.findall(r"\w+", annotation)) & PAST_THE_HOST or annotation in UNCHECKED:
            found.append(f"{cls.__name__}.{name} -> {annotation}")
    return found


def violations(source: str, *, may_open_store: bool = False) -> list[str]:
    """Each place the source reaches past the host, as `line: what`, in line order."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top == "storage" and not may_open_store:
                    found.append((node.lineno, f"imports {alias.name}"))
                elif alias.name.startswith("games.host"):
                    found.append((node.lineno, f"imports {alias.name} whole"))
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] == "storage" and not may_open_store:
                found.append((node.lineno, f"imports {node.module}"))
            elif node.module.startswith("games.host"):
                allowed = PUBLIC.get(node.module, set())
                for alias in node.names:
                    if alias.name not in allowed:
                        found.append((node.lineno, f"imports {node.module}.{alias.name}"))
        elif isinstance(node, ast.Attribute):
            private = node.attr.startswith("_") and not node.attr.startswith("__")
            mine = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if private and not mine:
                found.append((node.lineno, f"reads private {ast.unparse(node)}"))
            elif node.attr == "store" and not may_open_store:
                found.append((node.lineno, f"reads {ast.unparse(node)}"))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr":
            name = node.args[1] if len(node.args) > 1 else None
            if isinstance(name, ast.Constant) and str(name.value).startswith("_"):
                found.append((node.lineno, f"reads private {ast.unparse(node)}"))
    return [f"{line}: {what}" for line, what in sorted(found)]


def test_the_host_hands_out_no_engine_state_no_row_and_no_store() -> None:
    # A host on no database: only to find the services it holds (prefs, notices…).
    host = MatchHost(SimpleNamespace(backend="sqlite"))
    services = {type(v) for v in vars(host).values() if type(v).__module__.startswith("games.host")}
    assert {c.__name__ for c in services} >= {"Prefs", "Notices", "Deadlines"}, services
    found = []
    for cls in [
        MatchHost,
        Outcome,
        Applied,
        MatchInfo,
        SeatInfo,
        MatchListing,
        Preview,
        Frame,
        GameStats,
        HistoryEntry,
        HistoryPage,
        Leaderboard,
        Placed,
        Standing,
        LobbyInfo,
        Invitation,
        OpenTable,
        Rematch,
    ]:
        found += handed_out(cls)
    for cls in sorted(services, key=lambda c: c.__name__):
        found += handed_out(cls)
    # The store the host is built on: `bot/app.py` alone opens and closes it (checked below).
    assert found == ["MatchHost.store -> Store"], "\n".join(found)


def test_the_bot_reaches_nothing_past_the_host() -> None:
    found: list[str] = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path.is_relative_to(TOOLING):
            continue
        source = path.read_text(encoding="utf-8")
        for where in violations(source, may_open_store=path == OPENS_THE_STORE):
            found.append(f"{path.relative_to(ROOT)}:{where}")
    assert not found, "the bot reaches past the host:\n" + "\n".join(found)


def test_the_checks_see_each_way_past_the_host() -> None:
    """The checks are not vacuous: every kind of reach they forbid is found, however the
    variables holding host objects are named."""
    source = "\n".join(
        [
            "from storage.rows import UserPrefs",
            "import storage",
            "from games.host.outcome import LiveMatch as Harmless",
            "from games.host.outcome import described",
            "from games.host.core import MatchHost",
            "from games.host.rows import MatchRow",
            "import games.host.outcome",
            "prefs = await bot.host.store.get_prefs(1)",
            "x = await anything._loaded(match_id)",
            "y = whatever._live.state",
            "z = getattr(thing, '_live')",
        ]
    )
    assert [v.split(": ", 1)[1] for v in violations(source)] == [
        "imports storage.rows",
        "imports storage",
        "imports games.host.outcome.LiveMatch",
        "imports games.host.outcome.described",
        "imports games.host.core.MatchHost",
        "imports games.host.rows.MatchRow",
        "imports games.host.outcome whole",
        "reads bot.host.store",
        "reads private anything._loaded",
        "reads private whatever._live",
        "reads private getattr(thing, '_live')",
    ]
    allowed = "\n".join(
        [
            "from games.host.info import MatchInfo",
            "from games.host import HostError, MatchHost",
            "key = match.game",
            "seats = match.to_act",
            "self._task = None",
        ]
    )
    assert violations(allowed) == []
    assert violations("from storage import Store\ns = self.host.store", may_open_store=True) == []

    class Leaky:
        name: str
        store: Store

        def live(self) -> LiveMatch: ...  # noqa: F821  # read as written, never resolved

        @property
        def row(self) -> MatchRow: ...  # noqa: F821

        def fine(self) -> MatchInfo: ...

        def anything(self) -> Any: ...  # noqa: F821

        def _private(self) -> Store: ...

    assert handed_out(Leaky) == [
        "Leaky.anything -> Any",
        "Leaky.live -> LiveMatch",
        "Leaky.row -> MatchRow",
        "Leaky.store -> Store",
    ]
