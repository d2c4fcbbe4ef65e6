"""A Paris picture in a few sentences, for its alt text: each district's buildings, the
keys on them and its landmarks, and the last turns once they are counted. Only what the
public board shows (never what lies behind a screen)."""

from __future__ import annotations

from collections import Counter

from bot.games.paris.terms import district, landmark
from bot.games.text import t
from games.paris.views import ParisView


def position_lines(view: ParisView, names: list[str], locale: str | None) -> list[str]:
    v = view
    lines = []
    if v.final_turns is not None and v.phase != "over":
        key = "pa.status.final" if v.final_turns else "pa.status.last_turn"
        lines.append(t(key, locale, n=v.final_turns))
    for d in v.districts:
        keys = Counter(seat for space in d.spaces for seat in space.keys)
        keys.update(seat for lm in v.landmarks if lm.district == d.id for seat in lm.keys)
        held = ", ".join(f"{names[s]} {keys[s]}" for s in sorted(keys)) or "—"
        built = sum(space.tile is not None for space in d.spaces)
        lines.append(
            t(
                "pa.alt.district",
                locale,
                district=district(d.id, locale),
                built=built,
                spaces=len(d.spaces),
                keys=held,
            )
        )
        if d.landmarks:
            marks = ", ".join(landmark(lm, locale) for lm in d.landmarks)
            lines.append(t("pa.alt.landmarks", locale, landmarks=marks))
    return lines
