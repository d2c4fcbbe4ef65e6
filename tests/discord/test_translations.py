"""Issue 11 (languages): the Russian, German and French catalogues match the English ones.

Each catalogue in another language has every key of English and no other, the same
placeholders, the plural forms that language needs (CLDR, through Babel), the same Markdown
and emoji, and slash-command names Discord accepts. A game whose presentation has no file in
a language yet is listed by an expected failure instead of failing the suite.
"""

from __future__ import annotations

import json
import re
import string
import unicodedata
from collections.abc import Iterator
from importlib.resources.abc import Traversable
from typing import Any

import pytest
from babel import Locale

from bot import i18n
from bot.games import adapters, package_files, packages
from bot.i18n import t

LANGUAGES = ("ru", "de", "fr")
# Discord's rule for chat-input command and option names, as the brief for translators puts
# it: letters (any script), digits, "-" and "_", 1 to 32 characters, lower case.
NAME = re.compile(r"^[-_\w]{1,32}$")
NUMBERS = range(201)  # enough to meet every integer plural form of these languages


# --- the catalogue files


def _folders() -> list[tuple[str, Traversable]]:
    """(label, folder) of the shared catalogue and of every presentation package's."""
    shared = [("shared", package_files("bot.i18n"))]
    games = [(name, package_files(name).joinpath("i18n")) for name in packages()]
    return shared + [
        (label, folder) for label, folder in games if folder.joinpath("en.json").is_file()
    ]


def _read(folder: Traversable, language: str) -> dict[str, Any]:
    return json.loads(folder.joinpath(f"{language}.json").read_text(encoding="utf-8"))


def _translated() -> list[Any]:
    """One case per catalogue and language whose file exists."""
    return [
        pytest.param(folder, language, id=f"{label}-{language}")
        for label, folder in _folders()
        for language in LANGUAGES
        if folder.joinpath(f"{language}.json").is_file()
    ]


def _placeholders(entry: str | dict[str, str]) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {
        field
        for text in texts
        for _, field, _, _ in string.Formatter().parse(text)
        if field is not None
    }


def _forms(entry: str | dict[str, str]) -> Iterator[tuple[str, str]]:
    if isinstance(entry, dict):
        yield from entry.items()
    else:
        yield "", entry


def _all_forms(language: str) -> frozenset[str]:
    """The plural categories CLDR defines for `language` ("other" always exists)."""
    return frozenset(Locale.parse(language).plural_form.tags) | {"other"}


def _integer_forms(language: str) -> dict[str, set[int]]:
    """The plural categories whole numbers fall in, with the numbers of each."""
    rule = Locale.parse(language).plural_form
    found: dict[str, set[int]] = {}
    for n in NUMBERS:
        found.setdefault(rule(n), set()).add(n)
    return found


def test_the_three_languages_are_offered_and_recognised():
    assert set(LANGUAGES) <= set(i18n.languages())
    assert i18n.language_of("ru") == "ru" and i18n.language_of("fr") == "fr"
    assert i18n.language_of("de") == "de" and i18n.language_of("es-ES") == "en"
    assert _translated(), "no catalogue in another language was found"


@pytest.mark.parametrize(("folder", "language"), _translated())
def test_same_keys_as_english(folder, language):
    english, other = _read(folder, "en"), _read(folder, language)
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "not in English"


@pytest.mark.parametrize(("folder", "language"), _translated())
def test_same_placeholders_as_english(folder, language):
    english, other = _read(folder, "en"), _read(folder, language)
    wrong = []
    for key, entry in other.items():
        wanted = _placeholders(english.get(key, ""))
        if _placeholders(entry) != wanted:  # a dict: the union of its forms
            wrong.append((key, sorted(wanted), sorted(_placeholders(entry))))
        for form, text in _forms(entry):
            if not _placeholders(text) <= wanted:  # no form invents one
                wrong.append((key, form, sorted(wanted), sorted(_placeholders(text))))
    assert not wrong


@pytest.mark.parametrize(("folder", "language"), _translated())
def test_plural_entries_have_the_forms_of_their_language(folder, language):
    english, other = _read(folder, "en"), _read(folder, language)
    allowed, numbers = _all_forms(language), _integer_forms(language)
    required = set(numbers) | {"other"}
    wrong = []
    for key, entry in other.items():
        if isinstance(english.get(key), dict) and not isinstance(entry, dict):
            wrong.append((key, "English has plural forms: give this language's"))
        if not isinstance(entry, dict):
            continue
        if "n" not in _placeholders(english.get(key, "")):
            wrong.append((key, "plural forms are chosen by {n}, which English does not pass"))
        if set(entry) - allowed or required - set(entry):
            wrong.append((key, sorted(entry), "needs", sorted(required)))
        for form, text in entry.items():
            # A form that covers other numbers than 1 (Russian "one": 21, 31…; French
            # "one": 0) must show the number.
            if numbers.get(form, set()) - {1} and "{n}" not in text:
                wrong.append((key, form, f"also used for {sorted(numbers[form])[:3]}…"))
    assert not wrong


def _markup(text: str) -> tuple[int, int, set[str]]:
    """Bold markers, code markers and the pictographs (emoji) of a sentence: symbols from
    U+2300 on (⌛, ★, ⚡, 🏁…), not letter-like signs such as "№"."""
    symbols = {c for c in text if unicodedata.category(c) == "So" and ord(c) >= 0x2300}
    return text.count("**"), text.count("`"), symbols


@pytest.mark.parametrize(("folder", "language"), _translated())
def test_same_markdown_and_emoji_as_english(folder, language):
    english, other = _read(folder, "en"), _read(folder, language)
    wrong = []
    for key, entry in other.items():
        source = english.get(key, "")
        source = source.get("other", "") if isinstance(source, dict) else source
        for form, text in _forms(entry):
            if _markup(text) != _markup(source):
                wrong.append((key, form, _markup(source), _markup(text)))
    assert not wrong


# --- slash-command names


@pytest.mark.parametrize(("folder", "language"), _translated())
def test_every_name_translation_is_a_valid_discord_name(folder, language):
    other = _read(folder, language)
    names = {k: v for k, v in other.items() if k.startswith("name.")}
    bad = {
        k: v
        for k, v in names.items()
        if not isinstance(v, str) or not NAME.match(v) or v != v.lower()
    }
    assert not bad


async def _command_payload() -> list[dict[str, Any]]:
    """The commands as the bot syncs them (bot/app.py's cogs, the catalogue translator)."""
    from bot.app import LuteceBot
    from bot.cogs.admin import AdminCog
    from bot.cogs.game import game_cog
    from bot.cogs.lutece import LuteceCog
    from bot.command_sync import command_payload
    from bot.config import Config
    from bot.i18n.translator import CatalogueTranslator

    bot = LuteceBot(Config(token=None, db_path=":memory:"))
    try:
        await bot.tree.set_translator(CatalogueTranslator())
        for adapter in adapters().values():
            await bot.add_cog(game_cog(adapter)(bot))
        await bot.add_cog(LuteceCog(bot))
        await bot.add_cog(AdminCog(bot))
        return await command_payload(bot.tree, None)
    finally:
        await bot.close()


def _siblings(spec: dict[str, Any], path: str) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Every list of names that must be distinct: a command's options (subcommands or plain
    options), each subcommand's options, and so on down."""
    options = spec.get("options") or []
    if options:
        yield path, options
    for option in options:
        yield from _siblings(option, f"{path} {option['name']}")


async def test_the_synced_commands_carry_valid_distinct_names_in_every_language():
    from fakediscord.command_limits import check_command

    payload = await _command_payload()
    assert {"admin", "lutece"} <= {c["name"] for c in payload}
    clashes, invalid, untranslated = [], [], []
    for i, spec in enumerate(payload):
        check_command(spec, str(i))  # what Discord refuses with 50035: lengths, locales…
        for path, options in _siblings(spec, f"/{spec['name']}"):
            for language in LANGUAGES:
                names = [o.get("name_localizations", {}).get(language, o["name"]) for o in options]
                if len(set(names)) != len(names):
                    clashes.append((language, path, names))
                invalid += [
                    (language, path, n) for n in names if not NAME.match(n) or n != n.lower()
                ]
                untranslated += [
                    (language, path, o["name"])
                    for o in options
                    if language not in o.get("name_localizations", {})
                ]
    assert not clashes and not invalid
    # The shared commands are translated in the three languages (a game's own names, if a
    # plug-in game has any, may come later).
    shared = [u for u in untranslated if u[1].split()[0] in ("/admin", "/lutece")]
    assert not shared


async def test_a_russian_client_sees_russian_commands():
    payload = {c["name"]: c for c in await _command_payload()}
    lutece = payload["lutece"]
    assert lutece["description_localizations"]["ru"] == t("cmd.lutece", "ru")
    subcommands = {o["name"]: o for o in lutece["options"]}
    language = subcommands["language"]
    assert language["name_localizations"] == {"ru": "язык", "de": "sprache", "fr": "langue"}
    choices = {c["value"]: c for c in language["options"][0]["choices"]}
    assert choices["auto"]["name_localizations"]["ru"] == "Автоматически"
    assert choices["ru"]["name"] == "Русский"  # every language keeps its own name


async def test_each_player_reads_the_bot_in_their_own_language(world):
    vera = world.fake.add_user("vera", locale="ru")  # a Russian Discord client
    alice = world.user("alice")  # en-US
    async with world.bot():
        russian = await vera.slash(world.games, "lutece help")
        assert russian.ephemeral and "`/moscow-paris новая` открывает стол" in russian.content
        english = await alice.slash(world.games, "lutece help")
        assert "`/moscow-paris new` opens a table" in english.content
        chosen = await alice.slash(world.games, "lutece language", language="fr")
        assert chosen.content == "Tes réponses et tes MP sont maintenant en : Français."
        french = await alice.slash(world.games, "lutece help")
        assert "`/moscow-paris nouvelle` ouvre une table" in french.content


# --- plurals


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "🂠 Аня берёт 1 карту."),
        (2, "🂠 Аня берёт 2 карты."),
        (5, "🂠 Аня берёт 5 карт."),
        (11, "🂠 Аня берёт 11 карт."),
        (21, "🂠 Аня берёт 21 карту."),
        (22, "🂠 Аня берёт 22 карты."),
        (0, "🂠 Аня берёт 0 карт."),
    ],
)
def test_russian_plurals_decline_with_the_number(n, expected):
    assert t("mp.event.drew", "ru", name="Аня", n=n) == expected


def test_russian_plurals_in_the_shared_catalogue():
    more = [t("matches.more", "ru", n=n) for n in (1, 3, 5, 21)]
    assert more == ["…и ещё 1 партия.", "…и ещё 3 партии.", "…и ещё 5 партий.", "…и ещё 21 партия."]
    assert "(25 карт)" in t("mp.event.reshuffled", "ru", n=25)
    assert "(24 карты)" in t("mp.event.reshuffled", "ru", n=24)


def test_german_and_french_plurals():
    assert t("mp.event.drew", "de", name="Jo", n=1) == "🂠 Jo zieht eine Karte."
    assert t("mp.event.drew", "de", name="Jo", n=3) == "🂠 Jo zieht 3 Karten."
    assert t("mp.event.drew", "fr", name="Jo", n=0) == "🂠 Jo a pioché 0 carte."
    assert t("mp.event.drew", "fr", name="Jo", n=1) == "🂠 Jo a pioché 1 carte."
    assert t("mp.event.drew", "fr", name="Jo", n=2) == "🂠 Jo a pioché 2 cartes."


# Placeholders that hold a bare number (a count, a score, a limit, a sum of francs).
COUNTS = frozenset(
    {"n", "count", "limit", "min", "max", "score", "seats", "francs", "hours", "vp", "points"}
)
# Words a number may stand before without agreeing with it: units and abbreviations, and
# prepositions or adverbs ("3 in bag", "…and 2 more", "5 F left").
INVARIANT = frozenset(
    {
        "VP",
        "SP",
        "PV",
        "ПО",
        "F",
        "фр",
        "h",
        "ч",
        "Std",
        "in",
        "on",
        "more",
        "left",
        "im",
        "weitere",
        "gebaut",
        "übrig",
        "dans",
        "en",
        "в",
        "на",
        "по",
        "to",
        "bis",
        "à",
        "до",
    }
)
COUNT_AND_WORD = re.compile(r"\{(\w+)\}[\s\u00a0\u202f]*([^\W\d_][\w\-]*)")


def _every_catalogue() -> list[Any]:
    """One case per catalogue and language, English included."""
    return [
        pytest.param(folder, language, id=f"{label}-{language}")
        for label, folder in _folders()
        for language in ("en", *LANGUAGES)
        if folder.joinpath(f"{language}.json").is_file()
    ]


@pytest.mark.parametrize(("folder", "language"), _every_catalogue())
def test_every_count_goes_through_the_plural_forms(folder, language):
    # Issue 17 §4: "1 points". A number followed by a word that agrees with it ("{score}
    # points", "{limit} wagons") must be a plural entry counted by {n} (t() picks the form by
    # n), in every language: English has 2 forms, Russian 3, and a translation may need forms
    # where English needs none.
    wrong = []
    for key, entry in _read(folder, language).items():
        for form, text in _forms(entry):
            for found in COUNT_AND_WORD.finditer(text):
                name, word = found[1], found[2]
                if name not in COUNTS or word in INVARIANT:
                    continue
                if not isinstance(entry, dict) or name != "n":
                    wrong.append((key, form, found[0]))
    assert not wrong


@pytest.mark.parametrize(
    ("language", "scores", "expected"),
    [
        ("en", (1, 2), ("1 point", "2 points")),
        ("ru", (1, 2, 5), ("1 очко", "2 очка", "5 очков")),
        ("de", (1, 2), ("1 Punkt", "2 Punkte")),
        ("fr", (0, 2), ("0 point", "2 points")),
    ],
)
def test_moscow_paris_final_scores_agree_with_their_number(language, scores, expected):
    # Issue 17 §4: Moscow–Paris said "1 points".
    from games.core.contract import Result

    result = Result(scores=list(scores), ranking=[[s] for s in range(len(scores))], winners=[0])
    names = [f"P{s}" for s in range(len(scores))]
    lines = adapters()["moscow-paris"].result_lines(result, names, language)
    assert lines[: len(scores)] == [
        f"**{s + 1}. P{s} — {words}**" for s, words in enumerate(expected)
    ]


# --- what is still to translate


def test_the_rules_fit_in_one_discord_message_in_every_language():
    for adapter in adapters().values():
        for language in (None, *LANGUAGES):
            assert len(adapter.rules(language)) <= 2000, (adapter.key, language)


def test_every_game_is_translated_in_every_language():
    missing = [
        f"{label}: {language}"
        for label, folder in _folders()
        for language in LANGUAGES
        if not folder.joinpath(f"{language}.json").is_file()
    ]
    assert not missing, "not yet translated: " + ", ".join(missing)
