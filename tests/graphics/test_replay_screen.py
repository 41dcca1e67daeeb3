"""The replay viewer on screen: stepping forward (animated) and jumping back give the same table at every
moment, the keys move as kobalab's viewer does, the hand list jumps, export writes both formats, the pick
lists finished matches and a bad file is one line, --capture saves every hand, and it draws in every language
and window shape."""

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import main
from game.ai.player import create_seat
from game.logs import tenhou6
from game.recorder import GameRecorder
from game.records import Records, SeatEntry
from game.replay_view import MatchReplay, Position, replay_match
from game.table import Table
from game.terms import preset
from graphics import i18n
from graphics.app import App, Services
from graphics.screens.replay import ReplayScene, bar_layout
from graphics.settings import Settings

EAST = preset("standard").with_overrides({"game_length": "east"})
NAMES = ("Ann", "Bob", "Chen", "Dana")


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = Table(EAST, [create_seat("normal", EAST, 40 + seat) for seat in range(4)], 40)
    recorder = GameRecorder.attach(table, NAMES)
    standings = table.run()
    path = tmp_path_factory.mktemp("replay") / "match.json"
    path.write_text(tenhou6.dumps(recorder.record(standings)), encoding="utf-8")
    return path


@pytest.fixture
def app(display: None, tmp_path: Path) -> Iterator[App]:
    pygame.font.init()
    made = App(surface=pygame.Surface((1280, 720)), settings=Settings(), services=Services(), windowed=False)
    made.records_path = tmp_path / "records.sqlite3"
    yield made
    made.close_records()
    i18n.set_language("en")


def settle(scene: ReplayScene, app: App, limit: int = 4000) -> None:
    """Run the viewer until nothing moves and no frame is queued."""
    for _ in range(limit):
        scene.update(0.25)
        if scene.next_frame_s() is None:
            break
    else:
        raise AssertionError("the viewer never came to rest")
    scene.draw(app.surface)


def shown(scene: ReplayScene) -> object:
    table = scene.table
    assert table is not None
    assert table.show is not None
    overlay = type(table.overlay).__name__ if table.overlay is not None else None
    return (table.show, sorted((str(k), s.box, s.tile) for k, s in table.sprites.items()), overlay)


def test_stepping_forward_and_jumping_back_show_the_same_tables(app: App, log: Path) -> None:
    scene = ReplayScene(app, path=log, back=lambda: None)
    assert scene.stage == "view"
    assert scene.session is not None
    assert scene.replay is not None
    settle(scene, app)
    seen: dict[Position, object] = {scene.session.cursor.position: shown(scene)}
    hands = scene.replay.hands
    while scene.session.cursor.position != Position(1, hands[1].last):
        scene.key(pygame.K_RIGHT, False)
        settle(scene, app)
        seen[scene.session.cursor.position] = shown(scene)
    assert len(seen) == len(hands[0].frames) + len(hands[1].frames)
    for position in sorted(seen, reverse=True):  # back through every moment, each rebuilt at once
        scene.jump(position)
        scene.draw(app.surface)
        assert shown(scene) == seen[position], position


def test_the_keys_move_by_action_turn_hand_and_to_the_ends(app: App, log: Path) -> None:
    scene = ReplayScene(app, path=log, back=lambda: None)
    session = scene.session
    assert session is not None
    assert scene.replay is not None
    scene.key(pygame.K_RIGHT, False)
    assert session.target == Position(0, 1)
    scene.key(pygame.K_RIGHT, True)  # Shift+Right: the end of the turn (its discard)
    turn_end = session.target
    assert turn_end in [Position(0, i) for i in scene.replay.hands[0].turn_ends()]
    scene.key(pygame.K_DOWN, False)
    assert session.target == Position(1, 0)
    scene.key(pygame.K_END, False)
    assert session.target == session.cursor.end
    scene.key(pygame.K_HOME, False)
    assert session.target == Position(0, 0)
    scene.key(pygame.K_LEFT, False)
    assert session.target == Position(0, 0)
    scene.key(pygame.K_UP, False)
    assert session.target == Position(0, 0)


def test_space_plays_through_hands_and_pauses(app: App, log: Path) -> None:
    scene = ReplayScene(app, path=log, back=lambda: None)
    session = scene.session
    assert session is not None
    assert scene.replay is not None
    scene.key(pygame.K_SPACE, False)
    assert session.playing
    for _ in range(3000):
        scene.update(0.25)
        if session.cursor.position.hand == 1:
            break
    assert session.cursor.position.hand == 1  # a hand's panel went by itself while playing
    scene.key(pygame.K_SPACE, False)
    assert not session.playing
    at = session.target
    for _ in range(50):
        scene.update(0.25)
    assert session.target == at  # paused: nothing moves on


def test_the_hand_list_jumps_to_a_hand(app: App, log: Path) -> None:
    scene = ReplayScene(app, path=log, back=lambda: None)
    assert scene.replay is not None
    assert scene.session is not None
    scene.key(pygame.K_h, False)
    assert scene.listing
    scene.draw(app.surface)
    assert len(scene.list_rows) == len(scene.replay.hands)
    box, index = scene.list_rows[2]
    scene.click(*box.center)
    assert not scene.listing
    assert scene.session.cursor.position == Position(index, 0)
    scene.key(pygame.K_h, False)
    scene.key(pygame.K_DOWN, False)
    scene.key(pygame.K_RETURN, False)
    assert scene.session.cursor.position == Position(3, 0)


def test_the_view_shows_one_seat_or_every_hand(app: App, log: Path) -> None:
    scene = ReplayScene(app, path=log, back=lambda: None)
    table = scene.table
    assert table is not None
    assert table.show is not None
    assert set(table.show.hands) == {0, 1, 2, 3}
    scene.key(pygame.K_v, False)  # seat 0's view
    scene.key(pygame.K_v, False)  # seat 1's view: at the bottom, the others' tiles hidden
    assert table.show.bottom == 1
    assert set(table.show.hands) == {1}
    scene.draw(app.surface)


def test_export_writes_both_formats(
    app: App, log: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("graphics.screens.replay.config_dir", lambda: tmp_path / "config")
    scene = ReplayScene(app, path=log, back=lambda: None)
    scene.key(pygame.K_e, False)
    folder = tmp_path / "config" / "exports" / "replays"
    assert sorted(path.name for path in folder.iterdir()) == ["match.json", "match.mjson"]
    assert "match.json" in scene.status
    assert not scene.status_error


def test_the_pick_lists_finished_matches_and_opens_one(app: App) -> None:
    table = Table(EAST, [create_seat("easy", EAST, 9 + seat) for seat in range(4)], 9)
    standings = table.run()
    records = app.records()
    match_id = records.create_match(EAST, 9, [SeatEntry(name, "easy") for name in NAMES])
    records.append_actions(match_id, 0, table.actions)
    records.finish_match(match_id, standings)
    records.create_match(EAST, 10, [SeatEntry(name, "easy") for name in NAMES])  # unfinished: not offered
    scene = ReplayScene(app, back=lambda: None)
    assert scene.stage == "pick"
    assert [target.match for target in scene.targets] == [match_id]
    scene.draw(app.surface)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert scene.stage == "view"
    assert scene.names == NAMES
    went: list[bool] = []
    scene.back = lambda: went.append(True)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert scene.stage == "pick"
    assert not went
    scene.draw(app.surface)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert went == [True]


def test_a_bad_dropped_file_is_one_line_and_a_good_one_opens(app: App, log: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{broken", encoding="utf-8")
    scene = ReplayScene(app, back=lambda: None)
    scene.handle(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    assert scene.stage == "pick"
    assert "bad.json" in scene.notice
    assert "\n" not in scene.notice
    scene.draw(app.surface)
    scene.handle(pygame.event.Event(pygame.DROPFILE, file=str(log)))
    assert scene.stage == "view"


def test_esc_goes_back(app: App, log: Path) -> None:
    went: list[bool] = []
    scene = ReplayScene(app, path=log, back=lambda: went.append(True))
    scene.key(pygame.K_h, False)
    scene.key(pygame.K_ESCAPE, False)  # first closes the list
    assert not went
    assert not scene.listing
    scene.key(pygame.K_ESCAPE, False)
    assert went == [True]


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (720, 1250), (800, 600)])
def test_it_draws_in_every_language_and_shape(
    display: None, log: Path, lang: str, size: tuple[int, int]
) -> None:
    pygame.font.init()
    i18n.set_language(lang)
    try:
        app = App(
            surface=pygame.Surface(size),
            settings=Settings(language=lang),
            services=Services(),
            windowed=False,
        )
        scene = ReplayScene(app, path=log, back=lambda: None)
        scene.show_first_win()
        scene.draw(app.surface)
        bar = scene.bar
        assert bar.top + bar.height == size[1]
        boxes = [*bar.transport, bar.view, bar.speed, bar.hands, bar.export, bar.back]
        for box in boxes:
            assert box.x >= 0
            assert box.right <= size[0]
            assert bar.top <= box.y
            assert box.bottom <= size[1]
        for first, second in itertools.pairwise(boxes):
            assert not first.overlaps(second), (first, second)
        assert scene.table is not None
        assert scene.table.layout.height == bar.top
        scene.open_list()
        scene.draw(app.surface)
    finally:
        i18n.set_language("en")


def test_bar_layout_uses_two_rows_only_when_one_does_not_fit() -> None:
    assert bar_layout(1920, 1080).height < bar_layout(720, 1250).height
    wide = bar_layout(1920, 1080)
    assert len({box.y for box in (*wide.transport, wide.view, wide.back)}) == 1


def test_replay_capture_saves_every_hand(
    log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "shots"
    assert main.main(["replay", str(log), "--capture", str(out), "--size", "640x400"]) == 0
    replay: MatchReplay = replay_match(tenhou6.read_tenhou6(log.read_text(encoding="utf-8"), str(log)), EAST)
    names = sorted(path.name for path in out.iterdir())
    hands = len(replay.hands)
    assert names == sorted(f"hand-{k:02d}-{end}.png" for k in range(1, hands + 1) for end in ("start", "end"))
    assert pygame.image.load(str(out / "hand-01-end.png")).get_size() == (640, 400)
    assert f"wrote {2 * hands} pictures of {hands} hands" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["nowhere.json"], "cannot read the file"),
        (["--hand", "99"], "has"),
    ],
)
def test_replay_command_errors_are_one_line(
    log: Path, arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["replay", *(arguments if arguments[0] != "--hand" else [str(log), *arguments])]
    assert main.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("replay: error:")
    assert message in err
    assert "\n" not in err


def test_a_stored_match_opens_from_the_records(app: App, tmp_path: Path) -> None:
    table = Table(EAST, [create_seat("easy", EAST, 3 + seat) for seat in range(4)], 3)
    standings = table.run()
    with Records(app.records_path) as records:
        match_id = records.create_match(EAST, 3, [SeatEntry(name, "easy") for name in NAMES])
        records.append_actions(match_id, 0, table.actions)
        records.finish_match(match_id, standings)
    scene = ReplayScene(app, match=match_id, hand=2, back=lambda: None)
    assert scene.session is not None
    assert scene.session.cursor.position == Position(1, 0)
    assert scene.stem == f"match-{match_id}"
