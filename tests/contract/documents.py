"""A game's documents under `docs/` (rules coverage, notation), found by the game's package
name; a test-only game has none, and a check of one says so by skipping visibly."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games.core.record import MatchRecord
from tests.contract.games import ROOT, built_in, module_name


def document(kind: str, key: str) -> str:
    """The text of `docs/<kind>/<game>.md`; skips for a test-only game, which has none."""
    path = ROOT / "docs" / kind / f"{module_name(key)}.md"
    if not built_in(key):
        assert not path.exists(), f"a test-only game has no {kind} document"
        pytest.skip(f"{key} is a test-only game: no rulebook, so no docs/{kind}/ document")
    assert path.is_file(), f"{key} has no docs/{kind}/{path.name}"
    return path.read_text(encoding="utf-8")


def json_examples(text: str) -> list[Any]:
    """Every JSON object a document shows, in ```json blocks or inline `{…}` code."""
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    inline = re.findall(r"`(\{\"[^`]*\})`", text)
    found = []
    for raw in blocks + inline:
        try:
            found.append(json.loads(raw))
        except json.JSONDecodeError:
            continue  # an elided example ("…")
    return found


def example_records(key: str) -> list[MatchRecord]:
    """The match records the game's notation document shows."""
    return [
        MatchRecord.model_validate(r)
        for r in json_examples(document("notation", key))
        if isinstance(r, dict) and r.get("format") == "lutece-match/1"
    ]
