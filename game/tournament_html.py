"""The tournament as one self-contained printable HTML page: standings, a points chart drawn as inline SVG,
adjustments, and every match and bye by round. Every user-provided string is escaped."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from game.records import MatchSummary
from game.tournament import StandingRow, TournamentView, format_points, ordinal

# Lengths 7 and 8 are coprime, so up to 56 participants get a distinct colour-and-dash pair; the dashes alone
# tell the first 8 apart in greyscale print.
PALETTE = ("#0b3d2c", "#d4af37", "#b03a2e", "#1f5f99", "#7d3c98", "#d35400", "#5d6d7e")
DASHES = ("", "9 4", "2 3", "9 3 2 3", "5 5", "14 3 2 3 2 3", "1 6", "16 6")
WINDS = ("East", "South", "West", "North")

STYLE = """
:root { --green: #0b3d2c; --gold: #d4af37; }
body { font-family: system-ui, "Segoe UI", sans-serif; color: #1a1a1a; background: #fbf9f2;
  max-width: 64rem; margin: 2rem auto; padding: 0 1rem; }
h1 { color: var(--green); border-bottom: 3px solid var(--gold); padding-bottom: .3rem; margin-bottom: .3rem; }
h2 { color: var(--green); border-left: 6px solid var(--gold); padding-left: .5rem; margin-top: 2rem; }
h3 { color: var(--green); margin-bottom: .3rem; }
.meta { color: #444; margin-top: 0; }
table { border-collapse: collapse; width: 100%; margin: .4rem 0 1rem; }
th { background: var(--green); color: #fff; text-align: left; }
th, td { padding: .25rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:nth-child(even) { background: #f1efe6; }
.small { color: #555; font-size: .85em; }
.chart svg { width: 100%; height: auto; background: #fff; border: 1px solid #ddd; }
@page { margin: 12mm; }
@media print {
  body { background: #fff; color: #000; margin: 0; max-width: none; font-size: 10pt; }
  th { background: #fff; color: var(--green); border-bottom: 2px solid var(--green); }
  tbody tr:nth-child(even) { background: none; }
  section { break-inside: avoid; }
  .chart svg { border: none; }
}
"""


def _standings(view: TournamentView) -> str:
    places = "".join(
        f'<th class="num">{ordinal(place)}</th>' for place in range(1, view.info.rules.players + 1)
    )
    chips = view.info.rules.chips  # a chips column (their points are in the points already)
    head = (
        '<tr><th class="num">Rank</th><th>Name</th><th>AI</th><th class="num">Points</th>'
        f'<th class="num">Matches</th>{places}<th class="num">Avg rank</th><th class="num">Adj.</th>'
        + ('<th class="num">Chips</th>' if chips else "")
        + "</tr>"
    )
    lines = []
    for row in view.rows:
        counts = "".join(f'<td class="num">{count}</td>' for count in row.ranks)
        average = f"{row.avg_rank:.2f}" if row.avg_rank is not None else "–"
        adjusted = format_points(sum(item.points for item in row.adjustments)) if row.adjustments else "–"
        lines.append(
            f'<tr><td class="num">{row.rank}</td><td>{escape(row.name)}</td>'
            f"<td>{escape(row.level) if row.level != 'human' else ''}</td>"
            f'<td class="num points">{format_points(row.points)}</td><td class="num">{row.matches}</td>'
            f'{counts}<td class="num">{average}</td><td class="num">{adjusted}</td>'
            + (f'<td class="num chips">{row.chips:+d}</td>' if chips else "")
            + "</tr>"
        )
    return f"<table><thead>{head}</thead><tbody>{''.join(lines)}</tbody></table>"


def _tick_step(span: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about five ticks over ``span``."""
    raw = span / 5
    magnitude = 10.0 ** math.floor(math.log10(raw))
    return next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)


def _chart(rows: Sequence[StandingRow], rounds: int) -> str:
    """Cumulative points per round, one dashed coloured line per participant, with a legend below."""
    width, left, right, top, plot_h = 720, 56, 20, 20, 240
    plot_w = width - left - right
    series = [(0.0, *row.cumulative) for row in rows]
    values = [value for points in series for value in points]
    low, high = min(0.0, *values), max(0.0, *values)
    step = _tick_step(max(high - low, 1.0))
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high == low:
        high = low + step
    columns = 3
    legend_top = top + plot_h + 44
    height = legend_top + 20 * math.ceil(len(rows) / columns) + 10

    def x(index: int) -> float:
        return left + plot_w * index / max(rounds, 1)

    def y(value: float) -> float:
        return top + plot_h * (high - value) / (high - low)

    parts = [
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#333"/>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#333"/>',
    ]
    for k in range(round((high - low) / step) + 1):
        tick = low + k * step
        label = "0" if abs(tick) < step / 2 else f"{tick:+g}"
        parts.append(
            f'<line x1="{left}" y1="{y(tick):.1f}" x2="{left + plot_w}" y2="{y(tick):.1f}" stroke="#e3e0d4"/>'
            f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{label}</text>'
        )
    parts.append(
        f'<line class="zero" x1="{left}" y1="{y(0):.1f}" x2="{left + plot_w}" y2="{y(0):.1f}" '
        'stroke="#8a8778" stroke-width="1.5"/>'
    )
    for index in range(rounds + 1):
        label = "start" if index == 0 else f"R{index}"
        parts.append(f'<text x="{x(index):.1f}" y="{top + plot_h + 18}" text-anchor="middle">{label}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h + 34}" text-anchor="middle">round</text>')
    for number, (row, points) in enumerate(zip(rows, series, strict=True)):
        colour, dash = PALETTE[number % len(PALETTE)], DASHES[number % len(DASHES)]
        stroke = f'stroke="{colour}" stroke-width="2" fill="none"' + (
            f' stroke-dasharray="{dash}"' if dash else ""
        )
        coordinates = " ".join(f"{x(index):.1f},{y(value):.1f}" for index, value in enumerate(points))
        parts.append(f'<polyline class="series" points="{coordinates}" {stroke}/>')
        legend_x = left + (number % columns) * (plot_w // columns)
        legend_y = legend_top + 20 * (number // columns)
        parts.append(
            f'<line x1="{legend_x}" y1="{legend_y}" x2="{legend_x + 32}" y2="{legend_y}" {stroke}/>'
            f'<text x="{legend_x + 40}" y="{legend_y + 4}">{escape(row.name)}</text>'
        )
    return (
        f'<svg viewBox="0 0 {width} {height}" role="img" '
        'aria-label="Cumulative points per round" font-size="12" font-family="sans-serif">'
        f"<title>Cumulative points per round</title>{''.join(parts)}</svg>"
    )


def _adjustments(view: TournamentView) -> str:
    if not view.adjustments:
        return "<p>None.</p>"
    names = {person.index: person.name for person in view.info.participants}
    lines = "".join(
        f"<tr><td>{escape(names.get(item.participant, '?'))}</td>"
        f'<td class="num">{format_points(item.points)}</td><td>{escape(item.reason)}</td></tr>'
        for item in view.adjustments
    )
    head = '<tr><th>Name</th><th class="num">Points</th><th>Reason</th></tr>'
    return f"<table><thead>{head}</thead><tbody>{lines}</tbody></table>"


def _seat_cell(match: MatchSummary, seat: int) -> str:
    name = f"<td>{escape(match.seats[seat].name)}"
    if match.status != "finished" or match.result is None:
        return f"{name}</td>"
    score, settled = match.result.scores[seat], format_points(match.result.settled[seat] / 1000)
    return f'{name}<br><span class="small">{score} · <span class="settled">{settled}</span></span></td>'


def _rounds(view: TournamentView) -> str:
    names = {person.index: person.name for person in view.info.participants}
    numbers = sorted({match.round for match in view.matches if match.round is not None} | set(view.byes))
    if not numbers:
        return "<p>No round is scheduled yet.</p>"
    winds = "".join(f"<th>{wind}</th>" for wind in WINDS[: view.info.rules.players])
    sections = []
    for number in numbers:
        matches = sorted((m for m in view.matches if m.round == number), key=lambda m: m.table or 0)
        body = "".join(
            f'<tr><td class="num">{match.table if match.table is not None else "–"}</td>'
            f"{''.join(_seat_cell(match, seat) for seat in range(len(match.seats)))}"
            f"<td>{escape(match.status)}</td></tr>"
            for match in matches
        )
        table = (
            f'<table><thead><tr><th class="num">Table</th>{winds}<th>Status</th></tr></thead>'
            f"<tbody>{body}</tbody></table>"
            if matches
            else ""
        )
        byes = view.byes.get(number, ())
        bye_line = (
            f'<p class="byes">Byes: {", ".join(escape(names.get(who, "?")) for who in byes)}</p>'
            if byes
            else ""
        )
        sections.append(f'<section class="round"><h3>Round {number}</h3>{table}{bye_line}</section>')
    return "".join(sections)


def render(view: TournamentView) -> str:
    """A self-contained printable HTML page of the tournament."""
    info = view.info
    title = escape(info.name)
    meta = " · ".join(
        [
            f"Rules: {escape(info.rules.name)}",
            f"length: {escape(info.rules.game_length)}",
            f"round {view.rounds_done} of {info.rounds} done",
            f"seating: {escape(info.seating)}",
            f"status: {escape(info.status)}",
        ]
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f'<header><h1>{title}</h1><p class="meta">{meta}</p></header>\n'
        f"<section><h2>Standings</h2>{_standings(view)}</section>\n"
        f'<section class="chart"><h2>Points by round</h2>{_chart(view.rows, info.rounds)}</section>\n'
        f"<section><h2>Adjustments</h2>{_adjustments(view)}</section>\n"
        f"<h2>Matches</h2>\n{_rounds(view)}\n</body>\n</html>\n"
    )
