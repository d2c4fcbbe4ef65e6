"""The scripted runner: parse a script, play it against the demo bot, read the transcript."""

from __future__ import annotations

import pytest

from fakediscord.script import main, parse_script, run_script
from tests.fakediscord.demo_bot import make_bot

BOT = "tests.fakediscord.demo_bot:make_bot"

SCRIPT = """
# a table, a join, someone else's ephemeral, a select, DMs closed
alice /paris-paris new players:3 mode:express
bob click "Join"
expect "bob joined"
carol /hand
bob click "Play card"
alice /pick
alice select "Token" tok-2
alice autocomplete /paris-paris play token:odeon
close-dms bob
bob /dm
alice /dm
alice /file
alice /paris-paris settings rename
alice modal demo:name=Salon
wait
"""


async def test_script_transcript():
    lines: list[str] = []
    transcript = await run_script(SCRIPT, make_bot, out=lines.append, strict=True)
    text = transcript.text
    assert lines == transcript.lines
    assert "┃ Table" in text and "[Join]" in text
    assert "[#general (only bob)] Lutece: bob joined table" in text
    assert "(refused by the client: no message visible to them" in text
    assert "(edited) Lutece: picked tok-2" in text
    assert "[suggestions for alice] odeon-blue, odeon-red" in text
    assert "[#general (only bob)] Lutece: your DMs are closed" in text
    assert "[DM alice] Lutece: psst, your secret" in text
    assert "[attachment board.png, 15 bytes]" in text
    assert "table named Salon" in text
    assert "#table-" in text  # the thread's message


async def test_script_expect_failure_is_reported():
    transcript = await run_script('alice /hand\nexpect "nothing like this"', make_bot, out=None)
    assert transcript.errors and "nothing like this" in transcript.errors[0]


def test_parse_errors():
    with pytest.raises(ValueError, match="line 2"):
        parse_script("# ok\nalice dances")
    steps = parse_script('bob select "Token" a b\nin #games')
    assert (steps[0].actor, steps[0].verb, steps[0].args) == ("bob", "select", ["Token", "a", "b"])
    assert steps[1].verb == "in"


def test_the_command_line_exits_1_and_names_a_refused_step(tmp_path, capsys):
    script = tmp_path / "typo.txt"
    script.write_text('alice /paris-paris new players:3\nbob click "Jion"\n')
    assert main([str(script), "--bot", BOT]) == 1
    err = capsys.readouterr().err
    assert err == 'error: line 2: bob click "Jion": no message visible to them has that component\n'


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["missing.txt", "--bot", BOT],
            "error: cannot read the script missing.txt: No such file or directory\n",
        ),
        (["bad.txt", "--bot", BOT], "error: line 1: cannot read 'alice dances'\n"),
        (
            ["ok.txt", "--bot", "tests.nowhere"],
            "error: --bot tests.nowhere: no such "
            "module:factory (No module named "
            "'tests.nowhere')\n",
        ),
    ],
)
def test_the_command_line_names_what_it_cannot_use(tmp_path, monkeypatch, capsys, args, expected):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.txt").write_text("alice dances\n")
    (tmp_path / "ok.txt").write_text("alice /hand\n")
    assert main(args) == 2
    assert capsys.readouterr().err == expected
