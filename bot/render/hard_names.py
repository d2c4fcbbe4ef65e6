"""The hard player names every picture must draw: accents, emoji, Cyrillic, Greek, CJK, a
flag and a ZWJ family. Product code, not a test fixture, because `python -m bot pictures
--check` draws the tables with them too."""

from __future__ import annotations

HARD_NAMES: tuple[str, ...] = (
    "Île St-Louis",
    "Zoë",
    "Anaïs",
    "Jérôme 🌙",
    "Дмитрий",
    "Ωμέγα",
    "山田太郎",
    "👩‍👩‍👧 family",
    "🇫🇷 Élodie",
    "Łukasz Żółć",
    "Ærøskøbing",
)
