"""Issue 18, item 3: the bot asks the host, by user and match, and never reaches past it.

Read from the source with `ast`: no module under `bot/` imports `storage` or reads a `.store`
(preferences, server settings, notices, deadlines, listings and the bot's own facts are host
services that own their writes), and none reads the engine's `.state` or `.game`, or asks a
live match `.to_act()` itself, on a host object (the host answers `host.to_act(live)`).

A host object is recognised by the name that holds it, the names the bot uses for them
throughout: `host`, `live`, `match`, `outcome`, `now`. (A stored row's `.game` is the game's
key, a string: `live.row.game` is allowed.)

Allowed exceptions, each for one reason:
- `bot/cli/` (backup, migrate, export, bench tooling) works on the store and on engines
  directly, by design: it runs without Discord and without the host's bookkeeping.
- `bot/app.py` opens the store the host is built on, and closes it at shutdown.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOLING = ROOT / "bot" / "cli"
OPENS_THE_STORE = ROOT / "bot" / "app.py"
HOST_OBJECTS = {"host", "live", "match", "outcome", "now"}
ENGINE_ATTRIBUTES = {"state", "game"}


def holder(node: ast.expr) -> str | None:
    """The last name of the expression an attribute is read on: `bot.host` -> `host`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def violations(source: str, *, may_open_store: bool = False) -> list[str]:
    """Each place the source reaches past the host, as `line: what`, in line order."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and not may_open_store:
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            if any(n and (n == "storage" or n.startswith("storage.")) for n in names):
                found.append((node.lineno, "imports storage"))
        if not isinstance(node, ast.Attribute):
            continue
        if node.attr == "store" and not may_open_store:
            found.append((node.lineno, f"reads {ast.unparse(node)}"))
        elif holder(node.value) in HOST_OBJECTS and node.attr in ENGINE_ATTRIBUTES:
            found.append((node.lineno, f"reads {ast.unparse(node)}"))
        elif (
            node.attr == "to_act"
            and id(node) in called
            and holder(node.value) in HOST_OBJECTS - {"host"}
        ):
            found.append((node.lineno, f"asks {ast.unparse(node)}() past the host"))
    return [f"{line}: {what}" for line, what in sorted(found)]


def test_the_bot_reaches_nothing_past_the_host() -> None:
    found: list[str] = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path.is_relative_to(TOOLING):
            continue
        source = path.read_text(encoding="utf-8")
        for where in violations(source, may_open_store=path == OPENS_THE_STORE):
            found.append(f"{path.relative_to(ROOT)}:{where}")
    assert not found, "the bot reaches past the host:\n" + "\n".join(found)


def test_the_check_sees_each_way_past_the_host() -> None:
    """The check is not vacuous: every kind of reach it forbids is found."""
    source = "\n".join(
        [
            "from storage.rows import UserPrefs",
            "import storage",
            "prefs = await bot.host.store.get_prefs(1)",
            "state = live.state",
            "engine = outcome.match.game",
            "seats = live.to_act()",
        ]
    )
    assert [v.split(": ")[1] for v in violations(source)] == [
        "imports storage",
        "imports storage",
        "reads bot.host.store",
        "reads live.state",
        "reads outcome.match.game",
        "asks live.to_act() past the host",
    ]
    allowed = "key = live.row.game\nseats = bot.host.to_act(live)\nturn = match.to_act"
    assert violations(allowed) == []
    assert violations("from storage import Store\ns = self.host.store", may_open_store=True) == []
