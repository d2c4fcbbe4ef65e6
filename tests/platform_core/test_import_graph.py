"""Issue 18, item 4: the import graph of the platform, read from the source with `ast`.

Every import counts: at module level, inside functions and under `if TYPE_CHECKING:` (a
type-only import is still a dependency, and a cycle through one is a knot a type checker and a
reader must untie). The graph has no cycle, and the layering of the architecture guide holds:
`games/` and `storage/` know nothing of `bot/` or Discord, only `bot/` and `fakediscord/` import
`discord`, and no game's package imports another game's.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from games.registry import game_keys, get_game

ROOT = Path(__file__).resolve().parents[2]
TOPS = ("bot", "games", "storage", "fakediscord")


@cache
def modules() -> dict[str, Path]:
    """Dotted name -> file of every module under the platform's top-level packages."""
    found = {}
    for top in TOPS:
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(module: str) -> set[str]:
    """Every module `module` imports, wherever the import stands, as absolute dotted names:
    `from x import y` is `x.y` when that is a module, else `x` (y is a name defined there).
    A package's parent is not counted: every submodule's import runs it."""
    known = modules()
    path = known[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found |= {
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            }
    return found


def graph() -> dict[str, set[str]]:
    """module -> the platform modules it imports (a package's own submodules included)."""
    known = modules()
    return {name: {m for m in imports(name) if m in known and m != name} for name in known}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per back edge of a depth-first walk: empty exactly when there is none."""
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                found.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    return found


def within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def offenders(tops: tuple[str, ...], forbidden: tuple[str, ...]) -> list[str]:
    """`module imports name` for each import, in modules under `tops`, of a `forbidden`
    package or one of its submodules."""
    return [
        f"{name} imports {imported}"
        for name in sorted(modules())
        if within(name, tops)
        for imported in sorted(imports(name))
        if within(imported, forbidden)
    ]


def test_the_platform_has_no_import_cycle_counting_type_only_imports():
    found = cycles(graph())
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_engines_and_storage_know_nothing_of_the_bot_or_discord():
    """Guide: "games/<g>/ pure rule engines (no discord, no I/O, no asyncio)"; the store is
    below the host."""
    bad = offenders(("games", "storage"), ("bot", "discord", "fakediscord"))
    assert not bad, bad


def test_only_the_bot_and_the_fake_import_discord():
    """Guide: "bot/ (the only package that imports discord)"; the fake serves discord.py."""
    others = tuple(top for top in TOPS if top not in ("bot", "fakediscord"))
    bad = offenders(others, ("discord",))
    assert not bad, bad


def test_no_game_package_imports_another_game():
    """Guide: "Adding a game means adding two packages and nothing else": each game's engine
    and presentation packages import neither package of any other game."""
    packages = {}
    for key in game_keys():
        engine = get_game(key).__module__.split(".")[1]
        packages[key] = (f"games.{engine}", f"bot.games.{engine}")
    bad = []
    for key, own in packages.items():
        others = tuple(p for other, pair in packages.items() if other != key for p in pair)
        bad += offenders(own, others)
    assert not bad, bad
