"""A Paris picture in a few sentences, for its alt text: each district's buildings, the
keys on them and its landmarks, and the last turns once they are counted. Only what the
public board shows (never what lies behind a screen); `own_lines` tells a seat its own
screen, for the alt text of its own picture, which only its player sees."""

from __future__ import annotations

from collections import Counter

from bot.games.paris.adapter import screen_line
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


def own_lines(view: ParisView, names: list[str], locale: str | None) -> list[str]:
    """What lies behind the seat's own screen (`render.render_own`): francs, goods and
    tiles, as its secrets message says them."""
    if view.screen is None:
        return []
    lines = [screen_line(view.screen, locale)]
    if view.screen.bonus_tiles:
        tiles = ", ".join(str(n) for n in view.screen.bonus_tiles)
        lines.append(t("pa.private.bonus", locale, n=len(view.screen.bonus_tiles), tiles=tiles))
    if view.screen.end_game_tiles:
        tiles = ", ".join(view.screen.end_game_tiles)
        lines.append(t("pa.private.egt", locale, n=len(view.screen.end_game_tiles), tiles=tiles))
    return lines
