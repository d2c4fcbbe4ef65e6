"""Every user-facing text comes from the catalogue; adding a language translates commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import discord
from discord import app_commands

from bot import i18n
from bot.i18n.translator import CatalogueTranslator, cmd

ROOT = Path(__file__).resolve().parents[2]
KEY_CALL = re.compile(r"""\b(?:t|cmd)\(\s*f?["']([a-z_.\-]+)["']""")


def test_every_literal_key_used_in_the_bot_exists_in_english():
    catalogue = i18n._load("en")  # the shared catalogue with every game's merged in
    used = set()
    for path in (ROOT / "bot").rglob("*.py"):
        used |= {
            k for k in KEY_CALL.findall(path.read_text(encoding="utf-8")) if not k.endswith(".")
        }
    missing = sorted(k for k in used if k not in catalogue)
    assert not missing, missing


async def test_translator_returns_another_languages_text_and_leaves_english(monkeypatch):
    french = {"cmd.game.new": "Ouvrir une table pour ce jeu"}
    files = {"fr": french, "en": json.loads((ROOT / "bot/i18n/en.json").read_text("utf-8"))}
    monkeypatch.setattr("bot.i18n.translator._load", lambda lang: files.get(lang, {}))
    translator = CatalogueTranslator()
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, None
    )
    text = cmd("cmd.game.new")
    assert text.message == "Open a table for this game"
    french_text = await translator.translate(text, discord.Locale.french, context)
    assert french_text == french["cmd.game.new"]
    assert await translator.translate(text, discord.Locale.american_english, context) is None
    assert await translator.translate(text, discord.Locale.german, context) is None


def test_missing_parameters_stay_visible_instead_of_crashing():
    assert "{mentions}" in i18n.t("table.your_turn")


def test_every_platform_refusal_key_has_a_friendly_sentence():
    # Every refusal the platform (games/core, the host) can raise has an English sentence;
    # each game's own: tests/contract/test_catalogues.py.
    catalogue = i18n._load("en")
    refusal = re.compile(
        r'(?:IllegalAction|HostError)\(\s*"([a-z_]+\.[a-z_]+)"'
        r'|_key: ClassVar\[str\] = "([a-z_]+\.[a-z_]+)"'
    )  # a default key
    keys = set()
    for package in ("core", "host"):
        for path in (ROOT / "games" / package).rglob("*.py"):
            keys |= {a or b for a, b in refusal.findall(path.read_text(encoding="utf-8"))}
    assert len(keys) > 15
    missing = sorted(k for k in keys if f"error.{k}" not in catalogue)
    assert not missing, missing
