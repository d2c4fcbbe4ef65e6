"""Issue 8: a game is one plug-in. Nothing outside the games' packages names a game (the import
graph, no game importing another included, is checked in test_import_graph)."""

from __future__ import annotations

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
