"""Issue 17 §3: numbers in ids and settings are ASCII digits only.

`str.isdigit()` is True for "²", "①" and "٣", and `int()` then raises (or, for "٣", reads
a number nobody typed); every parser of ids goes through `custom_ids.number`.
"""

from __future__ import annotations

import pytest

from bot.config import Config, ConfigError, parse_shard
from bot.games.city_of_light.render import parse_marks
from bot.ui.custom_ids import number

NOT_ASCII = ["²", "①", "٣", "1²", "", "-1", " 1"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_only_ascii_digits_are_numbers(text):
    assert number(text) is None


def test_ascii_digits_are_numbers():
    assert number("0") == 0 and number("042") == 42
    assert number("18446744073709551615") == 2**64 - 1  # the largest snowflake


def test_a_dev_guild_is_a_snowflake(tmp_path):
    config = Config.load({"LUTECE_DEV_GUILD": "1575502760969769199"}, env_file=tmp_path / "x")
    assert config.dev_guild == 1575502760969769199


@pytest.mark.parametrize("shard", ["①/2", "0/²", "٠/٢"])
def test_a_shard_with_other_digits_is_a_config_error(shard):
    with pytest.raises(ConfigError):
        parse_shard(shard)


def test_a_dev_guild_with_other_digits_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError):
        Config.load({"LUTECE_DEV_GUILD": "12²"}, env_file=tmp_path / "none.env")


def test_highlighted_cells_with_other_digits_are_ignored():
    assert parse_marks(["²,1", "1,①", "2,3"]).cells == [(2, 3)]
