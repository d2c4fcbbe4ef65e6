"""Application commands as Discord validates them on a bulk overwrite (PUT), global or guild.

From application-commands.mdx:

- names match ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, in lowercase for
  ``CHAT_INPUT`` command and option names;
- descriptions 1..100 (empty for user and message commands);
- localization keys among the documented locales (reference.mdx, "Locales"), values under
  the same rules as the field;
- at most 25 options, names unique, required options before optional ones;
- at most 25 choices (name 1..100, string value at most 100), not with autocomplete;
- ``min_length``/``max_length`` within 0..6000 / 1..6000;
- groups contain only subcommands, subcommands only plain options, and neither mixes with
  plain options;
- at most 8000 characters of names, descriptions and choice values per command (the
  longest localization counted; the docs said 4000 before February 2024);
- per scope 100 chat-input, 15 user and 15 message commands (400 / 30032).

The ``regex`` module is not installed, so the name pattern is checked with
:mod:`unicodedata`: letters (L*) and numbers (N*), plus the Devanagari and Thai blocks
(their combining marks included; the few ``Common``-script signs inside those blocks are
excluded, as ``\\p{sc=...}`` would).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from fakediscord.errors import ApiError, invalid_form

LOCALES = frozenset(
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el "
    "bg ru uk hi th zh-CN ja zh-TW ko".split()
)
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP, STRING = 1, 2, 3
CHOICE_TYPES = (3, 4, 10)
MAX_PER_SCOPE = {CHAT_INPUT: 100, USER_COMMAND: 15, MESSAGE_COMMAND: 15}
MAX_NAME, MAX_DESCRIPTION, MAX_OPTIONS, MAX_CHOICES = 32, 100, 25, 25
MAX_CHOICE_NAME, MAX_CHOICE_VALUE, MAX_STRING_LENGTH = 100, 100, 6000
MAX_TOTAL = 8000
_DEVA = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F))
_THAI = ((0x0E01, 0x0E5B),)
_COMMON_IN_BLOCKS = {0x0964, 0x0965, 0x0E3F}


def _name_char_ok(ch: str) -> bool:
    if ch in "-_'":
        return True
    if unicodedata.category(ch)[0] in "LN":
        return True
    cp = ord(ch)
    if cp in _COMMON_IN_BLOCKS:
        return False
    return any(lo <= cp <= hi for lo, hi in _DEVA + _THAI)


def name_error(name: Any, *, chat_input: bool) -> str | None:
    """Why ``name`` is not a valid command/option name, or None."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
        return f"Must be between 1 and {MAX_NAME} in length."
    if not chat_input:
        return None
    if not all(_name_char_ok(ch) for ch in name):
        return "Command name is invalid"
    if any(ch.lower() != ch for ch in name):
        return "Command name must be lowercase"
    return None


def _bad(path: str, code: str, message: str) -> ApiError:
    return invalid_form(path, code, message)


def _check_localized(spec: dict, key: str, path: str, *, chat_input: bool, name: bool) -> int:
    """Check ``key`` and ``key_localizations``; return the longest length (for the total)."""
    value = spec.get(key)
    longest = len(value) if isinstance(value, str) else 0
    locs = spec.get(f"{key}_localizations") or {}
    for locale, text in locs.items():
        p = f"{path}.{key}_localizations.{locale}"
        if locale not in LOCALES:
            raise _bad(p, "LOCALE_INVALID", f"Invalid locale: {locale}")
        if name:
            why = name_error(text, chat_input=chat_input)
            if why:
                raise _bad(p, "APPLICATION_COMMAND_INVALID_NAME", why)
        elif not isinstance(text, str) or not 1 <= len(text) <= MAX_DESCRIPTION:
            raise _bad(p, "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MAX_DESCRIPTION}.")
        longest = max(longest, len(text))
    return longest


def _check_option(opt: dict, path: str) -> int:
    t = opt.get("type")
    why = name_error(opt.get("name"), chat_input=True)
    if why:
        raise _bad(f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", why)
    total = _check_localized(opt, "name", path, chat_input=True, name=True)
    desc = opt.get("description")
    if not isinstance(desc, str) or not 1 <= len(desc) <= MAX_DESCRIPTION:
        raise _bad(f"{path}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100.")
    total += _check_localized(opt, "description", path, chat_input=True, name=False)
    if t in (SUB_COMMAND, SUB_COMMAND_GROUP):
        # a group holds only subcommands; a subcommand only plain options
        inner = "subcommands" if t == SUB_COMMAND_GROUP else "plain"
        return total + _check_options(opt.get("options") or [], path, inner)
    if opt.get("options"):
        raise _bad(f"{path}.options", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Not nestable")
    choices = opt.get("choices") or []
    if choices and opt.get("autocomplete"):
        raise _bad(
            f"{path}.autocomplete",
            "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID_CHOICES",
            "Autocomplete cannot be set with choices",
        )
    if len(choices) > MAX_CHOICES or (choices and t not in CHOICE_TYPES):
        raise _bad(f"{path}.choices", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer.")
    for i, choice in enumerate(choices):
        c = f"{path}.choices.{i}"
        cname = choice.get("name")
        if not isinstance(cname, str) or not 1 <= len(cname) <= MAX_CHOICE_NAME:
            raise _bad(f"{c}.name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100.")
        for locale, text in (choice.get("name_localizations") or {}).items():
            if locale not in LOCALES or not 1 <= len(str(text)) <= MAX_CHOICE_NAME:
                raise _bad(f"{c}.name_localizations.{locale}", "LOCALE_INVALID", "Invalid")
        value = choice.get("value")
        if t == STRING and (not isinstance(value, str) or len(value) > MAX_CHOICE_VALUE):
            raise _bad(f"{c}.value", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
        names = [cname, *map(str, (choice.get("name_localizations") or {}).values())]
        total += max(map(len, names)) + len(str(value))
    for key, lo in (("min_length", 0), ("max_length", 1)):
        if opt.get(key) is not None and not lo <= opt[key] <= MAX_STRING_LENGTH:
            raise _bad(f"{path}.{key}", "NUMBER_TYPE_MAX", f"Must be between {lo} and 6000.")
    return total


def _check_options(options: list, path: str, only: str = "any") -> int:
    if len(options) > MAX_OPTIONS:
        raise _bad(f"{path}.options", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_OPTIONS} or fewer.")
    subs = [o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options]
    if any(subs) and not all(subs):
        raise _bad(
            f"{path}.options",
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and groups cannot be mixed with other options",
        )
    wrong = {
        "subcommands": any(o.get("type") != SUB_COMMAND for o in options),
        "plain": any(subs),
    }.get(only, False)
    if wrong:
        raise _bad(
            f"{path}.options",
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Only a group of subcommands, or subcommands of options, may be nested",
        )
    seen: set[str] = set()
    optional_seen = False
    total = 0
    for i, opt in enumerate(options):
        p = f"{path}.options.{i}"
        if opt.get("name") in seen:
            raise _bad(f"{p}.name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Duplicate")
        seen.add(opt.get("name"))
        if opt.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if opt.get("required") and optional_seen:
                raise _bad(
                    f"{p}.required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
            optional_seen = optional_seen or not opt.get("required")
        total += _check_option(opt, p)
    return total


def check_command(spec: dict, path: str) -> None:
    """Raise the 400 / 50035 Discord answers for one invalid command."""
    kind = spec.get("type", CHAT_INPUT)
    chat_input = kind == CHAT_INPUT
    why = name_error(spec.get("name"), chat_input=chat_input)
    if why:
        raise _bad(f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", why)
    total = _check_localized(spec, "name", path, chat_input=chat_input, name=True)
    desc = spec.get("description") or ""
    if chat_input and not 1 <= len(desc) <= MAX_DESCRIPTION:
        raise _bad(f"{path}.description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100.")
    if not chat_input and (desc or spec.get("options")):
        raise _bad(
            f"{path}.description", "APPLICATION_COMMAND_INVALID", "Must be empty for this type"
        )
    total += _check_localized(spec, "description", path, chat_input=chat_input, name=False)
    total += _check_options(spec.get("options") or [], path)
    if total > MAX_TOTAL:
        raise _bad(path, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds {MAX_TOTAL} characters")


def check_bulk(body: Any) -> None:
    """A whole PUT body: each command, unique names per type, the per-scope counts."""
    if not isinstance(body, list):
        raise ApiError(400, 50035, "Invalid Form Body")
    seen: set[tuple[int, str]] = set()
    counts: dict[int, int] = {}
    for i, spec in enumerate(body):
        check_command(spec, str(i))
        key = (spec.get("type", CHAT_INPUT), spec["name"])
        if key in seen:
            raise _bad(
                f"{i}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME", f"Duplicate name {key[1]!r}"
            )
        seen.add(key)
        counts[key[0]] = counts.get(key[0], 0) + 1
    for kind, n in counts.items():
        if n > MAX_PER_SCOPE.get(kind, 1):
            raise ApiError(400, 30032, "Maximum number of application commands reached")
