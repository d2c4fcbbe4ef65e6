"""Every game's rules-coverage document (`docs/rules_coverage/<game>.md`) stays honest: what
it cites exists, every numbered rule row quotes its sentence and cites the code and a test
(or says why it has none), and the counts it states match its table.

Reads only the repository's own documents (never the shared rulebooks). A game that ships
with the bot must have one; the test-only game has no rulebook, and its case says so.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from typing import Any

import pytest

from tests.contract import documents
from tests.contract.games import ROOT, game_cases, module_name

# A row that implements no rule: a sentence with no rule in it, or a documented gap.
NO_CODE = ("no rule", "not enforced")
# A row quotes its sentence «…», or marks a reconstruction ([R]) or what a sentence implies.
UNQUOTED = ("[R]", "implied")
# A rule test quotes its sentence («…», or a `# RU: "…"` comment) or names the spec decision.
SOURCE = re.compile(r'«|# (?:RU|DE|FR)\b[^:\n]*: "|INTERPRETATION|RECONSTRUCTED|spec')
AUDIT_MODULES = ("test_rules_coverage", "test_rules_audit")  # the tests an audit added


def document(key: str) -> str:
    return documents.document("rules_coverage", key)


@cache
def references(key: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(engine references (module, name), test references (module, name)) of the document."""
    text = document(key)
    name = module_name(key)
    engine = re.findall(rf"`games/{name}/([\w/]+)\.py:([\w.]+)`", text)
    tests = re.findall(rf"`tests/{name}/([\w/]+)\.py::(\w+)`", text)
    return set(engine), set(tests)


def rows(key: str) -> list[list[str]]:
    """The cells of every numbered table row, in order."""
    found = []
    for line in document(key).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0].isdigit():
            found.append(cells)
    return found


@pytest.mark.parametrize("key", game_cases())
@pytest.mark.parametrize(("kind", "at_least"), [("games", 20), ("tests", 40)])
def test_every_reference_exists(key: str, kind: str, at_least: int) -> None:
    """`games/<g>/<file>.py:<name>` names an attribute (dotted for a method) of that module;
    `tests/<g>/<file>.py::<test>` a test function."""
    engine, tests = references(key)
    cited = engine if kind == "games" else tests
    assert len(cited) > at_least
    for module, name in sorted(cited):
        path = f"{kind}.{module_name(key)}.{module.replace('/', '.')}"
        found: Any = importlib.import_module(path)
        for part in name.split("."):
            assert hasattr(found, part), f"{kind}/{module_name(key)}/{module}.py has no {name}"
            found = getattr(found, part)
        assert kind == "games" or (name.startswith("test_") and callable(found)), name


@pytest.mark.parametrize("key", game_cases())
def test_rule_rows_quote_the_sentence_and_cite_code_and_a_test(key: str) -> None:
    table = rows(key)
    assert [int(cells[0]) for cells in table] == list(range(1, len(table) + 1)), "rows 1..N"
    name = module_name(key)
    for cells in table:
        row = " | ".join(cells)
        quoted = "«" in cells[1] and "»" in cells[1]
        assert quoted or any(m in cells[1] for m in UNQUOTED), f"row {cells[0]}: no sentence"
        assert all(cells[:3]), f"row {cells[0]}: an empty cell"
        if any(mark in row for mark in NO_CODE):
            continue
        assert f"`games/{name}/" in row, f"row {cells[0]}: no engine reference"
        assert f"`tests/{name}/" in row, f"row {cells[0]}: no test reference"


@pytest.mark.parametrize("key", game_cases())
def test_stated_counts_match_the_table(key: str) -> None:
    """The summary's bold numbers: the rows (`**N** sentences` or `**N rules**`), the rows
    with no rule, and each status of a table that has a status column."""
    text = document(key)
    table = rows(key)
    total = re.search(r"\*\*(\d+)\*\* sentences|\*\*(\d+) rules\*\*", text)
    assert total, "the document states how many rows it has"
    assert int(total.group(1) or total.group(2)) == len(table)
    if all(len(cells) == 6 for cells in table):  # # | sentence | gloss | engine | test | status
        status = [cells[5] for cells in table]
        no_rule = sum(s.startswith("no rule") for s in status)
        stated = {
            word: int(n)
            for n, word in re.findall(r"\*\*(\d+)\*\* (rule sentences|with no rule|\w+)", text)
        }
        assert stated.get("rule sentences") == len(table) - no_rule
        assert stated.get("with no rule") == no_rule
        for word in set(status) - {"no rule"}:
            if word in stated or re.search(rf"\*\*\d+\*\* [\w ]* {word}\b", text):
                count = stated.get(word)
                assert count is None or count == status.count(word), word


@pytest.mark.parametrize("key", game_cases())
def test_every_audit_test_is_cited_and_names_its_source(key: str) -> None:
    """Every test an audit added is cited by the document and quotes its rule (or names the
    spec's decision)."""
    _, cited = references(key)
    folder = ROOT / "tests" / module_name(key)
    for module in AUDIT_MODULES:
        path = folder / f"{module}.py"
        if not path.is_file():
            continue
        source = path.read_text(encoding="utf-8")
        defined = re.findall(r"^def (test_\w+)\(", source, re.M)
        assert defined and not [n for n in defined if (module, n) not in cited], module
        for name, body in re.findall(
            r"^def (test_\w+)\(.*?\n(.*?)(?=^def |^@|\Z)", source, re.M | re.S
        ):
            assert SOURCE.search(body), f"{module}.{name} quotes no rule"
