"""User-typed text (player names, admin reasons) made safe for each place it is shown.

Display names are hostile input: `@everyone`, `<@&role>`, `**bold**`, `[x](https://…)`,
newlines, right-to-left overrides. Pings are stopped by `allowed_mentions` (the client allows
none by default); these helpers stop the *rendering* tricks, per kind of place:

- `md`: text that Discord renders as Markdown (message content, embed titles, descriptions
  and fields). Every ASCII punctuation character is backslash-escaped, which Discord's
  Markdown always accepts, so no emphasis, heading, list, quote, code, spoiler, masked link,
  autolink or mention can form.
- `plain`: text shown literally (button and select labels, placeholders, thread names,
  autocomplete names): no Markdown there, so only invisible and layout characters go.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterable

MAX_NAME = 32  # Discord's own limit on display names and nicknames
_PUNCTUATION = re.compile("([" + re.escape(string.punctuation) + "])")
# Bidi embeddings/overrides/isolates and other format characters that reorder or hide text;
# the zero-width joiner (U+200D) and variation selectors stay: emoji sequences need them.
_KEEP_FORMAT = {"\u200d", "\ufe0e", "\ufe0f"}
_DROP = {"Cc", "Cs", "Co", "Cn"}  # controls, surrogates, private use, unassigned
# Where Unicode puts new emoji (U+1F000–U+1FFFD: the pictographic blocks and the space kept
# for them): unassigned there means "newer than this Python" (🩷 is Unicode 15, Python 3.11
# knows 14), not a hidden control, so it stays. Unassigned elsewhere still goes.
_FUTURE_EMOJI = range(0x1F000, 0x1FFFE)


def plain(text: str, limit: int = MAX_NAME) -> str:
    """`text` on one line, without control or reordering characters, at most `limit` long."""
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category in ("Zl", "Zp") or char in "\r\n\t\v\f":
            kept.append(" ")
        elif category == "Cn" and ord(char) in _FUTURE_EMOJI:
            kept.append(char)
        elif category in _DROP or (category == "Cf" and char not in _KEEP_FORMAT):
            continue
        else:
            kept.append(char)
    flat = " ".join("".join(kept).split())
    if len(flat) > limit:
        flat = flat[: limit - 1].rstrip() + "…"
    return flat or "?"


def md(text: str, limit: int = MAX_NAME) -> str:
    """`plain(text)` with every ASCII punctuation character escaped for Discord Markdown."""
    return _PUNCTUATION.sub(r"\\\1", plain(text, limit))


def md_all(texts: Iterable[str]) -> list[str]:
    return [md(t) for t in texts]


def plain_all(texts: Iterable[str]) -> list[str]:
    return [plain(t) for t in texts]
