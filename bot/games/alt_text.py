"""A picture's alt text: sentences a screen reader says instead of the board.

Discord holds 1024 characters in an attachment's description. The sentences come from text
made for messages (Markdown, names escaped by `safe_text.md`), so they are turned back into
plain words here, and kept whole: a sentence that does not fit is left out, never cut
through a name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

ALT_LIMIT = 1024  # Discord's limit for an attachment's description
# An escaped character (kept, unescaped) or a Markdown marker (dropped).
_ENDS = (".", "!", "?", "…", ":", "。")
_MARKDOWN = re.compile(r"\\(.)|\*\*|__|~~|\|\||\*|`")


def unmark(text: str) -> str:
    """Message text as plain words: Markdown markers dropped, escaped characters (the
    punctuation of names, see `safe_text.md`) kept as they are, on one line."""
    words = _MARKDOWN.sub(lambda m: m.group(1) or "", text)
    return " ".join(words.split())


def fit_alt(sentences: Iterable[str], limit: int = ALT_LIMIT) -> str:
    """Whole sentences, in order, within `limit`: one that would not fit is left out (a
    later, shorter one may still fit). The first is cut at a word only if it alone is too
    long."""
    kept: list[str] = []
    size = -1
    for sentence in (unmark(s) for s in sentences):
        if not sentence:
            continue
        if not sentence.endswith(_ENDS):
            sentence += "."
        if not kept and len(sentence) > limit:
            return sentence[: limit - 1].rsplit(" ", 1)[0].rstrip() + "…"
        if size + 1 + len(sentence) <= limit:
            kept.append(sentence)
            size += 1 + len(sentence)
    return " ".join(kept)
