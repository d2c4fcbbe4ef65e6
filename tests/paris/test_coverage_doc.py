"""docs/rules_coverage/paris.md stays honest: what it cites exists, and adds up.

Reads only the repository's own document (never the shared rulebook): every engine reference
`games/paris/<file>.py:<name>` must resolve to an attribute of that module (dotted for
methods), every test reference `tests/paris/<file>.py::<test>` to a test function of
that module, every rule row must cite both, and the summary counts must match the table.
"""

import importlib
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules_coverage" / "paris.md"
ENGINE_REF = re.compile(r"`games/paris/(\w+)\.py:([\w.]+)`")
TEST_REF = re.compile(r"`tests/paris/(\w+)\.py::(\w+)`")
STATUSES = ("existing", "added", "strengthened")


def _text():
    return DOC.read_text(encoding="utf-8")


def _sentence_rows():
    """Rows of the sentence tables: (number, cells)."""
    rows = []
    for line in _text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0].isdigit():
            rows.append((int(cells[0]), cells))
    return rows


def _resolve_engine(module, name):
    obj = importlib.import_module(f"games.paris.{module}")
    for part in name.split("."):
        assert hasattr(obj, part), f"games/paris/{module}.py has no {name}"
        obj = getattr(obj, part)
    return obj


def _resolve_test(module, name):
    mod = importlib.import_module(f"tests.paris.{module}")
    func = getattr(mod, name, None)
    assert name.startswith("test_") and callable(func), f"no test {module}.py::{name}"
    return func


def test_every_engine_reference_exists():
    refs = set(ENGINE_REF.findall(_text()))
    assert len(refs) > 20
    for module, name in sorted(refs):
        _resolve_engine(module, name)


def test_every_test_reference_exists():
    refs = set(TEST_REF.findall(_text()))
    assert len(refs) > 40
    for module, name in sorted(refs):
        _resolve_test(module, name)


def test_rule_rows_cite_engine_and_test_and_quote_the_sentence():
    rows = _sentence_rows()
    assert [n for n, _ in rows] == list(range(1, len(rows) + 1)), "rows numbered 1..N in order"
    for n, cells in rows:
        assert len(cells) == 6, f"row {n}: 6 columns expected"
        number, sentence, gloss, engine, tests, status = cells
        assert sentence.startswith("«") and sentence.endswith("»") and len(sentence) > 4, n
        assert gloss, f"row {n}: no gloss"
        if status.startswith("no rule"):
            assert engine == tests == "—", f"row {n}: a no-rule row cites code"
            continue
        assert status in STATUSES, f"row {n}: unknown status {status!r}"
        assert ENGINE_REF.search(engine), f"row {n}: no engine reference"
        assert TEST_REF.search(tests), f"row {n}: no test reference"


def test_summary_counts_match_the_table():
    rows = _sentence_rows()
    status = [cells[5] for _, cells in rows]
    counts = {
        "sentences": len(rows),
        "rule": sum(not s.startswith("no rule") for s in status),
        "no rule": sum(s.startswith("no rule") for s in status),
        **{s: status.count(s) for s in STATUSES},
    }
    summary = re.search(
        r"\*\*(\d+)\*\* sentences, of which \*\*(\d+)\*\* rule sentences and \*\*(\d+)\*\* with "
        r"no rule\.\s+Of the \d+: \*\*(\d+)\*\* existing, \*\*(\d+)\*\* added, \*\*(\d+)\*\* "
        r"strengthened",
        _text(),
    )
    assert summary, "summary line missing"
    stated = [int(g) for g in summary.groups()]
    assert stated == [
        counts[k] for k in ("sentences", "rule", "no rule", "existing", "added", "strengthened")
    ]


def test_added_tests_are_cited_and_quote_a_sentence():
    """Every test of test_rules_coverage.py is cited by the page, and quotes its rule or names
    the spec decision it checks."""
    cited = {name for module, name in TEST_REF.findall(_text()) if module == "test_rules_coverage"}
    path = Path(__file__).with_name("test_rules_coverage.py")
    source = path.read_text(encoding="utf-8")
    defined = re.findall(r"^def (test_\w+)\(", source, re.M)
    assert set(defined) == cited
    for name, body in re.findall(r"^def (test_\w+)\(.*?\n(.*?)(?=^def |\Z)", source, re.M | re.S):
        assert "«" in body or "INTERPRETATION" in body or "RECONSTRUCTED" in body, name


@pytest.mark.parametrize("status", ["added", "strengthened"])
def test_new_coverage_cites_the_audit_tests(status):
    for n, cells in _sentence_rows():
        if cells[5] == status:
            assert "test_rules_coverage.py::" in cells[4], f"row {n}"
