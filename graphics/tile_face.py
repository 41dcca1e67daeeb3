"""Procedurally drawn tile sprites (ivory face, coloured back, soft shadow) for the 34 kinds.

Drawn with pygame primitives: placeholder art for the title screen until the full tile set exists.
Kinds follow the project's 0..33 numbering.
"""

import pygame

SUPERSAMPLE = 3  # drawn large then smooth-scaled down: pygame's filled shapes are not anti-aliased
IVORY = (246, 241, 226)
IVORY_SHADE = (226, 216, 194)
EDGE = (186, 172, 146)
BACK = (226, 138, 48)
BACK_DARK = (170, 94, 26)
INK = (28, 34, 56)
BLUE = (32, 78, 168)
GREEN = (22, 124, 74)
RED = (204, 40, 44)

Color = tuple[int, int, int]
Spot = tuple[float, float]

# pip centres in the unit square of the face, and their colours, per number (1p..9p)
PIN_SPOTS: dict[int, tuple[tuple[Spot, Color], ...]] = {
    1: (((0.5, 0.5), RED),),
    2: (((0.5, 0.27), GREEN), ((0.5, 0.73), BLUE)),
    3: (((0.23, 0.2), BLUE), ((0.5, 0.5), RED), ((0.77, 0.8), GREEN)),
    4: (((0.28, 0.28), BLUE), ((0.72, 0.28), GREEN), ((0.28, 0.72), GREEN), ((0.72, 0.72), BLUE)),
    5: (
        ((0.26, 0.22), BLUE),
        ((0.74, 0.22), GREEN),
        ((0.5, 0.5), RED),
        ((0.26, 0.78), GREEN),
        ((0.74, 0.78), BLUE),
    ),
    6: tuple(((x, y), GREEN if y < 0.3 else RED) for y in (0.18, 0.56, 0.84) for x in (0.3, 0.7)),
    7: (
        ((0.2, 0.12), GREEN),
        ((0.5, 0.22), GREEN),
        ((0.8, 0.32), GREEN),
        *(((x, y), RED) for y in (0.62, 0.87) for x in (0.3, 0.7)),
    ),
    8: tuple(((x, y), BLUE) for y in (0.12, 0.37, 0.63, 0.88) for x in (0.3, 0.7)),
    9: tuple(((x, y), c) for y, c in ((0.17, BLUE), (0.5, RED), (0.83, GREEN)) for x in (0.2, 0.5, 0.8)),
}
PIN_RADIUS = {1: 0.38, 2: 0.2, 3: 0.16, 4: 0.18, 5: 0.16, 6: 0.14, 7: 0.115, 8: 0.115, 9: 0.135}

# bamboo stick centres per number (2s..9s); a stick is red where the real tiles have a red one
SOU_SPOTS: dict[int, tuple[tuple[Spot, Color], ...]] = {
    2: (((0.5, 0.27), GREEN), ((0.5, 0.73), GREEN)),
    3: (((0.5, 0.27), GREEN), ((0.3, 0.73), GREEN), ((0.7, 0.73), GREEN)),
    4: tuple(((x, y), GREEN) for y in (0.27, 0.73) for x in (0.3, 0.7)),
    5: (
        ((0.22, 0.27), GREEN),
        ((0.78, 0.27), GREEN),
        ((0.5, 0.5), RED),
        ((0.22, 0.73), GREEN),
        ((0.78, 0.73), GREEN),
    ),
    6: tuple(((x, y), GREEN) for y in (0.27, 0.73) for x in (0.2, 0.5, 0.8)),
    7: (((0.5, 0.16), RED), *(((x, y), GREEN) for y in (0.5, 0.84) for x in (0.2, 0.5, 0.8))),
    8: tuple(((x, y), GREEN) for y in (0.27, 0.73) for x in (0.14, 0.38, 0.62, 0.86)),
    9: tuple(((x, y), RED if x == 0.5 else GREEN) for y in (0.17, 0.5, 0.83) for x in (0.2, 0.5, 0.8)),
}
SOU_HEIGHT = {2: 0.4, 3: 0.4, 4: 0.4, 5: 0.4, 6: 0.4, 7: 0.28, 8: 0.4, 9: 0.28}


def tile_sprite(kind: int, width: int, height: int, red: bool = False) -> pygame.Surface:
    """A tile of `kind` (0..33) as a transparent width x height sprite: shadow, back edge and ivory face."""
    s = SUPERSAMPLE
    big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    depth = max(2, height // 12) * s
    shadow = max(2, height // 16) * s
    face_w, face_h = (width * s) - shadow, (height * s) - shadow - depth
    radius = max(3, face_w // 8)

    shade = pygame.Surface((face_w, face_h + depth), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=radius)
    big.blit(shade, (shadow, shadow))
    pygame.draw.rect(big, BACK_DARK, (0, depth // 2, face_w, face_h + depth // 2), border_radius=radius)
    pygame.draw.rect(big, BACK, (0, depth // 3, face_w, face_h), border_radius=radius)
    pygame.draw.rect(big, IVORY_SHADE, (0, 0, face_w, face_h), border_radius=radius)
    inset = max(1, face_w // 40)
    pygame.draw.rect(big, IVORY, (inset, inset, face_w - 2 * inset, face_h - 3 * inset), border_radius=radius)
    pygame.draw.rect(big, EDGE, (0, 0, face_w, face_h), width=max(1, s), border_radius=radius)

    margin_x, margin_y = face_w * 0.14, face_h * 0.11
    area = pygame.Rect(
        round(margin_x), round(margin_y), round(face_w - 2 * margin_x), round(face_h - 2 * margin_y)
    )
    draw_glyph(big, area, kind, red)
    return pygame.transform.smoothscale(big, (width, height))


def draw_glyph(surface: pygame.Surface, area: pygame.Rect, kind: int, red: bool = False) -> None:
    """Draw the face design of `kind` inside `area`."""
    suit, number = divmod(kind, 9)
    number += 1
    if suit == 0:
        _draw_man(surface, area, number, red)
    elif suit == 1:
        _draw_pin(surface, area, number, red)
    elif suit == 2:
        _draw_sou(surface, area, number, red)
    elif kind < 31:
        _draw_wind(surface, area, "ESWN"[kind - 27])
    elif kind == 31:
        _draw_haku(surface, area)
    elif kind == 32:
        _draw_hatsu(surface, area)
    else:
        _draw_chun(surface, area)


def _at(area: pygame.Rect, spot: Spot) -> tuple[int, int]:
    return round(area.x + spot[0] * area.w), round(area.y + spot[1] * area.h)


def _draw_pin(surface: pygame.Surface, area: pygame.Rect, number: int, red: bool) -> None:
    unit = min(area.w, area.h * 0.75)
    radius = PIN_RADIUS[number] * unit * (1.0 if number == 1 else 1.25)
    for spot, color in PIN_SPOTS[number]:
        center = _at(area, spot)
        ink = RED if red else color
        pygame.draw.circle(surface, ink, center, radius)
        pygame.draw.circle(surface, IVORY, center, radius * 0.72)
        pygame.draw.circle(surface, ink, center, radius * 0.5)
        if number == 1:  # the big 1p carries extra rings
            pygame.draw.circle(surface, GREEN, center, radius * 0.86, width=max(1, round(radius * 0.08)))
            pygame.draw.circle(surface, IVORY, center, radius * 0.22)


def _draw_stick(
    surface: pygame.Surface, center: tuple[int, int], width: float, height: float, color: Color
) -> None:
    rect = pygame.Rect(0, 0, round(width), round(height))
    rect.center = center
    pygame.draw.rect(surface, color, rect, border_radius=round(width / 2))
    node = max(1, round(height * 0.06))
    for y in (rect.top + rect.h * 0.5, rect.top + rect.h * 0.14, rect.bottom - rect.h * 0.14):
        pygame.draw.line(surface, IVORY, (rect.left, y), (rect.right, y), node)
    pygame.draw.line(
        surface, IVORY, (rect.centerx, rect.top + node * 2), (rect.centerx, rect.bottom - node * 2), 1
    )


def _draw_sou(surface: pygame.Surface, area: pygame.Rect, number: int, red: bool) -> None:
    if number == 1:  # the 1s bird, reduced to a peacock-like medallion on one stick
        _draw_stick(surface, _at(area, (0.5, 0.62)), area.w * 0.16, area.h * 0.6, GREEN)
        pygame.draw.circle(surface, RED, _at(area, (0.5, 0.3)), area.w * 0.26)
        pygame.draw.circle(surface, GREEN, _at(area, (0.5, 0.3)), area.w * 0.16)
        pygame.draw.circle(surface, BLUE, _at(area, (0.5, 0.3)), area.w * 0.07)
        return
    width = area.w * (0.13 if number == 8 else 0.16)
    for spot, color in SOU_SPOTS[number]:
        _draw_stick(surface, _at(area, spot), width, area.h * SOU_HEIGHT[number], RED if red else color)


def _font(size: int) -> pygame.font.Font:
    """pygame's bundled font; initialises the font module if no one has (sprites may be drawn first)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


def _draw_man(surface: pygame.Surface, area: pygame.Rect, number: int, red: bool) -> None:
    font = _font(round(area.h * 0.7))
    digit = font.render(str(number), True, RED if red else INK)
    surface.blit(digit, digit.get_rect(center=_at(area, (0.5, 0.24))))
    # the suit sign 万 in three strokes: a bar, a falling stroke and a hooked stroke
    stroke = max(2, round(area.w * 0.09))
    bar, mid, low = (area.y + area.h * f for f in (0.58, 0.72, 0.96))
    pygame.draw.line(surface, RED, _at(area, (0.1, 0.58)), _at(area, (0.9, 0.58)), stroke)
    pygame.draw.line(surface, RED, (area.x + area.w * 0.42, bar), (area.x + area.w * 0.12, low), stroke)
    hook = [(area.x + area.w * 0.36, mid), (area.x + area.w * 0.82, mid), (area.x + area.w * 0.78, low)]
    pygame.draw.lines(surface, RED, False, hook, stroke)
    pygame.draw.line(surface, RED, hook[2], (area.x + area.w * 0.66, low - area.h * 0.06), stroke)


def _draw_wind(surface: pygame.Surface, area: pygame.Rect, letter: str) -> None:
    font = _font(round(area.h * 1.1))
    glyph = font.render(letter, True, INK)
    surface.blit(glyph, glyph.get_rect(center=area.center))


def _draw_haku(surface: pygame.Surface, area: pygame.Rect) -> None:
    frame = area.inflate(-area.w * 0.1, -area.h * 0.24)
    pygame.draw.rect(surface, BLUE, frame, width=max(2, area.w // 14), border_radius=area.w // 10)
    pygame.draw.rect(surface, BLUE, frame.inflate(-area.w * 0.3, -area.w * 0.3), width=max(1, area.w // 30))


def _draw_hatsu(surface: pygame.Surface, area: pygame.Rect) -> None:
    # three leaves on a stem: a readable green-dragon mark without a CJK font
    stroke = max(2, round(area.w * 0.08))
    base = _at(area, (0.5, 0.92))
    for tip in ((0.5, 0.1), (0.14, 0.3), (0.86, 0.3)):
        end = _at(area, tip)
        pygame.draw.line(surface, GREEN, base, end, stroke)
        pygame.draw.circle(surface, GREEN, end, area.w * 0.13)
    pygame.draw.line(surface, GREEN, _at(area, (0.25, 0.72)), _at(area, (0.75, 0.72)), stroke)


def _draw_chun(surface: pygame.Surface, area: pygame.Rect) -> None:
    # 中: a box crossed by one vertical stroke
    stroke = max(3, round(area.w * 0.13))
    box = pygame.Rect(0, 0, round(area.w * 0.86), round(area.h * 0.36))
    box.center = _at(area, (0.5, 0.46))
    pygame.draw.rect(surface, RED, box, width=stroke, border_radius=stroke // 2)
    pygame.draw.line(surface, RED, _at(area, (0.5, 0.04)), _at(area, (0.5, 0.98)), stroke)
