"""A tournament's full standings with a chart of everyone's points round by round, and the final ceremony:
the podium for the top three, the others below, confetti over the champion.

Both read the tournament once when they open; the chart's lines and the podium's steps animate in.
"""

from __future__ import annotations

import colorsys
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.records import RecordsError
from game.tournament import StandingRow, TournamentError, TournamentView, format_points, load_view
from graphics import i18n
from graphics.app import App
from graphics.fonts import render_text
from graphics.i18n import tr
from graphics.layout import Box
from graphics.screens import navigation
from graphics.screens.chrome import (
    ERROR_INK,
    MEDALS,
    TITLE_GOLD,
    backdrop,
    band_surface,
    draw_heading,
    draw_panel,
    draw_rank,
    draw_scrollbar,
    points_ink,
    shadowed_text,
)
from graphics.screens.form import Field, Form
from graphics.screens.tournament_layouts import (
    CeremonyLayout,
    StandingsLayout,
    ceremony_layout,
    standings_layout,
)
from graphics.tiles import TileArt
from graphics.widgets import DIM_INK, GOLD, INK, Button, draw_fitted, fitted_size

AXIS = (150, 170, 160)
GRID = (60, 90, 78)
# distinct on the dark felt; more participants than colours continue around the hue circle
PALETTE = (
    (236, 196, 92),
    (110, 180, 240),
    (240, 120, 110),
    (120, 220, 160),
    (186, 146, 240),
    (245, 160, 70),
    (240, 140, 200),
    (90, 210, 220),
    (196, 224, 96),
    (226, 226, 226),
    (204, 168, 128),
    (132, 140, 250),
)
DRAW_S = 1.4  # the chart's lines grow in over this time
RISE_S = 0.9  # one podium step rising
CONFETTI = 110


def line_color(index: int) -> tuple[int, int, int]:
    """The chart colour of the participant in standings position `index` (0: the leader, in gold)."""
    if index < len(PALETTE):
        return PALETTE[index]
    hue = (index * 0.618034) % 1.0
    red, green, blue = colorsys.hsv_to_rgb(hue, 0.5, 0.95)
    return round(red * 255), round(green * 255), round(blue * 255)


def last_played_round(view: TournamentView) -> int:
    """The last round with a finished match (0 before any)."""
    return max((m.round or 0 for m in view.matches if m.status == "finished"), default=0)


def chart_series(row: StandingRow, last_round: int) -> list[float]:
    """A participant's points after each round up to `last_round`, from 0 before round 1; the last point is
    the standings total (adjustments included)."""
    if last_round <= 0:
        return [0.0]
    return [0.0, *row.cumulative[: last_round - 1], row.points]


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values spanning low..high for an axis (about `count` of them), always including 0 in range.

    >>> nice_ticks(-12, 47)
    [-20.0, 0.0, 20.0, 40.0, 60.0]
    """
    low, high = min(low, 0.0), max(high, 0.0)
    if high - low < 1e-9:
        high = low + 10
    raw = (high - low) / max(1, count - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value < high + step - 1e-9:
        ticks.append(round(value, 6) + 0.0)
        value += step
    return ticks


def _read(app: App, tournament: int) -> tuple[TournamentView | None, str]:
    try:
        return load_view(app.records(), tournament), ""
    except (RecordsError, TournamentError) as error:
        return None, " ".join(str(error).split())


def _ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


# ----------------------------------------------------------------------------------------------------------
# standings


class TournamentStandingsScene:
    """Every participant's standing and the points chart."""

    def __init__(self, app: App, tournament: int) -> None:
        self.app = app
        self.tournament = tournament
        self.view, self.error = _read(app, tournament)
        self.form = Form(app.services.play_cue)
        self.layout: StandingsLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self.offset = 0
        self.hover = -1  # the standings row under the mouse
        self.time_s = 0.0

    @property
    def places(self) -> int:
        """Seats at a table: one rank column each."""
        return self.view.info.rules.players if self.view is not None else 4

    @property
    def chips(self) -> bool:
        """Whether the tournament's rules have chips: a column shows them."""
        return self.view is not None and self.view.info.rules.chips

    def build(self) -> StandingsLayout:
        """The layout and Back for the current size and language."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or self._built != (width, height, lang):
            self.layout = standings_layout(width, height, self.places, self.chips)
            self._built = (width, height, lang)
            self.form.set_fields(
                [Field("back", Button(self.layout.back, tr("menu.back"), "back"), self.back)],
                default_focus="back",
            )
            self.scroll(0)
        return self.layout

    def scroll(self, rows: int) -> None:
        """Move the table by whole rows."""
        total = len(self.view.rows) if self.view is not None else 0
        shown = len(self.layout.rows) if self.layout is not None else 1
        self.offset = max(0, min(self.offset + rows, total - shown))

    def back(self) -> None:
        """Back to the lobby."""
        navigation.go(self.app, "tournament_lobby", tournament=self.tournament)

    def handle(self, event: pygame.event.Event) -> None:
        """Wheel and keys scroll the table; the mouse picks a row (its adjustments, its line); Esc: back."""
        layout = self.build()
        if event.type == pygame.KEYDOWN:
            shown = len(layout.rows)
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -shown,
                pygame.K_PAGEDOWN: shown,
                pygame.K_HOME: -99,
                pygame.K_END: 99,
            }
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in moves:
                self.scroll(moves[event.key])
                return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        elif event.type == pygame.MOUSEMOTION:
            self.hover = -1
            for slot, band in enumerate(layout.row_bands):
                if band.contains_point(*event.pos):
                    self.hover = self.offset + slot
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Grow the chart's lines."""
        self.time_s += dt_s
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Every frame while the chart's lines grow; then only input changes the screen."""
        return 0.0 if self.time_s < DRAW_S else self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        view = self.view
        title = (
            tr("tournament.standings.title", name=view.info.name)
            if view
            else tr("tournament.standings.heading")
        )
        draw_heading(surface, title, layout.heading, lang)
        draw_panel(surface, layout.table_panel)
        draw_panel(surface, layout.chart_panel, tr("tournament.standings.chart"), layout.chart_title, lang)
        if view is None:
            draw_fitted(
                surface,
                tr("tournament.lobby.unreadable", error=self.error),
                layout.text_px(17),
                ERROR_INK,
                layout.row_bands[0],
                "midleft",
                lang=lang,
            )
        else:
            self.draw_table(surface, layout, view, lang)
            self.draw_chart(surface, layout, view, lang)
        self.form.draw(surface, lang)

    def draw_table(
        self, surface: pygame.Surface, layout: StandingsLayout, view: TournamentView, lang: str
    ) -> None:
        """The header, the rows in view and the adjustments line."""
        places = self.places
        chips = int(self.chips)  # the chips column after the points moves the later ones along
        headers = [
            ("rank", "center"),
            ("name", "midleft"),
            ("points", "midright"),
            *((("chips", "midright"),) if chips else ()),
            ("matches", "midright"),
            *((f"place_{n}", "midright") for n in range(1, places + 1)),
            ("avg_rank", "midright"),
            ("adjust", "midright"),
        ]
        header_px = max(9, round(layout.header[0].h * 0.46))
        labels = [tr(f"tournament.standings.{key}") for key, _ in headers]
        header_px = min(  # one size for every heading: the one the narrowest fit allows
            fitted_size(label, header_px, cell.w, True, lang)
            for label, cell in zip(labels, layout.header, strict=True)
        )
        for label, (_, anchor), cell in zip(labels, headers, layout.header, strict=True):
            draw_fitted(surface, label, header_px, GOLD, cell, anchor, True, lang)
        first = layout.header[0]
        y = first.bottom + max(2, round(layout.scale * 4))
        pygame.draw.line(
            surface,
            (120, 100, 50),
            (layout.row_bands[0].x, y),
            (layout.row_bands[0].right, y),
            max(1, round(layout.scale)),
        )
        played = any(row.matches for row in view.rows) or bool(view.adjustments)
        for slot, (cells, band) in enumerate(zip(layout.rows, layout.row_bands, strict=True)):
            index = self.offset + slot
            if index >= len(view.rows):
                break
            row = view.rows[index]
            if index == self.hover or (index % 2 == 0):
                alpha = 30 if index == self.hover else 10
                shade = band_surface(band.w, band.h, (255, 255, 255, alpha), radius=max(3, band.h // 5))
                surface.blit(shade, band[:2])
            size = layout.text_px(16)
            radius = max(4, round(12 * layout.scale))
            draw_rank(surface, row.rank, cells[0], radius, size, lang, medal=played)
            name_box = cells[1]
            swatch = max(3, round(5.5 * layout.scale))
            pygame.draw.circle(
                surface, line_color(index), (name_box.x + swatch, name_box.y + name_box.h // 2), swatch
            )
            inset = name_box._replace(x=name_box.x + swatch * 3, w=name_box.w - swatch * 3)
            draw_fitted(
                surface,
                row.name,
                size,
                GOLD if row.rank == 1 and played else INK,
                inset,
                "midleft",
                True,
                lang,
            )
            draw_fitted(
                surface,
                format_points(row.points),
                size,
                points_ink(row.points),
                cells[2],
                "midright",
                True,
                lang,
            )
            if chips:
                count_text = f"{row.chips:+d}" if row.chips else "0"
                draw_fitted(surface, count_text, size, points_ink(row.chips), cells[3], "midright", lang=lang)
            draw_fitted(surface, str(row.matches), size, INK, cells[3 + chips], "midright", lang=lang)
            for place, cell in enumerate(cells[4 + chips : 4 + chips + places]):
                count = row.ranks[place] if place < len(row.ranks) else 0
                draw_fitted(surface, str(count), size, INK if count else DIM_INK, cell, "midright", lang=lang)
            average = f"{row.avg_rank:.2f}" if row.avg_rank is not None else "—"
            draw_fitted(surface, average, size, INK, cells[4 + chips + places], "midright", lang=lang)
            total = sum(item.points for item in row.adjustments)
            adjusted = format_points(total) + "*" if row.adjustments else "—"
            ink = points_ink(total) if row.adjustments else DIM_INK
            draw_fitted(surface, adjusted, size, ink, cells[5 + chips + places], "midright", lang=lang)
        draw_scrollbar(surface, layout.scrollbar, self.offset, len(layout.rows), len(view.rows))
        draw_fitted(surface, self.note(view), layout.text_px(15), DIM_INK, layout.note, "midleft", lang=lang)

    def note(self, view: TournamentView) -> str:
        """The adjustments line: the hovered row's, else everyone's, else how to read the table."""
        rows = [view.rows[self.hover]] if 0 <= self.hover < len(view.rows) else list(view.rows)
        parts = [
            tr(
                "tournament.standings.adjustment",
                name=row.name,
                points=format_points(item.points),
                reason=item.reason,
            )
            for row in rows
            for item in row.adjustments
        ]
        if parts:
            return tr("tournament.standings.adjustments", items="; ".join(parts))
        return tr("tournament.standings.legend_hint")

    def draw_chart(
        self, surface: pygame.Surface, layout: StandingsLayout, view: TournamentView, lang: str
    ) -> None:
        """Axes, the zero line, round labels, each participant's line growing in, and the legend."""
        plot = layout.plot
        rounds = view.info.rounds
        last = last_played_round(view)
        series = [chart_series(row, last) for row in view.rows]
        values = [value for points in series for value in points]
        ticks = nice_ticks(min(values, default=0.0), max(values, default=0.0))
        low, high = ticks[0], ticks[-1]

        def to_y(value: float) -> float:
            return plot.bottom - (value - low) / (high - low) * plot.h

        def to_x(number: float) -> float:
            return plot.x + number / max(1, rounds) * plot.w

        label_px = layout.text_px(13)
        thin = max(1, round(layout.scale))
        for tick in ticks:
            y = round(to_y(tick))
            color = AXIS if tick == 0 else GRID
            pygame.draw.line(surface, color, (plot.x, y), (plot.right, y), thin * (2 if tick == 0 else 1))
            text = f"{tick:+g}" if tick else "0"
            image = render_text(text, label_px, DIM_INK, lang=lang)
            surface.blit(image, image.get_rect(midright=(plot.x - max(4, round(6 * layout.scale)), y)))
        pygame.draw.line(surface, AXIS, (plot.x, plot.y), (plot.x, plot.bottom), thin)
        every = max(1, math.ceil(rounds / 10))
        for number in range(rounds + 1):
            x = round(to_x(number))
            pygame.draw.line(
                surface, AXIS, (x, plot.bottom), (x, plot.bottom + max(3, round(4 * layout.scale))), thin
            )
            if number % every == 0 or number == rounds:
                text = (
                    tr("tournament.standings.round_short", n=number)
                    if number
                    else tr("tournament.standings.start")
                )
                image = render_text(text, label_px, DIM_INK, lang=lang)
                surface.blit(
                    image, image.get_rect(midtop=(x, layout.x_labels.y + max(2, round(3 * layout.scale))))
                )
        if last == 0:
            draw_fitted(
                surface,
                tr("tournament.standings.no_results"),
                layout.text_px(16),
                DIM_INK,
                plot,
                "center",
                lang=lang,
            )
        else:
            grown = _ease(self.time_s / DRAW_S) * last
            width = max(2, round(2.4 * layout.scale))
            order = list(range(len(series)))
            if 0 <= self.hover < len(series):
                order.remove(self.hover)
                order.append(self.hover)  # the hovered line on top
            for index in reversed(order) if self.hover < 0 else order:
                points = _grown_points(series[index], grown, to_x, to_y)
                color = line_color(index)
                if self.hover >= 0 and index != self.hover:
                    color = tuple(round(c * 0.4 + 20) for c in color)  # type: ignore[assignment]
                thick = width * 2 if index == self.hover else width
                if len(points) >= 2:
                    pygame.draw.lines(surface, color, False, points, thick)
                for point in points[1 : math.floor(grown) + 1]:
                    pygame.draw.circle(surface, color, (round(point[0]), round(point[1])), thick + 1)
        for slot, box in enumerate(layout.legend):
            if slot >= len(view.rows):
                break
            row = view.rows[slot]
            mid = box.y + box.h // 2
            pygame.draw.line(
                surface, line_color(slot), (box.x, mid), (box.x + box.h, mid), max(2, round(3 * layout.scale))
            )
            name_box = box._replace(x=box.x + box.h + 8, w=box.w - box.h - 8 - round(box.w * 0.3))
            points_box = box._replace(x=box.right - round(box.w * 0.3), w=round(box.w * 0.3))
            size = layout.text_px(14.5)
            draw_fitted(surface, row.name, size, INK, name_box, "midleft", lang=lang)
            draw_fitted(
                surface,
                format_points(row.points),
                size,
                points_ink(row.points),
                points_box,
                "midright",
                lang=lang,
            )


def _grown_points(
    values: list[float], grown: float, to_x: Callable[[float], float], to_y: Callable[[float], float]
) -> list[tuple[float, float]]:
    """The line's points up to round `grown` (a fraction ends between two rounds)."""
    points = []
    whole = math.floor(grown)
    for number, value in enumerate(values[: whole + 1]):
        points.append((to_x(number), to_y(value)))
    if whole + 1 < len(values) and grown > whole:
        part = grown - whole
        value = values[whole] + (values[whole + 1] - values[whole]) * part
        points.append((to_x(grown), to_y(value)))
    return points


# ----------------------------------------------------------------------------------------------------------
# the ceremony


@dataclass
class Flake:
    """One piece of confetti (or a falling tile): position, speed, turn and look."""

    x: float
    y: float
    speed: float  # of the window height per second
    sway: float  # phase of the side-to-side drift
    spin: float  # turns per second
    size: float  # of the window height
    color: tuple[int, int, int]
    tile: int  # a tile kind for the few falling tiles, -1 for paper


CONFETTI_COLORS = ((236, 196, 92), (244, 226, 160), (206, 80, 62), (240, 240, 232), (150, 220, 160))
FALLING_TILES = (31, 32, 33, 27)  # haku, hatsu, chun, East


@lru_cache(maxsize=8)
def step_surface(w: int, h: int, medal: tuple[int, int, int], edge: int) -> pygame.Surface:
    """A podium step: a lit top face in the medal's colour over a front that darkens toward the floor."""
    surface = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    radius = max(4, w // 30)
    face_h = max(2, round(h * 0.12))
    body = pygame.Surface((max(1, w), max(1, h)))
    for y in range(h):
        t = y / max(1, h - 1)
        shade = 0.62 - 0.28 * t
        pygame.draw.line(body, tuple(round(c * shade) for c in medal), (0, y), (w, y))
    mask = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(
        mask,
        (255, 255, 255, 255),
        mask.get_rect(),
        border_top_left_radius=radius,
        border_top_right_radius=radius,
    )
    surface.blit(body, (0, 0))
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(
        surface,
        medal,
        pygame.Rect(0, 0, w, face_h),
        border_top_left_radius=radius,
        border_top_right_radius=radius,
    )
    pygame.draw.line(
        surface, tuple(min(255, c + 50) for c in medal), (radius, 1), (w - radius, 1), max(1, edge // 2)
    )
    pygame.draw.rect(surface, tuple(min(255, c + 30) for c in medal), surface.get_rect(), edge, radius)
    return surface


def make_confetti(seed: int, count: int = CONFETTI) -> list[Flake]:
    """Confetti spread over the window (fractions of its size), with a few tiles among it."""
    rng = random.Random(seed)
    flakes = []
    for index in range(count):
        tile = FALLING_TILES[index % len(FALLING_TILES)] if index % 18 == 0 else -1
        flakes.append(
            Flake(
                x=rng.random(),
                y=rng.uniform(-1.0, 1.0),
                speed=rng.uniform(0.05, 0.12) if tile >= 0 else rng.uniform(0.08, 0.2),
                sway=rng.uniform(0, math.tau),
                spin=rng.uniform(-1.2, 1.2),
                size=rng.uniform(0.008, 0.016) if tile < 0 else 0.05,
                color=rng.choice(CONFETTI_COLORS),
                tile=tile,
            )
        )
    return flakes


class CeremonyScene:
    """The end of a tournament: the champion, the podium and everyone else."""

    def __init__(self, app: App, tournament: int) -> None:
        self.app = app
        self.tournament = tournament
        self.view, self.error = _read(app, tournament)
        self.form = Form(app.services.play_cue)
        self.layout: CeremonyLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self.time_s = 0.0
        self.flakes = make_confetti(tournament)
        self._art: tuple[str, TileArt] | None = None
        self._tiles: dict[tuple[int, int], pygame.Surface] = {}

    def build(self) -> CeremonyLayout:
        """The layout and the two buttons for the current size and language."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or self._built != (width, height, lang):
            self.layout = ceremony_layout(width, height)
            self._built = (width, height, lang)
            self.form.set_fields(
                [
                    Field(
                        "standings",
                        Button(self.layout.standings, tr("tournament.lobby.standings"), "standings"),
                        self.standings,
                    ),
                    Field(
                        "title",
                        Button(self.layout.title, tr("results.title_screen"), "title", primary=True),
                        self.to_title,
                    ),
                ],
                default_focus="title",
            )
        return self.layout

    def art(self) -> TileArt:
        """The tile art in the chosen theme."""
        theme = self.app.settings.theme
        if self._art is None or self._art[0] != theme:
            self._art = (theme, TileArt(theme))
        return self._art[1]

    def faded_tile(self, art: TileArt, kind: int, height: int) -> pygame.Surface:
        """A tile face, half see-through (a copy: the art's own surfaces are shared)."""
        key = (kind, height)
        image = self._tiles.get(key)
        if image is None:
            image = art.face(kind, height, 0, False).copy()
            image.set_alpha(140)
            self._tiles[key] = image
        return image

    def standings(self) -> None:
        """The full standings."""
        navigation.go(self.app, "tournament_standings", tournament=self.tournament)

    def to_title(self) -> None:
        """Back to the title screen."""
        navigation.go(self.app, "title")

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons; Esc goes back to the lobby."""
        self.build()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            navigation.go(self.app, "tournament_lobby", tournament=self.tournament)
            return
        self.form.handle(event)

    def update(self, dt_s: float) -> None:
        """Raise the podium and let the confetti fall."""
        self.time_s += dt_s
        self.form.update(dt_s)
        for flake in self.flakes:
            flake.y += flake.speed * dt_s
            if flake.y > 1.05:
                flake.y -= 1.15

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        self.draw_confetti(surface, layout)
        draw_heading(surface, tr("tournament.ceremony.champion"), layout.heading, lang)
        view = self.view
        if view is None or not view.rows:
            text = tr("tournament.lobby.unreadable", error=self.error) if view is None else ""
            draw_fitted(surface, text, layout.text_px(18), ERROR_INK, layout.subtitle, "center", lang=lang)
            self.form.draw(surface, lang)
            return
        rows = view.rows
        champion = rows[0].name
        size = fitted_size(champion, max(14, round(layout.champion.h * 0.8)), layout.champion.w, True, lang)
        image = shadowed_text(champion, size, TITLE_GOLD, lang, gilded=True)
        pulse = 1.0 + 0.025 * math.sin(self.time_s * 2.2)
        if abs(pulse - 1.0) > 0.002:
            image = pygame.transform.smoothscale_by(image, pulse)
        surface.blit(image, image.get_rect(center=layout.champion.center))
        subtitle = tr("tournament.ceremony.subtitle", name=view.info.name, rounds=view.info.rounds)
        draw_fitted(surface, subtitle, layout.text_px(18), INK, layout.subtitle, "center", lang=lang)
        for place, (step, row) in enumerate(zip(layout.podium, rows[:3], strict=False)):
            self.draw_step(surface, layout, step.block, step.name, step.points, row, place, lang)
        self.draw_rest(surface, layout, rows[3:], lang)
        self.form.draw(surface, lang)

    def draw_step(
        self,
        surface: pygame.Surface,
        layout: CeremonyLayout,
        block: Box,
        name_box: Box,
        points_box: Box,
        row: StandingRow,
        place: int,
        lang: str,
    ) -> None:
        """One podium step rising into place, with its medal, the name and the points above it."""
        delay = (2 - place) * 0.25  # third rises first, the champion last
        rise = _ease((self.time_s - delay) / RISE_S)
        if rise <= 0:
            return
        medal = MEDALS[min(3, place + 1)]
        height = max(1, round(block.h * rise))
        top = block.bottom - height
        image = step_surface(block.w, block.h, medal, max(1, round(layout.scale * 2)))
        surface.blit(image, (block.x, top), pygame.Rect(0, 0, block.w, height))
        face_h = max(2, round(block.h * 0.12))
        if rise < 1.0:
            return
        radius = max(8, round(min(block.w, block.h) * 0.26))
        centre = (block.x + block.w // 2, top + face_h + radius + max(4, round(block.h * 0.08)))
        if centre[1] + radius < block.bottom:
            pygame.draw.circle(surface, (0, 0, 0), (centre[0], centre[1] + 3), radius)
            pygame.draw.circle(surface, medal, centre, radius)
            pygame.draw.circle(surface, (255, 255, 255), centre, radius, max(1, radius // 10))
            digit = render_text(str(row.rank), round(radius * 1.2), (30, 24, 14), bold=True, lang=lang)
            surface.blit(digit, digit.get_rect(center=centre))
        name_px = max(10, layout.text_px(25))
        draw_fitted(surface, row.name, name_px, GOLD if place == 0 else INK, name_box, "center", True, lang)
        points_px = layout.text_px(18.5)
        draw_fitted(
            surface,
            format_points(row.points),
            points_px,
            points_ink(row.points),
            points_box,
            "center",
            lang=lang,
        )

    def draw_rest(
        self, surface: pygame.Surface, layout: CeremonyLayout, rows: tuple[StandingRow, ...], lang: str
    ) -> None:
        """Everyone below the podium, column by column; the last cell says how many more there are."""
        cells = layout.rest
        shown = rows if len(rows) <= len(cells) else rows[: len(cells) - 1]
        for cell, row in zip(cells, shown, strict=False):
            size = layout.text_px(15.5)
            rank_w = round(cell.w * 0.14)
            points_w = round(cell.w * 0.26)
            draw_fitted(
                surface, f"{row.rank}.", size, DIM_INK, cell._replace(w=rank_w), "midright", True, lang
            )
            draw_fitted(
                surface,
                row.name,
                size,
                INK,
                cell._replace(x=cell.x + rank_w + 10, w=cell.w - rank_w - points_w - 20),
                "midleft",
                lang=lang,
            )
            draw_fitted(
                surface,
                format_points(row.points),
                size,
                points_ink(row.points),
                cell._replace(x=cell.right - points_w, w=points_w),
                "midright",
                lang=lang,
            )
        if len(rows) > len(cells):
            more = len(rows) - len(shown)
            cell = cells[-1]
            draw_fitted(
                surface,
                tr("tournament.ceremony.more", n=more),
                layout.text_px(15.5),
                DIM_INK,
                cell,
                "center",
                lang=lang,
            )

    def draw_confetti(self, surface: pygame.Surface, layout: CeremonyLayout) -> None:
        """The falling confetti and tiles, behind everything else so no text is ever covered."""
        width, height = layout.width, layout.height
        art = self.art()
        for flake in self.flakes:
            x = (flake.x + 0.02 * math.sin(self.time_s * 1.3 + flake.sway)) * width
            y = flake.y * height
            size = max(3.0, flake.size * height)
            if flake.tile >= 0:
                image = self.faded_tile(art, flake.tile, round(size))
                surface.blit(image, image.get_rect(center=(round(x), round(y))))
                continue
            angle = self.time_s * flake.spin * math.tau + flake.sway
            squash = abs(math.cos(angle))  # the paper turning over
            dx, dy = math.cos(angle * 0.5) * size, math.sin(angle * 0.5) * size * 0.5
            ex, ey = -dy * squash, dx * squash * 0.6
            points = [
                (x + dx + ex, y + dy + ey),
                (x + dx - ex, y + dy - ey),
                (x - dx - ex, y - dy - ey),
                (x - dx + ex, y - dy + ey),
            ]
            pygame.draw.polygon(surface, flake.color, points)
