"""docs/rules_coverage/moscow_paris.md stays honest: what it cites exists, and adds up.

Reads only the repository's own document (never the shared rulebook): every engine reference
`games/moscow_paris/<file>.py:<name>` must resolve to an attribute of that module (dotted for
methods), every test reference `tests/moscow_paris/<file>.py::<test>` to a test function of
that module, every rule row must cite both, every test of the rule modules must be cited and
quote its sentence (or name its spec decision), and the summary counts must match the table.
"""

import importlib
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules_coverage" / "moscow_paris.md"
ENGINE_REF = re.compile(r"`games/moscow_paris/(\w+)\.py:([\w.]+)`")
TEST_REF = re.compile(r"`tests/moscow_paris/(\w+)\.py::(\w+)`")
STATUSES = ("tested",)
RULE_MODULES = (
    "test_setup",
    "test_turn",
    "test_action_cards",
    "test_chain",
    "test_claims",
    "test_stalemate",
    "test_scoring",
)


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
    obj = importlib.import_module(f"games.moscow_paris.{module}")
    for part in name.split("."):
        assert hasattr(obj, part), f"games/moscow_paris/{module}.py has no {name}"
        obj = getattr(obj, part)
    return obj


def _resolve_test(module, name):
    mod = importlib.import_module(f"tests.moscow_paris.{module}")
    func = getattr(mod, name, None)
    assert name.startswith("test_") and callable(func), f"no test {module}.py::{name}"
    return func


def test_every_engine_reference_exists():
    refs = set(ENGINE_REF.findall(_text()))
    assert len(refs) > 40
    for module, name in sorted(refs):
        _resolve_engine(module, name)


def test_every_test_reference_exists():
    refs = set(TEST_REF.findall(_text()))
    assert len(refs) > 70
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
    rule = sum(not s.startswith("no rule") for s in status)
    summary = re.search(
        r"\*\*(\d+)\*\* sentences, of which \*\*(\d+)\*\* rule sentences and \*\*(\d+)\*\* with "
        r"no rule\.\s+All \*\*(\d+)\*\* rule sentences are tested",
        _text(),
    )
    assert summary, "summary line missing"
    stated = [int(g) for g in summary.groups()]
    assert stated == [len(rows), rule, len(rows) - rule, status.count("tested")]


def test_rule_tests_are_cited_and_quote_a_sentence():
    """Every test of the rule modules is cited by the page, and quotes its rule or names the
    spec decision it checks."""
    cited = set(TEST_REF.findall(_text()))
    for module in RULE_MODULES:
        path = Path(__file__).with_name(f"{module}.py")
        source = path.read_text(encoding="utf-8")
        defined = re.findall(r"^def (test_\w+)\(", source, re.M)
        missing = [name for name in defined if (module, name) not in cited]
        assert not missing, f"{module}: not cited {missing}"
        for name, body in re.findall(
            r"^def (test_\w+)\(.*?\n(.*?)(?=^def |^@|\Z)", source, re.M | re.S
        ):
            assert (
                "«" in body or "INTERPRETATION" in body or "RECONSTRUCTED" in body or "spec" in body
            ), f"{module}.{name}"


def test_every_option_is_documented():
    from games.moscow_paris.options import MoscowParisOptions

    text = _text()
    for field in MoscowParisOptions.model_fields:
        assert f"`{field}`" in text, field
