"""Configuration from the environment or a `.env` file (see .env.example for every key).

`Settings` reads and types the variables (pydantic-settings); `Config` is what the bot is
given, so a demo or a test builds one directly without reading the machine's environment.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import logging
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlparse

from pydantic import ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.ui.custom_ids import number, numbers

DEFAULT_DB = "data/lutece.db"


class ConfigError(Exception):
    """A setting that cannot be used; the message names it."""


def loopback_only(url: str) -> str:
    """`url` if it points at this machine, else ConfigError: the bot sends its token there."""
    host = urlparse(url).hostname or ""
    ok = host == "localhost" or _loopback(host)
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


def parse_log_level(text: str) -> int:
    level = logging.getLevelName(text.upper())
    if not isinstance(level, int):
        raise ConfigError("LUTECE_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
    return level


def parse_count(name: str, text: str, least: int) -> int:
    """A setting that counts workers or threads: a whole number, at least `least`."""
    count = number(text)
    if count is None or count < least:
        raise ConfigError(f"{name} must be a whole number, {least} or more")
    return count


def parse_public_url(url: str) -> str:
    """`LUTECE_PUBLIC_URL`: the origin players reach the web board at, https (plain http only
    on this machine, for the demo and tests), without a path."""
    parsed = urlparse(url)
    host = parsed.hostname or ""
    local = host == "localhost" or _loopback(host)
    if parsed.scheme != "https" and not (parsed.scheme == "http" and local):
        raise ConfigError("LUTECE_PUBLIC_URL must be an https URL, e.g. https://board.example.org")
    if parsed.path not in ("", "/") or parsed.query or parsed.fragment or not host:
        raise ConfigError(
            "LUTECE_PUBLIC_URL must be an origin only, e.g. https://board.example.org"
        )
    return url.rstrip("/")


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_port(text: str) -> int:
    port = number(text)
    if port is None or not 0 < port < 65536:
        raise ConfigError("LUTECE_WEB_PORT must be a port number, 1 to 65535")
    return port


WEB_SECRET_LEAST = 32


def web_settings(
    public_url: str | None, port: int | None, secret: str | None
) -> tuple[str, int, str] | None:
    """The web board's three settings together, or None when none is set (no web board)."""
    given = (public_url, port, secret)
    if all(v is None for v in given):
        return None
    if public_url is None or port is None or secret is None:
        raise ConfigError(
            "the web board needs LUTECE_PUBLIC_URL, LUTECE_WEB_PORT and LUTECE_WEB_SECRET "
            "together (or none of them)"
        )
    if len(secret) < WEB_SECRET_LEAST:
        raise ConfigError(
            f"LUTECE_WEB_SECRET must be at least {WEB_SECRET_LEAST} characters: "
            "make one with `python -c 'import secrets; print(secrets.token_urlsafe(32))'`"
        )
    return public_url, port, secret


def parse_guild(text: str) -> int:
    guild = number(text)
    if guild is None:
        raise ConfigError("LUTECE_DEV_GUILD must be a numeric guild id")
    return guild


# --- The Discord Activity (bot.web.activity) ------------------------------------------------
# Offered only when DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and the web board's
# LUTECE_PUBLIC_URL are all set; with none of them the bot runs as before.


def parse_client_id(text: str) -> int:
    client = number(text)
    if client is None:
        raise ConfigError("DISCORD_CLIENT_ID must be the application's numeric id")
    return client


def check_client(client_id: int | None, secret: str | None) -> None:
    """The Activity's two OAuth2 settings come as a pair: one alone is a mistake."""
    if (client_id is None) != (secret is None):
        raise ConfigError("DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together: set both")


# --- end of the Activity's settings ----------------------------------------------------------


class Settings(BaseSettings):
    """Each field is the variable of the same name in capitals; an empty value is unset.
    The parsers raise ConfigError, which pydantic lets through unchanged."""

    model_config = SettingsConfigDict(env_ignore_empty=True, extra="ignore", frozen=True)

    discord_token: str | None = None
    lutece_db: str = DEFAULT_DB
    lutece_dev_guild: Annotated[int | None, NoDecode] = None
    lutece_log_level: Annotated[int, NoDecode] = logging.INFO
    lutece_discord_endpoint: str | None = None
    lutece_shard: Annotated[tuple[int, int] | None, NoDecode] = None
    lutece_ai_workers: Annotated[int | None, NoDecode] = None
    lutece_picture_threads: Annotated[int, NoDecode] = 1
    lutece_public_url: str | None = None
    lutece_web_port: Annotated[int | None, NoDecode] = None
    lutece_web_secret: str | None = None
    # The Discord Activity (see the block above).
    discord_client_id: Annotated[int | None, NoDecode] = None
    discord_client_secret: str | None = None

    @field_validator("discord_client_id", mode="before")
    @classmethod
    def _client_id(cls, value: Any) -> Any:
        return parse_client_id(value) if isinstance(value, str) else value

    @field_validator("lutece_dev_guild", mode="before")
    @classmethod
    def _guild(cls, value: Any) -> Any:
        return parse_guild(value) if isinstance(value, str) else value

    @field_validator("lutece_log_level", mode="before")
    @classmethod
    def _level(cls, value: Any) -> Any:
        return parse_log_level(value) if isinstance(value, str) else value

    @field_validator("lutece_discord_endpoint")
    @classmethod
    def _endpoint(cls, value: str | None) -> str | None:
        return loopback_only(value) if value is not None else None

    @field_validator("lutece_ai_workers", mode="before")
    @classmethod
    def _ai_workers(cls, value: Any) -> Any:
        return parse_count("LUTECE_AI_WORKERS", value, 0) if isinstance(value, str) else value

    @field_validator("lutece_picture_threads", mode="before")
    @classmethod
    def _picture_threads(cls, value: Any) -> Any:
        return parse_count("LUTECE_PICTURE_THREADS", value, 1) if isinstance(value, str) else value

    @field_validator("lutece_public_url")
    @classmethod
    def _public_url(cls, value: str | None) -> str | None:
        return parse_public_url(value) if value is not None else None

    @field_validator("lutece_web_port", mode="before")
    @classmethod
    def _web_port(cls, value: Any) -> Any:
        return parse_port(value) if isinstance(value, str) else value

    @field_validator("lutece_shard", mode="before")
    @classmethod
    def _shard(cls, value: Any) -> Any:
        return parse_shard(value) if isinstance(value, str) else value


def _sentence(error: ValidationError) -> ConfigError:
    """Pydantic's own first complaint as one sentence naming the variable (the validators
    above raise ConfigError themselves, with their own sentence)."""
    first = error.errors()[0]
    name = str(first["loc"][0]).upper() if first["loc"] else "a setting"
    return ConfigError(f"{name} is not valid: {first['msg']}")


@dataclasses.dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    db_path: str = DEFAULT_DB
    dev_guild: int | None = None
    log_level: int = logging.INFO
    endpoint: str | None = None  # tests: a local fake Discord
    shard: tuple[int, int] | None = None  # (this process's shard id, shard count)
    ai_workers: int | None = None  # processes strong AI seats search in (None: cores - 1)
    picture_threads: int = 1  # table pictures drawn at once
    # The web board (bot.web): (public origin, port, signing secret); None: no web board.
    web: tuple[str, int, str] | None = None
    # The Discord Activity: the application's OAuth2 client (the board it opens is `web`).
    client_id: int | None = None
    client_secret: str | None = dataclasses.field(default=None, repr=False)

    @property
    def activity(self) -> bool:
        """Whether the table offers the Activity ("Play on the board"): its OAuth2 client
        and the web board it opens are both set up."""
        return None not in (self.client_id, self.client_secret, self.web)

    @property
    def activity_mock(self) -> bool:
        """Whether the Activity's page uses the SDK's mock instead of a Discord client:
        only against a local fake Discord (tests, the offline demo), never a real one."""
        return self.activity and self.endpoint is not None

    @classmethod
    def load(cls, env: dict[str, str] | None = None, env_file: Path = Path(".env")) -> Config:
        """The settings of the environment and `env_file` (the environment wins); values in
        `env` win over both. A bad value is a ConfigError naming the variable."""
        # Any: pydantic parses the text into each field's type (the fields are not all str).
        given: dict[str, Any] = {
            key.lower(): value
            for key, value in (env or {}).items()
            if key.lower() in Settings.model_fields and value != ""
        }
        try:
            settings = Settings(_env_file=env_file, **given)
        except ValidationError as exc:
            raise _sentence(exc) from None
        check_client(settings.discord_client_id, settings.discord_client_secret)
        return cls(
            token=settings.discord_token,
            db_path=settings.lutece_db,
            dev_guild=settings.lutece_dev_guild,
            log_level=settings.lutece_log_level,
            endpoint=settings.lutece_discord_endpoint,
            shard=settings.lutece_shard,
            ai_workers=settings.lutece_ai_workers,
            picture_threads=settings.lutece_picture_threads,
            web=web_settings(
                settings.lutece_public_url, settings.lutece_web_port, settings.lutece_web_secret
            ),
            client_id=settings.discord_client_id,
            client_secret=settings.discord_client_secret,
        )
