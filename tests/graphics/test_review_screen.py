"""The review screen: it lists the finished matches, reviews a match with the same agreement as the review
command on the same match written as a log, steps through the differing decisions in order with the position
each was taken in, goes back on Esc, shows a bad file as one line, and renders in every language."""

import io
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.ai.player import create_seat
from game.logs import tenhou6
from game.mjai.protocol import parse_tile
from game.recorder import GameRecorder
from game.records import Records, SeatEntry
from game.review import run
from game.table import Table
from game.terms import Standings, preset
from graphics import i18n
from graphics.app import App, Services
from graphics.screens import navigation
from graphics.screens.replay import ReplayScene
from graphics.screens.results import FinalResultsScene
from graphics.screens.review import ReviewScene, action_text
from graphics.session import SeatSetup
from graphics.settings import Settings

EAST = preset("standard").with_overrides({"game_length": "east"})
LEVELS = ("strong", "normal", "easy", "strong")
NAMES = ("Ann", "Bob", "Chen", "Dana")
SEAT = 2


@dataclass(frozen=True)
class Played:
    """One AI match stored in a records file and written as a tenhou.net/6 log by the recorder."""

    records: Path
    match_id: int
    log: Path
    cli: dict[str, object]  # the review command's --json for SEAT
    standings: Standings


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    folder = tmp_path_factory.mktemp("review")
    table = Table(EAST, [create_seat(level, EAST, 50 + seat) for seat, level in enumerate(LEVELS)], 50)
    recorder = GameRecorder.attach(table, NAMES)
    standings = table.run()
    log = folder / "match.json"
    log.write_text(tenhou6.dumps(recorder.record(standings)), encoding="utf-8")
    path = folder / "records.sqlite3"
    with Records(path) as records:
        match_id = records.create_match(
            EAST, 50, [SeatEntry(n, lv) for n, lv in zip(NAMES, LEVELS, strict=True)]
        )
        records.append_actions(match_id, 0, table.actions)
        records.finish_match(match_id, standings)
        records.create_match(EAST, 51, [SeatEntry(n, lv) for n, lv in zip(NAMES, LEVELS, strict=True)])
    out = folder / "review.json"
    assert run(str(log), io.StringIO(), seat=SEAT, json_out=str(out), err=io.StringIO(), progress=False) == 0
    return Played(path, match_id, log, json.loads(out.read_text(encoding="utf-8")), standings)


@pytest.fixture
def app(display: None, played: Played, tmp_path: Path) -> Iterator[App]:
    pygame.font.init()
    copy = tmp_path / "records.sqlite3"
    copy.write_bytes(played.records.read_bytes())
    made = App(surface=pygame.Surface((1280, 720)), settings=Settings(), services=Services(), windowed=False)
    made.records_path = copy
    yield made
    made.close_records()
    i18n.set_language("en")


def differing(cli: dict[str, object]) -> list[dict[str, object]]:
    decisions = cli["decisions"]
    assert isinstance(decisions, list)
    return [decision for decision in decisions if not decision["agree"]]


def test_the_screen_lists_the_finished_matches_only(app: App, played: Played) -> None:
    scene = ReviewScene(app, back=lambda: None)
    assert [target.match for target in scene.targets] == [
        played.match_id
    ]  # the unfinished one is not offered
    target = scene.targets[0]
    assert target.names == NAMES
    assert target.humans == (0, 1, 2, 3)  # a match of AIs: every seat may be reviewed
    assert all(name in target.label for name in NAMES)
    scene.draw(app.surface)
    assert scene.row_boxes
    assert scene.stage == "pick"


def test_a_stored_match_reviews_as_the_command_reviews_its_log(app: App, played: Played) -> None:
    scene = ReviewScene(app, back=lambda: None)
    scene.seat_index = SEAT
    scene.start_picked()
    assert scene.stage == "running"
    frames = 0
    while scene.stage == "running":
        scene.update(1 / 60)
        scene.draw(app.surface)
        frames += 1
    assert frames >= 1
    assert scene.done_hands == scene.hands
    assert scene.review is not None
    assert scene.review.rate == pytest.approx(played.cli["agreement"])
    shown = [(d.hand, d.step, d.actual, d.expected, d.agree) for d in scene.review.decisions]
    decisions = played.cli["decisions"]
    assert isinstance(decisions, list)
    logged = [(d["hand"], d["step"], d["actual"], d["expected"], d["agree"]) for d in decisions]
    assert shown == logged
    assert 0 < scene.review.rate < 1  # an easy AI differs from the strong one, but not everywhere


def test_the_strong_ai_agrees_with_itself(app: App, played: Played) -> None:
    scene = ReviewScene(app, match=played.match_id, seat=0, back=lambda: None)
    scene.run_all()
    assert scene.review is not None
    assert scene.review.decisions
    assert scene.review.rate == 1.0
    assert scene.differing == []
    scene.draw(app.surface)


def test_stepping_shows_each_differing_decision_in_order_with_its_position(app: App, played: Played) -> None:
    scene = ReviewScene(app, match=played.match_id, seat=SEAT, back=lambda: None)
    scene.run_all()
    expected = differing(played.cli)
    assert len(scene.differing) == len(expected) > 2
    drawn: list[object] = []
    original = scene.draw_position

    def spy(surface: pygame.Surface, box: object, view: object, decision: object, lang: str) -> None:
        drawn.append(view)
        original(surface, box, view, decision, lang)  # type: ignore[arg-type]

    scene.draw_position = spy  # type: ignore[method-assign]
    for index, wanted in enumerate(expected):
        scene.draw(app.surface)
        decision = scene.differing[scene.index]
        assert scene.index == index
        assert (decision.hand, decision.step, decision.actual, decision.expected) == (
            wanted["hand"],
            wanted["step"],
            wanted["actual"],
            wanted["expected"],
        )
        view = drawn[-1]
        assert view is decision.view
        assert decision.view is not None
        assert decision.view.seat == SEAT
        wind, number = "ESWN"[decision.view.round_wind], decision.view.kyoku + 1
        assert decision.hand == f"{wind}{number}-{decision.view.honba}"
        if decision.actual["type"] == "dahai":  # the tile played was in the hand shown
            kind, _ = parse_tile(decision.actual["pai"], EAST)
            assert kind in {tile >> 2 for tile in decision.view.hand}
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert scene.index == len(expected) - 1  # Right stops at the last
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    assert scene.index == len(expected) - 2
    scene.draw(app.surface)
    box, index = scene.jump_boxes[0]
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(box.x + 4, box.y + 4)))
    assert scene.index == index


def test_esc_goes_back(app: App, played: Played) -> None:
    left: list[str] = []
    scene = ReviewScene(app, match=played.match_id, seat=SEAT, back=lambda: left.append("back"))
    scene.run_all()
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert left == ["back"]
    picked = ReviewScene(app, back=lambda: left.append("picked"))
    picked.start_picked()
    picked.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert picked.stage == "pick"
    assert left == ["back"]
    picked.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert left == ["back", "picked"]


def test_the_default_back_is_the_title(app: App) -> None:
    app.switch(navigation.make(app, "review"))
    assert isinstance(app.scene, ReviewScene)
    app.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert type(app.scene).__name__ == "TitleScene"


def test_a_log_file_reviews_as_the_command(app: App, played: Played) -> None:
    scene = ReviewScene(app, path=played.log, seat=SEAT, back=lambda: None)
    assert scene.notice == ""
    assert scene.targets[0].path == played.log
    scene.start()
    scene.run_all()
    assert scene.review is not None
    assert scene.review.rate == pytest.approx(played.cli["agreement"])


@pytest.mark.parametrize("content", [b"{not json", b"", b"\xff\xfe garbage", b'{"log": []}'])
def test_a_bad_file_is_one_line(app: App, tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    scene = ReviewScene(app, path=bad, back=lambda: None)
    assert scene.notice
    assert "\n" not in scene.notice
    assert str(bad) in scene.notice
    scene.draw(app.surface)
    dropped = ReviewScene(app, back=lambda: None)
    dropped.handle(pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "missing.json")))
    assert dropped.notice
    assert "\n" not in dropped.notice
    assert dropped.stage == "pick"
    dropped.draw(app.surface)
    dropped.handle(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    assert dropped.notice
    assert dropped.targets[0].match is not None


def test_a_dropped_log_is_offered(app: App, played: Played) -> None:
    scene = ReviewScene(app, back=lambda: None)
    scene.handle(pygame.event.Event(pygame.DROPFILE, file=str(played.log)))
    assert scene.notice == ""
    assert scene.targets[0].path == played.log
    assert scene.chosen == 0


def test_actions_read_as_text() -> None:
    assert action_text({"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": False}) == "Discard 5m"
    assert action_text({"type": "dahai", "actor": 0, "pai": "3p", "reach": True}) == "Riichi 3p"
    assert (
        action_text({"type": "pon", "actor": 0, "target": 1, "pai": "C", "consumed": ["C", "C"]})
        == "Pon Red dragon"
    )
    assert action_text({"type": "none"}) == "Pass"
    assert action_text({"type": "hora", "actor": 1, "target": 1, "pai": "1m"}) == "Tsumo"


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 768), (720, 1000)])
def test_every_language_and_size_renders_without_missing_keys(
    app: App, played: Played, language: str, size: tuple[int, int], caplog: pytest.LogCaptureFixture
) -> None:
    i18n.set_language(language)
    app.surface = pygame.Surface(size)
    with caplog.at_level(logging.WARNING, logger="graphics.i18n"):
        scene = ReviewScene(app, back=lambda: None)
        scene.draw(app.surface)
        scene.seat_index = SEAT
        scene.start_picked()
        scene.draw(app.surface)
        scene.run_all()
        for _ in range(3):
            scene.draw(app.surface)
            scene.step(1)
    assert not [record for record in caplog.records if "i18n" in record.getMessage()]


def test_the_results_screen_reviews_the_match_at_its_first_human_seat(app: App, played: Played) -> None:
    setups = tuple(
        SeatSetup(name, "human" if seat == SEAT else level)
        for seat, (name, level) in enumerate(zip(NAMES, LEVELS, strict=True))
    )
    session = SimpleNamespace(
        match_id=played.match_id, setups=setups, standings=played.standings, rules=EAST, then=("title", {})
    )
    results = FinalResultsScene(app, session)  # type: ignore[arg-type]
    app.switch(results)
    results.build()
    field = results.form.field("review")
    assert field is not None
    field.on_change()
    review = app.scene
    assert isinstance(review, ReviewScene)
    assert review.stage == "running"
    assert review.seat == SEAT
    review.run_all()
    assert review.review is not None
    assert review.review.rate == pytest.approx(played.cli["agreement"])
    review.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert app.scene is results  # back where it came from


def test_the_results_screen_offers_no_review_without_a_person(app: App, played: Played) -> None:
    setups = tuple(SeatSetup(name, level) for name, level in zip(NAMES, LEVELS, strict=True))
    session = SimpleNamespace(
        match_id=played.match_id, setups=setups, standings=played.standings, rules=EAST, then=("title", {})
    )
    results = FinalResultsScene(app, session)  # type: ignore[arg-type]
    results.build()
    assert results.form.field("review") is None


def test_the_results_screen_offers_the_replay_of_a_stored_match(app: App, played: Played) -> None:
    setups = tuple(SeatSetup(name, level) for name, level in zip(NAMES, LEVELS, strict=True))
    session = SimpleNamespace(
        match_id=played.match_id, setups=setups, standings=played.standings, rules=EAST, then=("title", {})
    )
    results = FinalResultsScene(app, session)  # type: ignore[arg-type]
    app.switch(results)
    results.build()
    assert results.layout is not None
    assert results.layout.replay is not None
    boxes = results.layout.controls()
    assert all(not a.overlaps(b) for a in boxes for b in boxes if a is not b)
    field = results.form.field("replay")
    assert field is not None
    field.on_change()
    app.tick(0.0)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    assert replay.stage == "view"
    assert replay.names == NAMES
    replay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.tick(0.0)
    assert app.scene is results  # back where it came from
    unstored = SimpleNamespace(
        match_id=None, setups=setups, standings=played.standings, rules=EAST, then=("title", {})
    )
    other = FinalResultsScene(app, unstored)  # type: ignore[arg-type]
    other.build()
    assert other.form.field("replay") is None


@pytest.mark.parametrize(
    ("lang", "text"), [("en", "Flower 2f"), ("ja", "花牌抜き 2f"), ("ko", "꽃패 빼기 2f")]
)
def test_a_flower_set_aside_is_named_with_its_tile(lang: str, text: str) -> None:
    i18n.set_language(lang)
    assert action_text({"type": "flower", "actor": 0, "pai": "2f"}) == text
    i18n.set_language("en")
