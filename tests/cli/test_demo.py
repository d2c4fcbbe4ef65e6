"""Issue 17 §3: a demo is a showcase, so a script whose steps are refused, or whose
play-out cannot finish the match, exits 1 and names the line; a line the script language
cannot read is one sentence (exit 2) with its number in the whole script."""

from __future__ import annotations

import functools

import pytest

import fakediscord.rest
from bot import demo
from fakediscord.errors import invalid_form
from tests.cli.running import run_cli


@pytest.fixture(autouse=True)
def in_tmp(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # the demo saves its pictures in ./lutece-demo


def test_a_refused_step_makes_the_demo_exit_1(capsys, tmp_path):
    script = tmp_path / "typo.txt"
    script.write_text('alice /lutece dms enabled:on\nalice click "Strat"\n')
    code, out, _ = run_cli(capsys, "demo", str(script))
    assert code == 1
    assert "(refused by the client: " in out
    assert 'error: line 2: alice click "Strat": no message visible to them' in out


def test_a_body_discords_schema_refuses_makes_the_demo_exit_1(capsys, tmp_path, monkeypatch):
    """Issue 20 §4: the demo re-checks what the bot sends against Discord's OpenAPI
    description; a refusal is named at the end, even one the bot took in its stride."""

    def refuse_answers(method: str, path: str, body: object) -> None:
        if path.endswith("/callback"):
            raise invalid_form("data.content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer.")

    monkeypatch.setattr(fakediscord.rest, "check_body", refuse_answers)
    script = tmp_path / "dms.txt"
    script.write_text("alice /lutece dms enabled:on\n")
    code, out, _ = run_cli(capsys, "demo", str(script))
    assert code == 1
    route = "POST /interactions/{interaction_id}/{token}/callback"
    assert f"error: Discord's schema refused: {route}: {{'data': {{'content'" in out


def test_a_play_out_that_cannot_finish_the_match_makes_the_demo_exit_1(capsys, monkeypatch):
    monkeypatch.setattr(demo, "play_out", functools.partial(demo.play_out, max_turns=1))
    code, out, _ = run_cli(capsys, "demo", "--game", "city-of-light")
    line = demo.load_script(None, "city-of-light").splitlines().index("play-out") + 1
    assert code == 1
    assert f"error: line {line}: play-out stopped: the match did not end within 1 turns" in out


def test_an_unreadable_line_is_one_sentence_with_its_number_in_the_script(capsys, tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("alice /lutece dms enabled:on\nplay-out\n# fine\nalice dances\n")
    code, out, err = run_cli(capsys, "demo", str(script))
    assert code == 2 and out == ""
    assert err == f"error: {script}: line 4: cannot read 'alice dances'\n"


def test_steps_after_a_play_out_keep_their_line_numbers():
    segments = demo._split('alice /lutece matches\nplay-out\n\nbob click "Join"\nplay-out')
    assert [
        s.line_no if isinstance(s, demo.PlayOut) else [t.line_no for t in s] for s in segments
    ] == [[1], 2, [4], 5, []]
