"""The final results: ranks, names, final scores, the points before uma, uma, chips (a rule set with chips)
and the settled total.

Rows are rendered once and revealed from last place to first; the first place row is lit in gold.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.terms import RuleSet, Standings
from graphics import i18n
from graphics.app import App
from graphics.fonts import render_text
from graphics.i18n import signed_points, tr
from graphics.screens import navigation
from graphics.screens.chrome import MEDALS, MINUS, PLUS, backdrop, draw_heading, draw_panel
from graphics.screens.form import Field, Form
from graphics.screens.layouts import ResultsLayout, results_layout
from graphics.session import GameSession
from graphics.widgets import DIM_INK, GOLD, INK, Button, draw_fitted, fitted_size

REVEAL_S = 0.35  # between two rows appearing
FADE_S = 0.3  # one row's fade and slide


@dataclass(frozen=True)
class ResultRow:
    """One player's line of the final table."""

    rank: int
    seat: int
    name: str
    score: int
    before_uma: int
    uma: int
    total: int  # settled: chips included
    chips: int = 0


def result_rows(standings: Standings, names: tuple[str, ...]) -> list[ResultRow]:
    """The players' lines in rank order."""
    rows = [
        ResultRow(
            standings.ranks[seat],
            seat,
            names[seat],
            standings.scores[seat],
            standings.before_uma[seat],
            standings.uma[seat],
            standings.settled[seat],
            standings.chip_count(seat),
        )
        for seat in range(len(names))
    ]
    return sorted(rows, key=lambda row: (row.rank, row.seat))


def rules_line(rules: RuleSet, leftover: int) -> str:
    """The settlement rules in one line: start and return scores, oka, uma and where leftover sticks went."""
    parts = [
        tr("results.start_points", points=f"{rules.start_points:,}"),
        tr("results.return_points", points=f"{rules.return_points:,}"),
    ]
    oka = (rules.return_points - rules.start_points) * rules.players if rules.oka else 0
    if oka:
        parts.append(tr("results.oka", points=signed_points(oka)))
    parts.append(tr("results.uma_rule", uma=tr(f"option.uma.{rules.uma}")))
    if rules.chips:
        parts.append(tr("results.chip_rule", points=f"{rules.chip_points:,}"))
    if leftover:
        key = "results.leftover_first" if rules.leftover_sticks == "first" else "results.leftover_lost"
        parts.append(tr(key, points=f"{leftover:,}"))
    return " · ".join(parts)


class FinalResultsScene:
    """The end of a match: the table of results and the way on (a new game, or the title)."""

    def __init__(self, app: App, session: GameSession) -> None:
        self.app = app
        self.session = session
        standings = session.standings
        self.rows = result_rows(standings, tuple(setup.name for setup in session.setups)) if standings else []
        self.leftover = standings.leftover_points if standings else 0
        self.time_s = 0.0
        self.form = Form(app.services.play_cue)
        self.layout: ResultsLayout | None = None
        self._built: tuple[int, int, str] | None = None
        self._row_images: list[pygame.Surface] = []

    def build(self) -> ResultsLayout:
        """Layout, buttons and the rendered rows for the current size and language."""
        width, height = self.app.size
        lang = i18n.language()
        if self.layout is None or self._built != (width, height, lang):
            reviewable = self.review_target() is not None
            replayable = self.stored_match() is not None
            self.layout = results_layout(
                width, height, self.session.rules.players, reviewable, replayable, self.session.rules.chips
            )
            self._built = (width, height, lang)
            self._row_images = [self.render_row(row, index) for index, row in enumerate(self.rows)]
            in_tournament = self.session.then[0] != "title"
            primary = "results.to_tournament" if in_tournament else "results.new_game"
            self.form.set_fields(
                [
                    Field(
                        "new_game",
                        Button(self.layout.new_game, tr(primary), "new_game", primary=True),
                        self.go_on if in_tournament else self.new_game,
                    ),
                    Field(
                        "title", Button(self.layout.title, tr("results.title_screen"), "title"), self.to_title
                    ),
                ]
                + (
                    [Field("review", Button(self.layout.review, tr("review.open"), "review"), self.review)]
                    if self.layout.review is not None
                    else []
                )
                + (
                    [
                        Field(
                            "replay", Button(self.layout.replay, tr("replay.open_one"), "replay"), self.replay
                        )
                    ]
                    if self.layout.replay is not None
                    else []
                ),
                default_focus="new_game",
            )
        return self.layout

    def review_target(self) -> tuple[int, int] | None:
        """The stored match and its first human seat, for the Review button; None for a match no person
        played or one not in the records."""
        match_id = getattr(self.session, "match_id", None)  # a stand-in session of a test may have none
        humans = [seat for seat, setup in enumerate(self.session.setups) if setup.is_human]
        if match_id is None or not humans or self.session.standings is None:
            return None
        return match_id, humans[0]

    def stored_match(self) -> int | None:
        """The finished match's id in the records, for the Replay button (None when it is not stored)."""
        match_id = getattr(self.session, "match_id", None)  # a stand-in session of a test may have none
        return match_id if isinstance(match_id, int) and self.session.standings is not None else None

    def replay(self) -> None:
        """Watch the match just played again in the replay viewer; back here afterwards."""
        match_id = self.stored_match()
        if match_id is not None:
            navigation.go(self.app, "replay", match=match_id, back=lambda: self.app.switch(self))

    def review(self) -> None:
        """Review the match just played, at its first human seat; back here afterwards."""
        target = self.review_target()
        if target is None:
            return
        match_id, seat = target
        navigation.go(self.app, "review", match=match_id, seat=seat, back=lambda: self.app.switch(self))

    def new_game(self) -> None:
        """Set up another match."""
        navigation.go(self.app, "new_game")

    def go_on(self) -> None:
        """Back where the match was started from (a tournament's lobby)."""
        name, options = self.session.then
        navigation.go(self.app, name, **options)

    def to_title(self) -> None:
        """Back to the title screen."""
        navigation.go(self.app, "title")

    def render_row(self, row: ResultRow, index: int) -> pygame.Surface:
        """One line of the table, drawn once: a lit band for first place, a medal, the name, the numbers."""
        assert self.layout is not None
        layout = self.layout
        box = layout.rows[index]
        lang = i18n.language()
        surface = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
        radius = max(6, box.h // 5)
        first = row.rank == 1
        band = (*GOLD, 44) if first else (255, 255, 255, 14)
        pygame.draw.rect(surface, band, surface.get_rect(), border_radius=radius)
        pygame.draw.rect(
            surface,
            (*GOLD, 200) if first else (255, 255, 255, 36),
            surface.get_rect(),
            2 if first else 1,
            radius,
        )
        cells = [cell._replace(x=cell.x - box.x, y=cell.y - box.y) for cell in layout.cells[index]]
        rank_cell = cells[0]
        medal_r = round(min(rank_cell.w, rank_cell.h) * 0.34)
        centre = rank_cell.center
        color = MEDALS.get(row.rank, (90, 110, 100))
        pygame.draw.circle(surface, (0, 0, 0, 90), (centre[0], centre[1] + 2), medal_r)
        pygame.draw.circle(surface, color, centre, medal_r)
        pygame.draw.circle(surface, (255, 255, 255, 120), centre, medal_r, width=max(1, medal_r // 8))
        digit = render_text(str(row.rank), round(medal_r * 1.2), (30, 24, 14), bold=True, lang=lang)
        surface.blit(digit, digit.get_rect(center=centre))
        size = max(10, round(box.h * 0.36))
        name_size = fitted_size(row.name, round(size * 1.1), cells[1].w, True, lang)
        name = render_text(row.name, name_size, GOLD if first else INK, bold=True, lang=lang)
        surface.blit(name, name.get_rect(midleft=(cells[1].x, cells[1].y + cells[1].h // 2)))
        values = (
            (f"{row.score:,}", INK, False),
            (signed_points(row.before_uma), DIM_INK, False),
            (signed_points(row.uma), DIM_INK, False),
            *(((signed_points(row.chips), DIM_INK, False),) if "chips" in layout.columns else ()),
            (signed_points(row.total), PLUS if row.total > 0 else MINUS if row.total < 0 else INK, True),
        )
        for cell, (text, ink, bold) in zip(cells[2:], values, strict=True):
            fitted = fitted_size(text, size, cell.w, bold, lang)
            image = render_text(text, fitted, ink, bold=bold, lang=lang)
            surface.blit(image, image.get_rect(midright=(cell.right, cell.y + cell.h // 2)))
        return surface

    # ---- the Scene protocol --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons; Esc goes to the title; a click or key first finishes the reveal."""
        self.build()
        revealed = self.time_s >= self.reveal_done_s()
        if not revealed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.time_s = self.reveal_done_s()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_title()
            return
        self.form.handle(event)

    def reveal_done_s(self) -> float:
        """When the last row has finished appearing."""
        return REVEAL_S * max(0, len(self.rows) - 1) + FADE_S

    def update(self, dt_s: float) -> None:
        """Advance the reveal."""
        self.time_s += dt_s
        self.form.update(dt_s)

    def next_frame_s(self) -> float | None:
        """Every frame while the rows come in; then only input changes the screen."""
        return 0.0 if self.time_s < self.reveal_done_s() else self.form.next_frame_s()

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        layout = self.build()
        lang = i18n.language()
        surface.blit(backdrop(layout.width, layout.height), (0, 0))
        draw_heading(surface, tr("results.heading"), layout.heading, lang)
        draw_panel(surface, layout.panel)
        header_px = max(9, round(layout.header[0].h * 0.5))
        for column, cell in zip(layout.columns, layout.header, strict=True):
            anchor = (
                "midright" if column not in ("rank", "name") else "center" if column == "rank" else "midleft"
            )
            draw_fitted(surface, tr(f"results.{column}"), header_px, GOLD, cell, anchor, bold=True, lang=lang)
        if not self.rows:
            draw_fitted(
                surface, tr("results.none"), layout.text_px(22), DIM_INK, layout.rows[0], "center", lang=lang
            )
        count = len(self.rows)
        for index, image in enumerate(self._row_images):
            start = REVEAL_S * (count - 1 - index)  # last place first, the winner last
            t = min(1.0, max(0.0, (self.time_s - start) / FADE_S))
            if t <= 0.0:
                continue
            box = layout.rows[index]
            ease = 1 - (1 - t) ** 3
            image.set_alpha(round(255 * ease))
            surface.blit(image, (box.x + round((1 - ease) * box.h * 0.8), box.y))
        draw_fitted(
            surface,
            rules_line(self.session.rules, self.leftover),
            layout.text_px(17),
            DIM_INK,
            layout.info,
            "center",
            lang=lang,
        )
        self.form.draw(surface, lang)
