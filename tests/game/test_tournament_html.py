"""The printable tournament page: escaped names, standings points, the SVG chart, matches and byes."""

from __future__ import annotations

import html
from html.parser import HTMLParser

import pytest

from game.records import Adjustment, MatchResult, MatchSummary, Participant, SeatEntry, TournamentInfo
from game.tournament import TournamentView, format_points, standings, standings_html
from game.tournament_html import render
from rules.ruleset import preset

HOSTILE = "<script>alert(1)</script>"
NAMES = ("Ann", "Bob", "Chiyo", "Daisuke", HOSTILE)
VOID = {"meta", "br", "line", "polyline", "path", "hr", "img", "input", "link"}


def _match(number: int, table: int, people: tuple[int, ...], result: MatchResult | None) -> MatchSummary:
    seats = tuple(SeatEntry(NAMES[who], "human" if who else "strong", who) for who in people)
    return MatchSummary(
        id=number,
        rules=preset("standard"),
        seed=7,
        seats=seats,
        status="finished" if result is not None else "pending",
        tournament=1,
        round=number,
        table=table,
        result=result,
        actions=0,
        updated_at="",
    )


def _view(players_rule: str = "standard") -> TournamentView:
    rules = preset(players_rule)
    people = tuple(
        Participant(index, name, "strong" if index == 0 else "human") for index, name in enumerate(NAMES)
    )
    info = TournamentInfo(
        id=1,
        name="Club <cup> & co",
        rules=rules,
        rounds=3,
        seating="swiss",
        fill="bye",
        seed=1,
        status="running",
        participants=people,
        clock=None,
        created_at="",
        updated_at="",
    )
    matches: tuple[MatchSummary, ...] = ()
    byes: dict[int, tuple[int, ...]] = {}
    adjustments: tuple[Adjustment, ...] = ()
    if rules.players == 4:
        matches = (
            _match(
                1,
                1,
                (0, 1, 2, 3),
                MatchResult((40000, 30000, 20000, 10000), (1, 2, 3, 4), (45000, 5000, -15000, -35000)),
            ),
            _match(
                2,
                1,
                (4, 3, 2, 1),
                MatchResult((35200, 28100, 21900, 14800), (1, 2, 3, 4), (40200, 8100, -11900, -36400)),
            ),
            _match(3, 1, (1, 2, 3, 4), None),
        )
        byes = {1: (4,), 2: (0,), 3: (0,)}
        adjustments = (Adjustment(1, 2, -2.5, "late <b>arrival</b>"),)
    rows = tuple(standings(info, matches, adjustments, byes))
    return TournamentView(info, matches, byes, adjustments, rows)


class Page(HTMLParser):
    """Every start tag with its attributes, tag-balance errors, and the text of marked cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.stack: list[tuple[str, str]] = []
        self.errors: list[str] = []
        self.texts: dict[str, list[str]] = {"points": [], "settled": [], "byes": []}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            classes = (dict(attrs).get("class") or "").split()
            marked = next((name for name in self.texts if name in classes), "")
            if marked:
                self.texts[marked].append("")
            self.stack.append((tag, marked))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        for _, marked in self.stack:
            if marked:
                self.texts[marked][-1] += data


def _parse(page: str) -> Page:
    parser = Page()
    parser.feed(page)
    parser.close()
    return parser


def test_every_name_appears_escaped_and_nothing_runs() -> None:
    page = render(_view())
    for name in NAMES:
        assert html.escape(name) in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script" not in page.lower()
    assert "Club &lt;cup&gt; &amp; co" in page
    assert "<cup>" not in page
    assert "late &lt;b&gt;arrival&lt;/b&gt;" in page
    assert "<b>" not in page
    tags = _parse(page).tags
    assert not [attr for _, attrs in tags for attr in attrs if attr.startswith("on")]


def test_page_is_well_formed_and_self_contained() -> None:
    page = render(_view())
    parsed = _parse(page)
    assert parsed.errors == []
    assert parsed.stack == []
    names = [tag for tag, _ in parsed.tags]
    assert names.count("svg") == 1
    assert names.count("table") >= 3
    assert page.count("<table") == page.count("</table>")
    assert page.count("<svg") == page.count("</svg>")
    assert ("meta", {"charset": "utf-8"}) in parsed.tags
    assert ("html", {"lang": "en"}) in parsed.tags
    assert "http://" not in page
    assert "https://" not in page
    assert "@media print" in page
    assert not [attrs for tag, attrs in parsed.tags if tag in ("link", "img", "script", "iframe")]
    assert "<title>Club &lt;cup&gt; &amp; co</title>" in page


def test_standings_points_match_the_rows() -> None:
    view = _view()
    shown = _parse(render(view)).texts["points"]
    assert shown == [format_points(row.points) for row in view.rows]
    # Ann: +45.0 then bye; Chiyo: -15.0 - 11.9 - 2.5 adjustment
    assert dict(zip([row.name for row in view.rows], shown, strict=True))["Chiyo"] == "-29.4"
    assert standings_html(view) == render(view)


def test_chart_has_one_line_per_participant_from_zero() -> None:
    view = _view()
    tags = _parse(render(view)).tags
    lines = [attrs for tag, attrs in tags if tag == "polyline"]
    assert len(lines) == len(view.info.participants)
    styles = {(attrs["stroke"], attrs.get("stroke-dasharray")) for attrs in lines}
    assert len(styles) == len(lines)
    assert len({attrs.get("stroke-dasharray") for attrs in lines}) == len(lines)  # greyscale-distinct
    zero = next(attrs for tag, attrs in tags if tag == "line" and attrs.get("class") == "zero")
    for attrs, row in zip(lines, view.rows, strict=True):
        points = [tuple(map(float, pair.split(","))) for pair in (attrs["points"] or "").split()]
        assert len(points) == view.info.rounds + 1
        assert points[0][1] == float(zero["y1"] or "nan")
        # higher points are drawn higher (smaller y), and equal points at the same height
        for (_, y_a), (_, y_b), a, b in zip(
            points[1:], points[2:], row.cumulative, row.cumulative[1:], strict=False
        ):
            assert (y_a > y_b) == (b > a)
            assert (y_a == y_b) == (a == b)


def test_matches_show_seat_order_settled_points_status_and_byes() -> None:
    view = _view()
    page = render(view)
    parsed = _parse(page)
    expected = [
        format_points(value / 1000)
        for match in view.matches
        if match.result
        for value in match.result.settled
    ]
    assert parsed.texts["settled"] == expected
    assert "+40.2" in expected
    assert "-36.4" in expected
    assert page.index("Round 1") < page.index("Round 2") < page.index("Round 3")
    round_3 = page[page.index("Round 3") :]
    assert "pending" in round_3
    assert "Bob" in round_3
    assert parsed.texts["byes"] == [f"Byes: {name}" for name in (HOSTILE, "Ann", "Ann")]
    round_2 = page[page.index("Round 2") : page.index("Round 3")]
    order = [round_2.index(html.escape(NAMES[who])) for who in (4, 3, 2, 1)]
    assert order == sorted(order)


def test_header_line_and_rank_columns() -> None:
    page = render(_view())
    assert "Rules: standard" in page
    assert "hanchan" in page
    assert "round 2 of 3 done" in page
    assert "swiss" in page
    assert "running" in page
    assert '<th class="num">4th</th>' in page
    three = render(_view("tenhou-3p"))
    assert '<th class="num">3rd</th>' in three
    assert "4th" not in three
    assert three.count("<polyline") == len(NAMES)


@pytest.mark.parametrize("adjusted", [True, False])
def test_adjustment_list(adjusted: bool) -> None:
    view = _view()
    if not adjusted:
        view = TournamentView(
            view.info, view.matches, view.byes, (), tuple(standings(view.info, view.matches, (), view.byes))
        )
    page = render(view)
    section = page[page.index("<h2>Adjustments</h2>") : page.index("<h2>Matches</h2>")]
    if adjusted:
        assert "Chiyo" in section
        assert "-2.5" in section
        assert "late &lt;b&gt;arrival" in section
    else:
        assert "None." in section
        assert "Chiyo" not in section
