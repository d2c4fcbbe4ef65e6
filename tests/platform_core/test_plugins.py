"""Issue 8: a game is one plug-in. Nothing outside the games' packages names a game, no game
imports another, and the platform has no import cycles."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games.registry import game_keys, get_game

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("bot", "games", "storage", "fakediscord")
SUFFIXES = (".py", ".json", ".txt", ".sql", ".toml")


def game_packages() -> dict[str, tuple[str, str]]:
    """key -> (its engine package folder, its presentation package folder)."""
    out = {}
    for key in game_keys():
        package = get_game(key).__module__.split(".")[1]
        out[key] = (f"games/{package}", f"bot/games/{package}")
    return out


def test_no_shared_file_names_a_game():
    packages = game_packages()
    assert {"paris-paris", "city-of-light"} <= set(packages)
    names = {key: {key, folder.split("/")[1]} for key, (folder, _) in packages.items()}
    offenders = []
    for top in SHARED:
        for path in (ROOT / top).rglob("*"):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in SUFFIXES or "__pycache__" in rel:
                continue
            if any(rel.startswith(p + "/") for pair in packages.values() for p in pair):
                continue  # a game's own packages may use any word (Moscow–Paris has a city "paris")
            text = path.read_text(encoding="utf-8")
            for words in names.values():
                for word in words:
                    if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
                        offenders.append(f"{rel} names {word!r}")
    assert not offenders, offenders


def test_no_game_imports_another_game():
    packages = game_packages()
    dotted = {key: tuple(p.replace("/", ".") for p in pair) for key, pair in packages.items()}
    offenders = []
    for key, pair in packages.items():
        others = [p for other, ps in dotted.items() if other != key for p in ps]
        for folder in pair:
            for path in (ROOT / folder).rglob("*.py"):
                parts = path.relative_to(ROOT).with_suffix("").parts
                module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
                for imported in _imports(path, module):
                    if any(imported == o or imported.startswith(o + ".") for o in others):
                        offenders.append(f"{module} imports {imported}")
    assert not offenders, offenders


def _imports(path: Path, module: str) -> set[str]:
    """Every module `path` imports, at any depth, except under `if TYPE_CHECKING:`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(n) for child in node.body for n in ast.walk(child)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            if node.level:
                base = ".".join(module.split(".")[: -node.level] + [node.module])
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return found


def test_there_is_no_import_cycle():
    modules = {}
    for top in SHARED:
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    graph = {name: {m for m in _imports(path, name) if m in modules and m != name}
             for name, path in modules.items()}  # fmt: skip
    # A package's __init__ importing its own submodule is how packages export names.
    for name in graph:
        graph[name] = {m for m in graph[name] if not m.startswith(name + ".")}
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not cycles, cycles
