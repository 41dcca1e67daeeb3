"""The tile art generator: draws every face, the red fives and the back with Pillow into graphics/assets/.

`python -m graphics.tileart` rebuilds the committed sheets; `--preview OUT.png` writes a contact sheet.
Two themes: "classic" (a traditional ivory set) and "contrast" (colour-blind friendly: corner indices, a
blue/orange/black palette and a star on the red fives, so nothing depends on telling red from green). In both
the red fives are red all over and framed in red, a mark that reads even on the smallest discards.
"""

import argparse
import io
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from graphics.fonts import FontError, font_file
from graphics.tiles import (
    ASSETS,
    BACK_CELL,
    CELL_COUNT,
    FLOWER_CELLS,
    KIND_COUNT,
    RED_CELLS,
    THEMES,
    tile_size,
)
from graphics.tiles import SHEET_HEIGHTS as HEIGHTS  # the runtime scales from the next size up

BAND = 0.12  # the tile's thickness band along the bottom of every cell, as a fraction of the height
SUPERSAMPLE = 4  # drawn this many times larger, then reduced with LANCZOS: anti-aliased shapes
HONOR_LETTERS = "ESWNPFC"  # index letters of the honours in the contrast theme: winds, then haku, hatsu, chun
WINDS = "東南西北"
SEASONS = "春夏秋冬"  # the four flowers, as the seasons (spring, summer, autumn, winter)
NUMERALS = "一二三四五六七八九"
GLYPH_RENDER_PX = 512  # font size of the master glyph masks

RGB = tuple[int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True)
class Theme:
    """One tile set's palette and options."""

    name: str
    face_top: RGB  # the face's gradient runs from the top colour down to the bottom one
    face_bottom: RGB
    side: RGB  # the body's visible thickness below the face
    outline: RGB
    back_top: RGB
    back_bottom: RGB
    ink: RGB  # numerals of the characters and the winds
    man: RGB  # the 萬 sign
    pin: tuple[RGB, RGB, RGB]  # the circles' three colours: "blue", "green", "red" of a traditional set
    sou: RGB
    sou_dark: RGB
    accent: RGB  # the red sticks of 1s/5s/7s/9s and the bird's crest
    bird: tuple[RGB, RGB, RGB]  # the 1s bird's body, wing and tail-eye colours
    haku: RGB
    hatsu: RGB
    chun: RGB
    red_five: RGB
    seasons: tuple[RGB, RGB, RGB, RGB]  # the flowers' glyph colours, spring to winter
    index: bool  # a corner index (number and suit letter) on every face
    red_badge: bool  # a star on the red fives, a marker that needs no colour vision


CLASSIC = Theme(
    name="classic",
    face_top=(253, 250, 240),
    face_bottom=(236, 228, 207),
    side=(221, 209, 182),
    outline=(96, 84, 64),
    back_top=(240, 160, 60),
    back_bottom=(204, 112, 26),
    ink=(22, 28, 48),
    man=(196, 28, 36),
    pin=((28, 74, 164), (16, 118, 66), (200, 32, 40)),
    sou=(22, 122, 68),
    sou_dark=(8, 70, 38),
    accent=(200, 32, 40),
    bird=((22, 122, 68), (28, 74, 164), (200, 32, 40)),
    haku=(36, 92, 190),
    hatsu=(14, 120, 62),
    chun=(204, 26, 34),
    red_five=(226, 20, 30),
    seasons=((196, 54, 120), (204, 26, 34), (186, 104, 18), (28, 74, 164)),
    index=False,
    red_badge=False,
)
# Okabe-Ito colours: told apart with deuteranopia and protanopia; vermillion is kept for the red fives
CONTRAST = Theme(
    name="contrast",
    face_top=(255, 255, 252),
    face_bottom=(238, 236, 228),
    side=(214, 210, 198),
    outline=(40, 40, 48),
    back_top=(40, 110, 200),
    back_bottom=(16, 62, 140),
    ink=(12, 12, 16),
    man=(0, 94, 178),
    pin=((0, 94, 178), (12, 12, 16), (230, 140, 0)),
    sou=(0, 120, 96),
    sou_dark=(0, 64, 50),
    accent=(12, 12, 16),
    bird=((0, 120, 96), (0, 94, 178), (230, 140, 0)),
    haku=(0, 94, 178),
    hatsu=(0, 120, 96),
    chun=(213, 72, 0),
    red_five=(213, 72, 0),
    seasons=((204, 121, 167), (213, 72, 0), (120, 80, 0), (0, 94, 178)),
    index=True,
    red_badge=True,
)
THEME_BY_NAME = {theme.name: theme for theme in (CLASSIC, CONTRAST)}


def cell_size(height: int) -> tuple[int, int]:
    """Width and height of one cell of the sheet for tiles `height` pixels tall (the runtime's tile size)."""
    return tile_size(height)


def sheet_path(theme: str, height: int, root: Path = ASSETS) -> Path:
    """Where the sheet of `theme` at `height` lives."""
    return root / theme / f"tiles_{height}.png"


# drawing helpers: everything works in supersampled pixels on an RGBA canvas


class Canvas:
    """A supersampled RGBA image with a few shape helpers that composite (so alpha edges blend)."""

    def __init__(self, width: int, height: int, scale: int) -> None:
        self.scale = scale
        self.image = Image.new("RGBA", (width * scale, height * scale), (0, 0, 0, 0))

    def layer(self) -> tuple[Image.Image, ImageDraw.ImageDraw]:
        """A fresh transparent layer of the canvas's size and its drawing context."""
        layer = Image.new("RGBA", self.image.size, (0, 0, 0, 0))
        return layer, ImageDraw.Draw(layer)

    def put(self, layer: Image.Image) -> None:
        """Composite `layer` over the canvas."""
        self.image.alpha_composite(layer)

    def fill_mask(self, mask: Image.Image, color: RGB | Image.Image, alpha: float = 1.0) -> None:
        """Paint `color` (a colour or an image) where the L-mode `mask` is set."""
        if alpha < 1.0:
            mask = mask.point(lambda value: round(value * alpha))
        if isinstance(color, Image.Image):
            layer = color.copy()
            layer.putalpha(ImageChops.multiply(color.getchannel("A"), mask))
        else:
            # the mask becomes the alpha of a solid layer (pasting through a mask would blend in black)
            layer = Image.new("RGBA", self.image.size, (*color, 255))
            layer.putalpha(mask)
        self.image.alpha_composite(layer)

    def shape_mask(self) -> tuple[Image.Image, ImageDraw.ImageDraw]:
        """A blank L-mode mask of the canvas's size and its drawing context."""
        mask = Image.new("L", self.image.size, 0)
        return mask, ImageDraw.Draw(mask)


def vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    """An RGBA image fading from `top` to `bottom`."""
    column = Image.new("RGBA", (1, 256))
    for y in range(256):
        t = y / 255
        column.putpixel((0, y), (*(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)), 255))
    return column.resize(size, Image.Resampling.BILINEAR)


def ellipse_points(center: Point, radii: Point, angle_deg: float = 0.0, steps: int = 72) -> list[Point]:
    """The outline of an ellipse with half-axes `radii`, turned by `angle_deg`, as polygon points."""
    cx, cy = center
    rx, ry = radii
    cos_a, sin_a = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x, y = rx * math.cos(t), ry * math.sin(t)
        points.append((cx + x * cos_a - y * sin_a, cy + x * sin_a + y * cos_a))
    return points


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b`."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@cache
def glyph_mask(char: str, bold: bool = True) -> Image.Image:
    """The ink of `char` in the JP UI font as an L-mode mask cropped to its ink box."""
    try:
        path = font_file("jp", bold=bold)
    except FontError as exc:
        raise SystemExit(f"error: tile art needs the UI fonts: {exc}") from exc
    font = ImageFont.truetype(str(path), GLYPH_RENDER_PX, layout_engine=ImageFont.Layout.BASIC)
    size = GLYPH_RENDER_PX * 2
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).text((size // 4, size // 4), char, fill=255, font=font)
    box = mask.getbbox()
    if box is None:
        raise SystemExit(f"error: the UI font has no glyph for {char!r}")
    return mask.crop(box)


def thicken(mask: Image.Image, pixels: int) -> Image.Image:
    """`mask` grown by `pixels` on every side, strokes included (small tiles need heavier strokes)."""
    if pixels <= 0:
        return mask
    padded = Image.new("L", (mask.width + 2 * pixels, mask.height + 2 * pixels), 0)
    padded.paste(mask, (pixels, pixels))
    return padded.filter(ImageFilter.MaxFilter(2 * pixels + 1))


# one cell


@dataclass(frozen=True)
class Box:
    """A rectangle in supersampled pixels, with points addressed as fractions of its size."""

    x: float
    y: float
    w: float
    h: float

    def at(self, u: float, v: float) -> Point:
        """The point `u` of the way across and `v` of the way down."""
        return self.x + u * self.w, self.y + v * self.h

    def sub(self, u: float, v: float, w: float, h: float) -> "Box":
        """The box at fractions (u, v) of this one, `w` x `h` fractions in size."""
        return Box(self.x + u * self.w, self.y + v * self.h, w * self.w, h * self.h)

    @property
    def rect(self) -> tuple[float, float, float, float]:
        """As (left, top, right, bottom)."""
        return self.x, self.y, self.x + self.w, self.y + self.h


class Painter:
    """Draws one cell: the tile body, then a face design or the back."""

    def __init__(self, theme: Theme, height: int, scale: int = SUPERSAMPLE) -> None:
        self.theme = theme
        self.height = height
        self.width = cell_size(height)[0]
        self.scale = scale
        self.canvas = Canvas(self.width, height, scale)
        s = scale
        self.band = max(2, round(height * BAND)) * s
        self.big_w, self.big_h = self.width * s, height * s
        self.radius = max(1.6, self.width * 0.11) * s
        self.line = max(0.9, height / 44) * s  # outline width
        self.face = Box(0, 0, self.big_w, self.big_h - self.band)
        # small tiles get heavier strokes: final-pixel stroke growth, in supersampled pixels
        self.boost = max(0.0, (44 - height) / 44) * 0.55 * s

    # the body

    def draw_body(self, face_up: bool) -> None:
        """The silhouette, the side band (two layers) and the top surface (ivory face or coloured back)."""
        t, c = self.theme, self.canvas
        w, h, r, band = self.big_w, self.big_h, self.radius, self.band
        top_h = h - band
        split = top_h + band * 0.5  # where the face's material meets the back's along the band
        low, high = (t.side, t.back_bottom) if face_up else (mix(t.back_bottom, (0, 0, 0), 0.2), t.side)
        mask, draw = c.shape_mask()
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=r, fill=255)
        c.fill_mask(mask, vertical_gradient(c.image.size, mix(high, (255, 255, 255), 0.1), high))
        mask, draw = c.shape_mask()
        draw.rounded_rectangle((0, 0, w - 1, split), radius=r, fill=255)
        c.fill_mask(mask, vertical_gradient(c.image.size, low, mix(low, (0, 0, 0), 0.12)))
        # the top surface with a soft gradient and a bevel: a light inner rim above, a shaded one below
        mask, draw = c.shape_mask()
        draw.rounded_rectangle((0, 0, w - 1, top_h), radius=r, fill=255)
        top, bottom = (t.face_top, t.face_bottom) if face_up else (t.back_top, t.back_bottom)
        gradient = Image.new("RGBA", c.image.size)
        gradient.paste(vertical_gradient((w, round(top_h) + 1), top, bottom), (0, 0))
        c.fill_mask(mask, gradient)
        bevel = max(self.scale * 0.8, w * 0.035)
        inner, draw = c.shape_mask()
        draw.rounded_rectangle(
            (bevel, bevel, w - 1 - bevel, top_h - bevel * 1.4), radius=max(1.0, r - bevel), fill=255
        )
        rim = ImageChops.subtract(mask, inner)
        shade = Image.new("L", c.image.size, 0)
        ImageDraw.Draw(shade).rectangle((0, top_h * 0.55, w, h), fill=255)
        c.fill_mask(ImageChops.multiply(rim, shade), mix(bottom, (0, 0, 0), 0.16))
        c.fill_mask(ImageChops.subtract(rim, shade), (255, 255, 255), alpha=0.7)
        # a sheen across the upper left of the surface
        gloss, draw = c.shape_mask()
        draw.ellipse((-w * 0.5, -top_h * 0.45, w * 0.85, top_h * 0.4), fill=255)
        gloss = gloss.filter(ImageFilter.GaussianBlur(w * 0.12))
        c.fill_mask(ImageChops.multiply(gloss, inner), (255, 255, 255), alpha=0.16 if face_up else 0.24)
        # edges: a crease between top and band, and the silhouette's outline
        crease, draw = c.shape_mask()
        draw.rounded_rectangle((0, 0, w - 1, top_h), radius=r, outline=255, width=round(self.line * 0.8))
        c.fill_mask(crease, mix(t.outline, bottom, 0.35))
        outline, draw = c.shape_mask()
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=r, outline=255, width=round(self.line))
        c.fill_mask(outline, t.outline)

    # the art area

    def art_box(self, has_index: bool) -> Box:
        """The part of the face the design fills (below the index when there is one)."""
        f = self.face
        mx, top, bottom = 0.11 * f.w, 0.075 * f.h, 0.07 * f.h
        if has_index:
            top = self.index_height() + 0.09 * f.h
        return Box(mx, top, f.w - 2 * mx, f.h - top - bottom)

    def index_height(self) -> float:
        """Height of the corner index's main character, in supersampled pixels."""
        final = max(self.height * 0.17, min(8.5, self.height * 0.34))
        return final * self.scale

    def glyph(
        self, char: str, box: Box, color: RGB, stretch: float = 1.0, boost: float | None = None
    ) -> None:
        """Paint `char` from the UI font centred in `box`, stretched at most `stretch` times to fill it."""
        mask = glyph_mask(char)
        grow = self.boost if boost is None else boost
        fit_w, fit_h = box.w / mask.width, box.h / mask.height
        ratio = min(fit_w, fit_h)
        w = mask.width * min(fit_w, ratio * stretch)
        h = mask.height * min(fit_h, ratio * stretch)
        w, h = max(1, round(w)), max(1, round(h))
        small = thicken(mask.resize((w, h), Image.Resampling.LANCZOS), round(grow))
        w, h = small.size
        full = Image.new("L", self.canvas.image.size, 0)
        full.paste(small, (round(box.x + (box.w - w) / 2), round(box.y + (box.h - h) / 2)))
        self.canvas.fill_mask(full, color)

    def index(self, number: str, suit: str, color: RGB, badge: RGB | None = None) -> None:
        """The contrast theme's corner index: the number (or honour letter), then the suit letter.

        With `badge` the index is drawn light on a solid pill of that colour: the red fives' mark, which reads
        without colour vision and needs no extra room on small tiles.
        """
        size = self.index_height()
        x, y, w, gap, sw, right = self.index_extent(number, suit)
        sh = size * 0.72
        if badge is not None:
            pad = size * 0.16
            pill = (x - pad, y - pad, right + pad, y + size + pad)
            layer, draw = self.canvas.layer()
            draw.rounded_rectangle(pill, radius=pad * 2.2, fill=(*badge, 255))
            self.canvas.put(layer)
            color = self.theme.face_top
        boost = self.scale * 0.35
        self.glyph(number, Box(x, y, w, size), color, boost=boost)
        if suit:
            self.glyph(suit, Box(x + w + gap, y + size - sh, sw, sh), color, boost=boost)

    def index_extent(self, number: str, suit: str) -> tuple[float, float, float, float, float, float]:
        """Where the index goes: left, top, number width, gap, suit letter width and right edge."""
        f = self.face
        size = self.index_height()
        x, y = 0.085 * f.w, 0.06 * f.h
        w = glyph_mask(number).width * size / glyph_mask(number).height
        sh = size * 0.72
        sw = glyph_mask(suit).width * sh / glyph_mask(suit).height if suit else 0.0
        gap = size * 0.12 if suit else 0.0
        return x, y, w, gap, sw, x + w + gap + sw

    def star(self, color: RGB, clear_of: float) -> None:
        """A solid star in the top right corner, a second red-five mark, where it clears the index."""
        f = self.face
        r = self.index_height() * 0.62
        cx, cy = f.w - 0.085 * f.w - r, 0.06 * f.h + r * 0.95
        if cx - r < clear_of + r * 0.4:
            return
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
        layer, draw = self.canvas.layer()
        draw.polygon(points, fill=(*color, 255))
        self.canvas.put(layer)

    def red_frame(self, color: RGB) -> None:
        """A frame just inside the face's rim: the red fives' mark, plain even on a 24-pixel discard.

        The classic 萬 is red on every characters tile: colour alone barely tells a red 5m from a plain one.
        """
        f = self.face
        width = max(self.scale * 1.1, f.w * 0.05)
        inset = max(self.scale * 0.8, f.w * 0.035)  # the bevel's rim: the frame lies just inside it
        box = (inset, inset, f.w - 1 - inset, f.h - inset * 1.4)
        layer, draw = self.canvas.layer()
        draw.rounded_rectangle(
            box, radius=max(1.0, self.radius - inset), outline=(*color, 255), width=round(width)
        )
        self.canvas.put(layer)

    # faces

    def draw_cell(self, cell: int) -> Image.Image:
        """Draw cell `cell` of the sheet (0..33 kinds, 34..36 red fives, 37 the back, 38..41 the flowers) at
        the final size."""
        face_up = cell != BACK_CELL
        self.canvas.image = tile_body(self.theme, self.height, face_up, self.scale).copy()
        if not face_up:
            self.back_motif()
        elif cell in FLOWER_CELLS.values():
            self.flower(cell - FLOWER_CELLS[KIND_COUNT])
        else:
            red = cell >= KIND_COUNT
            kind = next(kind for kind, red_cell in RED_CELLS.items() if red_cell == cell) if red else cell
            self.face_design(kind, red)
        return self.canvas.image.resize((self.width, self.height), Image.Resampling.LANCZOS)

    def face_design(self, kind: int, red: bool) -> None:
        """The design of `kind` on the face, its corner index and red-five marks."""
        t = self.theme
        box = self.art_box(t.index)
        suit, number = divmod(kind, 9)
        if suit == 0:
            self.man(box, number + 1, red)
        elif suit == 1:
            self.pin(box, number + 1, red)
        elif suit == 2:
            self.sou(box, number + 1, red)
        elif kind < 31:
            self.glyph(WINDS[kind - 27], box.sub(0.0, 0.03, 1.0, 0.94), t.ink, stretch=1.2)
        elif kind == 31:
            self.haku(box)
        elif kind == 32:
            self.glyph("發", box.sub(0.0, 0.03, 1.0, 0.94), t.hatsu, stretch=1.2)
        else:
            self.glyph("中", box.sub(0.0, 0.02, 1.0, 0.96), t.chun, stretch=1.2)
        if t.index:
            badge = mix(t.red_five, (0, 0, 0), 0.25) if red and t.red_badge else None
            if suit < 3:
                self.index(str(number + 1), "mps"[suit], t.ink, badge)
            else:
                self.index(HONOR_LETTERS[kind - 27], "", t.ink, badge)
        if red:
            self.red_frame(t.red_five)
        if red and t.red_badge:
            # measured against the widest index, so the three red fives of one size all carry the star or none
            self.star(t.ink, self.index_extent("5", "m")[5] + self.index_height() * 0.16)

    def man(self, box: Box, number: int, red: bool) -> None:
        """A characters tile: the numeral above 萬."""
        t = self.theme
        numeral, sign = (t.red_five, t.red_five) if red else (t.ink, t.man)
        # small tiles give the numeral more room: it tells the tiles apart, 萬 only has to read as the suit
        split = 0.44 if self.height >= 44 else 0.5
        numeral_box = box.sub(0.0, 0.0, 1.0, split - 0.03)
        self.glyph(NUMERALS[number - 1], numeral_box, numeral, stretch=1.0 if number == 1 else 1.3)
        self.glyph(
            "萬", box.sub(0.0, split + 0.02, 1.0, 1 - split - 0.02), sign, stretch=9, boost=self.boost * 0.3
        )

    def coin(self, center: Point, radius: float, color: RGB, plain: bool = False) -> None:
        """One circle of the pin suit: a ring, a gap and a centre with a flower of dots when there is room."""
        t = self.theme
        layer, draw = self.canvas.layer()
        cx, cy = center
        final_r = radius / self.scale

        def disk(r: float, fill: RGB) -> None:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*fill, 255))

        dark = mix(color, (0, 0, 0), 0.25)
        disk(radius, dark)
        disk(radius * 0.9, color)
        if final_r < 3.2 or plain:
            disk(radius * 0.5, t.face_top)
            disk(radius * 0.28, color)
        else:
            disk(radius * 0.72, t.face_top)
            disk(radius * 0.58, color)
            for i in range(8):
                a = i * math.pi / 4
                x, y = cx + math.cos(a) * radius * 0.36, cy + math.sin(a) * radius * 0.36
                r = radius * 0.09
                draw.ellipse((x - r, y - r, x + r, y + r), fill=(*t.face_top, 255))
            disk(radius * 0.16, t.face_top)
        self.canvas.put(layer)

    def pin(self, box: Box, number: int, red: bool) -> None:
        """A circles tile in the traditional arrangement."""
        t = self.theme
        blue, green, redc = t.pin
        if red:
            blue = green = redc = t.red_five
        unit = min(box.w, box.h / 1.333)  # sizes follow the box's width at the tile's proportions
        b = box  # positions spread over the whole box (it is wider than that under an index)
        if number == 1:
            self.big_coin(b)
            return
        spots: list[tuple[float, float, RGB]]
        r = {2: 0.27, 3: 0.215, 4: 0.235, 5: 0.2, 6: 0.19, 7: 0.16, 8: 0.152, 9: 0.165}[number]
        if number == 2:
            spots = [(0.5, 0.25, green), (0.5, 0.75, blue)]
        elif number == 3:
            spots = [(0.21, 0.17, blue), (0.5, 0.5, redc), (0.79, 0.83, green)]
        elif number == 4:
            spots = [(0.26, 0.27, blue), (0.74, 0.27, green), (0.26, 0.73, green), (0.74, 0.73, blue)]
        elif number == 5:
            spots = [
                (0.22, 0.2, blue),
                (0.78, 0.2, green),
                (0.5, 0.5, redc),
                (0.22, 0.8, green),
                (0.78, 0.8, blue),
            ]
        elif number == 6:
            spots = [(x, y, green if y < 0.3 else redc) for y in (0.15, 0.57, 0.85) for x in (0.28, 0.72)]
        elif number == 7:
            spots = [(0.19, 0.1, green), (0.5, 0.2, green), (0.81, 0.3, green)]
            spots += [(x, y, redc) for y in (0.63, 0.88) for x in (0.28, 0.72)]
        elif number == 8:
            spots = [(x, y, blue) for y in (0.115, 0.372, 0.628, 0.885) for x in (0.28, 0.72)]
        else:
            spots = [
                (x, y, c) for y, c in ((0.15, blue), (0.5, redc), (0.85, green)) for x in (0.18, 0.5, 0.82)
            ]
        for u, v, color in spots:
            self.coin(b.at(u, v), r * unit, color)

    def big_coin(self, b: Box) -> None:
        """The 1p: one large ornate circle."""
        t = self.theme
        blue, green, redc = t.pin
        layer, draw = self.canvas.layer()
        cx, cy = b.at(0.5, 0.5)
        radius = min(b.w, b.h) * 0.5
        final_r = radius / self.scale

        def disk(r: float, fill: RGB) -> None:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*fill, 255))

        disk(radius, mix(green, (0, 0, 0), 0.2))
        disk(radius * 0.93, green)
        disk(radius * 0.8, t.face_top)
        if final_r >= 6:  # a ring of beads, where there is room to see them
            for i in range(16):
                a = i * math.pi / 8
                x, y = cx + math.cos(a) * radius * 0.7, cy + math.sin(a) * radius * 0.7
                r = radius * 0.065
                draw.ellipse((x - r, y - r, x + r, y + r), fill=(*blue, 255))
        disk(radius * 0.58, redc)
        disk(radius * 0.5, t.face_top)
        if final_r >= 6:
            for i in range(8):  # a flower of petals around the centre
                a = i * math.pi / 4 + math.pi / 8
                px, py = cx + math.cos(a) * radius * 0.3, cy + math.sin(a) * radius * 0.3
                points = ellipse_points((px, py), (radius * 0.14, radius * 0.07), math.degrees(a), 36)
                draw.polygon(points, fill=(*redc, 255))
        disk(radius * 0.2, blue)
        disk(radius * 0.08, t.face_top)
        self.canvas.put(layer)

    def stick(self, center: Point, width: float, length: float, color: RGB, angle: float = 0.0) -> None:
        """One bamboo stick: two segments joined by knots, shaded like a cylinder (plain when tiny)."""
        t = self.theme
        dark = t.sou_dark if color == t.sou else mix(color, (0, 0, 0), 0.4)
        pad = int(max(width, length)) + 4
        layer = Image.new("RGBA", (pad * 2, pad * 2), (0, 0, 0, 0))
        draw = ImageDraw.Draw(layer)
        cx = cy = pad
        half = length / 2
        edge = min(max(self.scale * 0.55, width * 0.09), width * 0.3)
        if width / self.scale < 4.5:  # a few pixels wide: a bar with one knot reads better than detail
            draw.rounded_rectangle(
                (cx - width / 2, cy - half, cx + width / 2, cy + half), radius=width * 0.3, fill=(*dark, 255)
            )
            draw.rounded_rectangle(
                (cx - width / 2 + edge, cy - half + edge, cx + width / 2 - edge, cy + half - edge),
                radius=width * 0.2,
                fill=(*color, 255),
            )
            knot = max(self.scale * 0.8, width * 0.22)
            draw.rectangle((cx - width / 2, cy - knot / 2, cx + width / 2, cy + knot / 2), fill=(*dark, 255))
        else:
            stem = width * 0.66
            knot_h = width * 0.3
            knots = (cy - half + knot_h / 2, cy, cy + half - knot_h / 2)
            # the dark silhouette: stem and knots, then the coloured stem inside it
            draw.rounded_rectangle(
                (cx - stem / 2 - edge, cy - half, cx + stem / 2 + edge, cy + half),
                radius=stem / 2,
                fill=(*dark, 255),
            )
            for y in knots:
                draw.rounded_rectangle(
                    (cx - width / 2, y - knot_h / 2, cx + width / 2, y + knot_h / 2),
                    radius=knot_h / 2,
                    fill=(*dark, 255),
                )
            for y0, y1 in ((knots[0], knots[1]), (knots[1], knots[2])):
                draw.rectangle(
                    (cx - stem / 2, y0 + knot_h / 2, cx + stem / 2, y1 - knot_h / 2), fill=(*color, 255)
                )
                light = mix(color, (255, 255, 255), 0.45)
                x0 = cx - stem / 2 + stem * 0.16
                draw.rounded_rectangle(
                    (x0, y0 + knot_h * 0.8, x0 + stem * 0.2, y1 - knot_h * 0.8),
                    radius=stem * 0.1,
                    fill=(*light, 255),
                )
            for y in knots:  # a lighter line across each knot
                draw.rectangle(
                    (cx - width / 2 + edge, y - edge * 0.4, cx + width / 2 - edge, y + edge * 0.4),
                    fill=(*mix(dark, color, 0.6), 255),
                )
        if angle:
            layer = layer.rotate(angle, resample=Image.Resampling.BICUBIC)
        x, y = round(center[0] - pad), round(center[1] - pad)
        if x >= 0 and y >= 0:
            self.canvas.image.alpha_composite(layer, (x, y))
        else:
            self._paste_clipped(layer, x, y)

    def _paste_clipped(self, layer: Image.Image, x: int, y: int) -> None:
        crop = layer.crop((max(0, -x), max(0, -y), layer.width, layer.height))
        self.canvas.image.alpha_composite(crop, (max(0, x), max(0, y)))

    def sou(self, box: Box, number: int, red: bool) -> None:
        """A bamboo tile in the traditional arrangement (1s: the bird)."""
        t = self.theme
        if number == 1:
            self.bird(box)
            return
        green = t.red_five if red else t.sou
        accent = t.red_five if red else t.accent
        unit = min(box.w, box.h / 1.333)
        b = box
        width = unit * (0.28 if number <= 6 else 0.25)
        tall = b.h * 0.45
        sticks: list[tuple[float, float, RGB]]
        if number == 2:
            sticks = [(0.5, 0.25, green), (0.5, 0.75, green)]
        elif number == 3:
            sticks = [(0.5, 0.25, green), (0.25, 0.75, green), (0.75, 0.75, green)]
        elif number == 4:
            sticks = [(x, y, green) for y in (0.25, 0.75) for x in (0.25, 0.75)]
        elif number == 5:
            sticks = [(x, y, green) for y in (0.25, 0.75) for x in (0.16, 0.84)] + [(0.5, 0.5, accent)]
        elif number == 6:
            sticks = [(x, y, green) for y in (0.25, 0.75) for x in (0.17, 0.5, 0.83)]
        elif number == 7:
            tall = b.h * 0.3
            sticks = [(0.5, 0.16, accent)] + [(x, y, green) for y in (0.5, 0.84) for x in (0.17, 0.5, 0.83)]
        elif number == 8:
            self.eight_sou(b, green, width * 0.92)
            return
        else:
            tall = b.h * 0.3
            sticks = [
                (x, y, accent if x == 0.5 else green) for y in (0.16, 0.5, 0.84) for x in (0.17, 0.5, 0.83)
            ]
        for u, v, color in sticks:
            self.stick(b.at(u, v), width, tall, color)

    def eight_sou(self, b: Box, color: RGB, width: float) -> None:
        """The 8s: in each half two upright sticks outside and two leaning ones between (Λ above, V below)."""
        tall = b.h * 0.42
        for v, lean in ((0.25, 1), (0.75, -1)):
            for u in (0.1, 0.9):
                self.stick(b.at(u, v), width, tall, color)
            for u, side in ((0.385, 1), (0.615, -1)):
                self.stick(b.at(u, v), width, tall * 0.96, color, angle=-22 * lean * side)

    def bird(self, box: Box) -> None:
        """The 1s: a peacock on a bamboo branch, its tail fanned out behind it."""
        t = self.theme
        body, wing, eye = t.bird
        unit = min(box.w, box.h / 1.333)
        ox, oy = box.x + (box.w - unit) / 2, box.y + (box.h - unit * 1.333) / 2
        small = unit / self.scale < 16
        layer, draw = self.canvas.layer()

        def at(x: float, y: float) -> Point:  # both in units of the art's width
            return ox + x * unit, oy + y * unit

        def oval(x: float, y: float, rx: float, ry: float, angle: float, fill: RGB) -> None:
            draw.polygon(ellipse_points(at(x, y), (rx * unit, ry * unit), angle), fill=(*fill, 255))

        def disk(x: float, y: float, r: float, fill: RGB) -> None:
            cx, cy = at(x, y)
            draw.ellipse((cx - r * unit, cy - r * unit, cx + r * unit, cy + r * unit), fill=(*fill, 255))

        # the tail: feathers fanned up and to the right, each ending in an eye
        pivot, length = (0.48, 0.86), 0.55
        angles = (-112, -94, -76, -58, -40, -22)
        for angle in angles:
            a = math.radians(angle)
            tip = (pivot[0] + math.cos(a) * length, pivot[1] + math.sin(a) * length)
            mid = ((pivot[0] + tip[0]) / 2, (pivot[1] + tip[1]) / 2)
            oval(*mid, length / 2, 0.045, angle, mix(body, (0, 0, 0), 0.3))
            oval(*tip, 0.105, 0.085, angle, mix(body, (0, 0, 0), 0.15))
            oval(*tip, 0.07, 0.056, angle, wing)
            if not small:
                oval(*tip, 0.032, 0.028, angle, eye)
        # the branch it stands on
        self.canvas.put(layer)
        self.stick(at(0.52, 1.2), unit * 0.13, unit * 0.8, t.sou, angle=90)
        layer, draw = self.canvas.layer()
        # legs, body with a lighter breast, and a wing
        leg = max(self.scale * 0.8, unit * 0.03)
        for x in (0.4, 0.5):
            draw.line((at(x, 0.96), at(x + 0.02, 1.16)), fill=(*t.accent, 255), width=round(leg))
        oval(0.45, 0.86, 0.22, 0.15, -28, body)
        oval(0.33, 0.8, 0.1, 0.13, 25, mix(body, (255, 255, 255), 0.25))
        oval(0.52, 0.84, 0.16, 0.085, -32, wing)
        if not small:  # feather rows across the wing
            for i in range(3):
                oval(0.47 + i * 0.06, 0.87 - i * 0.035, 0.035, 0.05, -32, mix(wing, (255, 255, 255), 0.35))
        # neck and head in the wing colour, a crest of three feathers, a white eye and the beak
        oval(0.27, 0.62, 0.065, 0.16, 14, wing)
        disk(0.24, 0.46, 0.09, wing)
        for dx, dy in ((-0.07, -0.16), (0.0, -0.19), (0.07, -0.16)):
            draw.line((at(0.24, 0.4), at(0.24 + dx, 0.4 + dy)), fill=(*t.ink, 255), width=round(leg))
            disk(0.24 + dx, 0.4 + dy, 0.03, t.accent)
        draw.polygon((at(0.16, 0.43), at(0.03, 0.49), at(0.16, 0.51)), fill=(*t.accent, 255))
        disk(0.215, 0.45, 0.035, (255, 255, 255))
        disk(0.205, 0.45, 0.018, t.ink)
        self.canvas.put(layer)

    def haku(self, box: Box) -> None:
        """The white dragon: an empty face inside a blue double frame."""
        t = self.theme
        layer, draw = self.canvas.layer()
        frame = box.sub(0.02, 0.05, 0.96, 0.9)
        thick = max(self.scale * 1.3, frame.w * 0.1)
        draw.rounded_rectangle(frame.rect, radius=frame.w * 0.12, outline=(*t.haku, 255), width=round(thick))
        gap = thick + max(self.scale * 1.2, frame.w * 0.08)
        inner = Box(frame.x + gap, frame.y + gap, frame.w - 2 * gap, frame.h - 2 * gap)
        if inner.w > self.scale * 2:
            draw.rounded_rectangle(
                inner.rect,
                radius=inner.w * 0.08,
                outline=(*t.haku, 255),
                width=round(max(self.scale, thick * 0.45)),
            )
        self.canvas.put(layer)

    def flower(self, season: int) -> None:
        """A flower tile: a five-petal blossom above its season's character, the number 1-4 in a corner."""
        t = self.theme
        color = t.seasons[season]
        f = self.face
        if t.index:
            self.index(str(season + 1), "f", t.ink)
            box = self.art_box(True)
        else:
            box = self.art_box(False)
            size = self.index_height() * 0.9
            self.glyph(
                str(season + 1), Box(0.09 * f.w, 0.05 * f.h, size * 0.7, size), color, boost=self.scale * 0.3
            )
            box = box.sub(0.18, 0.0, 0.82, 1.0)
        glyph_box = box.sub(0.0, 0.38, 1.0, 0.62)
        self.glyph(SEASONS[season], glyph_box, color, stretch=1.15)
        # the blossom: five petals around a golden centre, in the season's colour
        cx, cy = box.at(0.5, 0.19)
        r = min(box.w * 0.36, box.h * 0.19)
        layer, draw = self.canvas.layer()
        petal = r * 0.46
        for i in range(5):
            a = -math.pi / 2 + i * 2 * math.pi / 5
            px, py = cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a)
            draw.ellipse(
                (px - petal, py - petal, px + petal, py + petal), fill=(*mix(color, t.face_top, 0.35), 255)
            )
        core = r * 0.3
        draw.ellipse(
            (cx - core, cy - core, cx + core, cy + core), fill=(*mix((230, 170, 20), color, 0.15), 255)
        )
        self.canvas.put(layer)

    def back_motif(self) -> None:
        """An embossed inner panel on the back: a shaded line above a light one, like a pressed edge."""
        t = self.theme
        f = self.face
        inset = f.w * 0.16
        panel = (inset, inset, f.w - inset, f.h - inset)
        width = max(self.scale, round(f.w * 0.03))
        radius = f.w * 0.1
        layer, draw = self.canvas.layer()
        light = (*mix(t.back_top, (255, 255, 255), 0.45), 110)
        dark = (*mix(t.back_bottom, (0, 0, 0), 0.35), 120)
        shifted = (panel[0], panel[1] + width * 0.8, panel[2], panel[3] + width * 0.8)
        draw.rounded_rectangle(shifted, radius=radius, outline=light, width=width)
        draw.rounded_rectangle(panel, radius=radius, outline=dark, width=width)
        self.canvas.put(layer)


@cache
def tile_body(theme: Theme, height: int, face_up: bool, scale: int = SUPERSAMPLE) -> Image.Image:
    """The supersampled tile without a design: silhouette, band and face (or back); shared by every cell."""
    painter = Painter(theme, height, scale)
    painter.draw_body(face_up)
    return painter.canvas.image


# sheets, the command line and the preview


def draw_sheet(theme: Theme, height: int) -> Image.Image:
    """Every cell of `theme` at `height` in one row (42 cells, each round(height * 0.75) wide)."""
    width = cell_size(height)[0]
    sheet = Image.new("RGBA", (width * CELL_COUNT, height), (0, 0, 0, 0))
    for cell in range(CELL_COUNT):
        sheet.paste(Painter(theme, height).draw_cell(cell), (cell * width, 0))
    return sheet


def png_bytes(image: Image.Image) -> bytes:
    """`image` as PNG bytes with no metadata, so a rebuild reproduces the file byte for byte."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def build(
    root: Path = ASSETS, themes: Sequence[str] = THEMES, heights: Sequence[int] = HEIGHTS
) -> list[Path]:
    """Draw and write the sheets of `themes` at `heights` under `root`; return the files written."""
    written = []
    for name in themes:
        for height in heights:
            path = sheet_path(name, height, root)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png_bytes(draw_sheet(THEME_BY_NAME[name], height)))
            written.append(path)
    return written


def preview(out: Path, heights: Sequence[int] = (32, 80)) -> None:
    """A contact sheet on felt: both themes, each at `heights`, every cell in a row."""
    gap = 4
    rows = [(THEME_BY_NAME[name], height) for name in THEMES for height in heights]
    width = max(cell_size(h)[0] * CELL_COUNT + gap * (CELL_COUNT + 1) for _, h in rows)
    total = sum(h + 2 * gap for _, h in rows) + gap
    image = Image.new("RGBA", (width, total), (30, 96, 66, 255))
    y = gap
    for theme, height in rows:
        sheet = draw_sheet(theme, height)
        w = cell_size(height)[0]
        for cell in range(CELL_COUNT):
            image.alpha_composite(
                sheet.crop((cell * w, 0, (cell + 1) * w, height)), (gap + cell * (w + gap), y + gap)
            )
        y += height + 2 * gap
    image.save(out)


def main(argv: list[str] | None = None) -> int:
    """Rebuild every sheet (or write a preview contact sheet); return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m graphics.tileart", description=__doc__)
    parser.add_argument("--preview", type=Path, metavar="OUT.png", help="write a contact sheet instead")
    parser.add_argument("--sizes", type=int, nargs="+", default=[32, 80], help="tile heights of the preview")
    args = parser.parse_args(argv)
    if args.preview:
        preview(args.preview, args.sizes)
        print(f"wrote {args.preview}")
        return 0
    for path in build():
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
