"""Payments, prestige and pairs as steps: each way as one labelled choice, or good by good
when the ways are more than a select holds (as `Paths.items_steps` asks)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.contract import OPTIONS_PER_STEP, Step
from bot.games.paris.recap import prestige_vp
from bot.games.paris.terms import GOOD_CODE, GOOD_IDS, good, item_good, items_code, items_text, t

Way = tuple[str, ...]  # the items of one way to pay (or cash, or pair)


def split_items(ways: list[Way], first_limit: int, locale: str | None) -> dict[Way, list[Step]]:
    """Each way to pay as steps, good by good (in the order of the goods): the items of that
    good, after a step for how many of that good when even those are more than a select
    holds (`first_limit` for the first step, which shares its select with other choices)."""
    kinds = [g for g in GOOD_IDS if any(item_good(i) == g for w in ways for i in w)]
    paths: dict[Way, list[Step]] = {tuple(w): [] for w in ways}
    groups: dict[tuple[Way, ...], list[Way]] = {(): [tuple(w) for w in ways]}
    for level, g in enumerate(kinds):
        limit = first_limit if level == 0 else OPTIONS_PER_STEP
        regrouped: dict[tuple[Way, ...], list[Way]] = {}
        for prefix, options in groups.items():
            parts = {w: tuple(i for i in w if item_good(i) == g) for w in options}
            by_count = len(set(parts.values())) > limit
            for w in options:
                part = parts[w]
                if by_count:
                    paths[w].append(
                        Step(
                            f"{GOOD_CODE[g]}{len(part)}",
                            t("pa.step.count", locale, good=good(g, locale), n=len(part)),
                        )
                    )
                text = (
                    t(
                        "pa.step.part",
                        locale,
                        good=good(g, locale),
                        items=items_text(part, locale, short=True),
                    )
                    if part
                    else t("pa.step.part_none", locale, good=good(g, locale))
                )
                paths[w].append(Step(f"{GOOD_CODE[g]}-{items_code(part)}", text))
                regrouped.setdefault((*prefix, part), []).append(w)
        groups = regrouped
    return paths


def pay_label(items: Sequence[str], locale: str | None) -> str:
    return t("pa.step.pay", locale, items=items_text(items, locale, short=True))


def cash_label(items: Sequence[str], locale: str | None) -> str:
    items_said = items_text(items, locale, short=True)
    return t("pa.step.cash", locale, items=items_said, n=prestige_vp(items))


def pairs_label(items: Sequence[str], locale: str | None) -> str:
    items_said = items_text(items, locale, short=True)
    return t("pa.step.pairs", locale, items=items_said, n=len(items) // 2)
