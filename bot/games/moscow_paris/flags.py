"""Small flags for the city cards, drawn with rectangles (the picture's font has no emoji).

Simplified on purpose: stripes and crosses, no coats of arms. A country without a drawing
here (none today) gets a grey flag; the country code is always printed beside the flag too,
so no flag has to be recognised by its colours alone.
"""

from __future__ import annotations

from bot.render.drawing import Canvas, Colour

W, R, B, G = (255, 255, 255), (206, 32, 41), (0, 57, 166), (0, 140, 69)
Y, K = (255, 206, 0), (0, 0, 0)
SKY, NAVY, ORANGE, MAROON = (80, 160, 220), (0, 36, 125), (255, 140, 0), (158, 48, 57)

# code -> ("h" horizontal | "v" vertical, stripes), equal widths.
STRIPES: dict[str, tuple[str, tuple[Colour, ...]]] = {
    "RU": ("h", (W, B, R)),
    "FR": ("v", (B, W, R)),
    "IT": ("v", (G, W, R)),
    "DE": ("h", (K, R, Y)),
    "AT": ("h", (R, W, R)),
    "AM": ("h", (R, B, ORANGE)),
    "AZ": ("h", (SKY, R, G)),
    "BE": ("v", (K, Y, R)),
    "BG": ("h", (W, G, R)),
    "BY": ("h", (R, R, G)),
    "EE": ("h", (SKY, K, W)),
    "HR": ("h", (R, W, B)),
    "HU": ("h", (R, W, G)),
    "IE": ("v", (G, W, ORANGE)),
    "LT": ("h", (Y, G, R)),
    "LV": ("h", (MAROON, W, MAROON)),
    "MD": ("v", (B, Y, R)),
    "NL": ("h", (R, W, B)),
    "PL": ("h", (W, R)),
    "RO": ("v", (B, Y, R)),
    "RS": ("h", (R, B, W)),
    "SK": ("h", (W, B, R)),
    "UA": ("h", (B, Y)),
    "PT": ("v", (G, R, R)),
    "ES": ("h", (R, Y, Y, R)),
}
# code -> (field, cross, inner cross or None): Nordic crosses, off-centre.
NORDIC: dict[str, tuple[Colour, Colour, Colour | None]] = {
    "DK": (R, W, None),
    "SE": (B, Y, None),
    "NO": (R, W, NAVY),
    "FI": (W, NAVY, None),
}


def draw_flag(c: Canvas, box: tuple[float, float, float, float], code: str) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if code in STRIPES:
        kind, colours = STRIPES[code]
        n = len(colours)
        for i, colour in enumerate(colours):
            if kind == "h":
                c.rect((x0, y0 + h * i / n, x1, y0 + h * (i + 1) / n), fill=colour)
            else:
                c.rect((x0 + w * i / n, y0, x0 + w * (i + 1) / n, y1), fill=colour)
    elif code in NORDIC:
        field, cross, inner = NORDIC[code]
        c.rect(box, fill=field)
        cx = x0 + w * 0.36
        c.rect((cx - h * 0.14, y0, cx + h * 0.14, y1), fill=cross)
        c.rect((x0, y0 + h * 0.36, x1, y0 + h * 0.64), fill=cross)
        if inner is not None:
            c.rect((cx - h * 0.06, y0, cx + h * 0.06, y1), fill=inner)
            c.rect((x0, y0 + h * 0.44, x1, y0 + h * 0.56), fill=inner)
    elif code == "GB":
        c.rect(box, fill=NAVY)
        c.line([(x0, y0), (x1, y1)], W, h * 0.18)
        c.line([(x0, y1), (x1, y0)], W, h * 0.18)
        c.rect((x0 + w * 0.42, y0, x1 - w * 0.42, y1), fill=W)
        c.rect((x0, y0 + h * 0.36, x1, y1 - h * 0.36), fill=W)
        c.rect((x0 + w * 0.45, y0, x1 - w * 0.45, y1), fill=R)
        c.rect((x0, y0 + h * 0.41, x1, y1 - h * 0.41), fill=R)
    elif code in ("CH", "GE"):
        field, cross = (R, W) if code == "CH" else (W, R)
        c.rect(box, fill=field)
        c.rect((x0 + w * 0.42, y0 + h * 0.15, x1 - w * 0.42, y1 - h * 0.15), fill=cross)
        c.rect((x0 + w * 0.25, y0 + h * 0.4, x1 - w * 0.25, y1 - h * 0.4), fill=cross)
    elif code == "TR":
        c.rect(box, fill=R)
        r = h * 0.3
        c.circle((x0 + w * 0.4, y0 + h / 2), r, fill=W)
        c.circle((x0 + w * 0.46, y0 + h / 2), r * 0.8, fill=R)
    elif code == "CZ":
        c.rect((x0, y0, x1, y0 + h / 2), fill=W)
        c.rect((x0, y0 + h / 2, x1, y1), fill=R)
        c.polygon([(x0, y0), (x0 + w * 0.45, y0 + h / 2), (x0, y1)], fill=B)
    elif code == "GR":
        for i in range(5):
            c.rect((x0, y0 + h * i / 5, x1, y0 + h * (i + 1) / 5), fill=B if i % 2 == 0 else W)
        c.rect((x0, y0, x0 + w * 0.4, y0 + h * 0.6), fill=B)
        c.rect((x0 + w * 0.16, y0, x0 + w * 0.24, y0 + h * 0.6), fill=W)
        c.rect((x0, y0 + h * 0.24, x0 + w * 0.4, y0 + h * 0.36), fill=W)
    elif code == "KZ":
        c.rect(box, fill=SKY)
        c.circle((x0 + w / 2, y0 + h / 2), h * 0.25, fill=Y)
    else:
        c.rect(box, fill=(170, 170, 170))
    c.rect(box, fill=None, outline=(60, 60, 60), width=1)


def drawn(code: str) -> bool:
    """Whether this flag has a drawing (else it is the grey placeholder)."""
    return code in STRIPES or code in NORDIC or code in {"GB", "CH", "GE", "TR", "CZ", "GR", "KZ"}
