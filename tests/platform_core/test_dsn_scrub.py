"""A PostgreSQL URL's password never reaches a message, and blanking it garbles nothing else."""

from __future__ import annotations

from storage.postgres import _scrub


def test_a_long_password_is_blanked_wherever_the_driver_put_it() -> None:
    dsn = "postgresql://bot:s3cr3t-pw@db.example:5432/lutece"
    message = "could not connect to postgresql://bot:s3cr3t-pw@db.example (password s3cr3t-pw)"
    scrubbed = _scrub(message, dsn)
    assert "s3cr3t-pw" not in scrubbed
    assert scrubbed.startswith("could not connect to postgresql://bot:***@db.example")


def test_a_one_letter_password_leaves_the_other_words_whole() -> None:
    dsn = "postgresql://bot:p@db.example:5432/lutece"
    scrubbed = _scrub("postgresql://bot:p@db.example: check the host and port", dsn)
    assert scrubbed == "postgresql://bot:***@db.example: check the host and port"


def test_a_password_given_as_a_query_parameter_is_blanked_too() -> None:
    dsn = "postgresql://bot@db.example/lutece?password=hunter22"
    assert "hunter22" not in _scrub("auth failed: password=hunter22", dsn)
