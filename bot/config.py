"""Configuration from the environment or a `.env` file (see .env.example for every key)."""

from __future__ import annotations

import dataclasses
import ipaddress
import logging
import os
from pathlib import Path
from urllib.parse import urlparse

from bot.ui.custom_ids import number, numbers


class ConfigError(Exception):
    """A setting that cannot be used; the message names it."""


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments ignored; quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip("'\"")
    return values


def loopback_only(url: str) -> str:
    """`url` if it points at this machine, else ConfigError: the bot sends its token there."""
    host = urlparse(url).hostname or ""
    try:
        ok = ipaddress.ip_address(host).is_loopback
    except ValueError:
        ok = host == "localhost"
    if not ok or urlparse(url).scheme not in ("http", "ws"):
        raise ConfigError(f"LUTECE_DISCORD_ENDPOINT must be a loopback http URL, not {url!r}")
    return url.rstrip("/")


def parse_shard(text: str | None) -> tuple[int, int] | None:
    """`LUTECE_SHARD=i/n`: this process runs shard i of n (Discord routes each server to
    shard (server id >> 22) % n); unset: one process, no sharding."""
    if text is None:
        return None
    parsed = numbers(text, 2, "/")
    if parsed is None or parsed[0] >= parsed[1]:
        raise ConfigError("LUTECE_SHARD must be 'i/n' with 0 <= i < n, e.g. 0/2")
    return parsed[0], parsed[1]


@dataclasses.dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    db_path: str = "data/lutece.db"
    dev_guild: int | None = None
    log_level: int = logging.INFO
    endpoint: str | None = None  # tests: a local fake Discord
    shard: tuple[int, int] | None = None  # (this process's shard id, shard count)

    @classmethod
    def load(cls, env: dict[str, str] | None = None, env_file: Path = Path(".env")) -> Config:
        values = read_env_file(env_file)
        values.update(os.environ if env is None else env)
        guild = values.get("LUTECE_DEV_GUILD") or None
        level_name = (values.get("LUTECE_LOG_LEVEL") or "INFO").upper()
        level = logging.getLevelName(level_name)
        if not isinstance(level, int):
            raise ConfigError("LUTECE_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
        if guild is not None and number(guild) is None:
            raise ConfigError("LUTECE_DEV_GUILD must be a numeric guild id")
        endpoint = values.get("LUTECE_DISCORD_ENDPOINT") or None
        return cls(
            shard=parse_shard(values.get("LUTECE_SHARD") or None),
            token=values.get("DISCORD_TOKEN") or None,
            db_path=values.get("LUTECE_DB") or "data/lutece.db",
            dev_guild=int(guild) if guild else None,
            log_level=level,
            endpoint=loopback_only(endpoint) if endpoint else None,
        )
