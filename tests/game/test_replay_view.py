"""The replay viewer's model: every oracle log replays into frames to its logged end, the cursor steps by
action, turn and hand within the match's bounds, export writes logs that read back as the same match, and a
file that cannot be shown is one clear line."""

import dataclasses
import gzip
from pathlib import Path

import pytest

from game.ai.player import create_seat
from game.logs import tenhou6
from game.logs.record import DiscardStep, GameRecord, WinResult
from game.recorder import GameRecorder
from game.records import Records, SeatEntry
from game.replay_view import (
    Cursor,
    MatchReplay,
    Position,
    ReplayViewError,
    export,
    export_text,
    open_file,
    open_match,
    replay_match,
)
from game.table import Table
from game.terms import preset
from game.verify import parse_log
from rules.events import HandWon, RoundEnded, RoundStarted, TileDiscarded

MJX = Path(__file__).resolve().parents[2].parent / "shared" / "oracles" / "mjx" / "mjlog"
EAST = preset("standard").with_overrides({"game_length": "east"})
NAMES = ("Ann", "Bob", "Chen", "Dana")


def played_record(seed: int = 5) -> GameRecord:
    table = Table(EAST, [create_seat("normal", EAST, seed + seat) for seat in range(4)], seed)
    recorder = GameRecorder.attach(table, NAMES)
    return recorder.record(table.run())


@pytest.fixture(scope="module")
def match() -> MatchReplay:
    return replay_match(played_record(), EAST)


def oracle_logs() -> list[Path]:
    return sorted(MJX.iterdir()) if MJX.is_dir() else []


def test_the_oracle_folder_is_there() -> None:
    assert len(oracle_logs()) >= 80


@pytest.mark.parametrize("path", oracle_logs(), ids=lambda path: path.name)
def test_every_mjx_oracle_log_replays_to_its_logged_end(path: Path) -> None:
    replay = open_file(path)
    assert replay.notes == ()
    game = parse_log(path.read_bytes(), str(path))[0]
    assert len(replay.hands) == len(game.rounds)
    for hand, record in zip(replay.hands, game.rounds, strict=True):
        assert hand.problems == ()
        assert isinstance(hand.frames[0].event, RoundStarted)
        if not record.results:  # a log of one position (mjx's state-update cases) stops mid-hand: so do we
            discards = [step for step in record.steps if isinstance(step, DiscardStep)]
            shown = [frame.event for frame in hand.frames if isinstance(frame.event, TileDiscarded)]
            assert [(d.seat, d.tile) for d in discards] == [(e.seat, e.tile) for e in shown]
            assert hand.wins == ()
            assert hand.draw is None
            continue
        ended = hand.frames[-1].event
        assert isinstance(ended, RoundEnded)
        assert ended.deltas == hand.deltas
        wins = [result for result in record.results if isinstance(result, WinResult)]
        assert len(hand.wins) == len(wins)
        for win, logged in zip(hand.wins, wins, strict=True):
            assert (win.seat, win.discarder, win.points) == (logged.seat, logged.discarder, logged.points)
        assert set(hand.frames[-1].views) == set(range(replay.players))


def test_frames_give_every_seat_its_own_view(match: MatchReplay) -> None:
    hand = match.hands[0]
    deal = hand.frames[0]
    for seat, view in deal.views.items():
        assert view.seat == seat
        assert len(view.hand) == 13  # the dealer's 14th tile is its first draw, the next frame
        assert all(other == seat or len(view.players[other].river) == 0 for other in range(4))
    assert hand.frames[1].views[hand.record.dealer].drawn is not None
    assert all(hand.frames[1].views[seat].drawn is None for seat in range(4) if seat != hand.record.dealer)
    # a discard is seen by all: each view after it has the tile at the end of that seat's river
    discard = next(frame for frame in hand.frames if isinstance(frame.event, TileDiscarded))
    event = discard.event
    assert isinstance(event, TileDiscarded)
    for view in discard.views.values():
        assert view.players[event.seat].river[-1].tile == event.tile


def test_the_cursor_steps_by_action_within_the_match(match: MatchReplay) -> None:
    cursor = Cursor(match)
    assert cursor.action(-1) == Position(0, 0)  # the start stays put
    assert cursor.action(1) == Position(0, 1)
    cursor.position = Position(0, match.hands[0].last)
    assert cursor.action(1) == Position(1, 0)  # on into the next hand
    cursor.position = Position(1, 0)
    assert cursor.action(-1) == Position(0, match.hands[0].last)
    cursor.position = cursor.end
    assert cursor.action(1) == cursor.end


def test_a_turn_ends_at_a_discard_or_the_hands_end(match: MatchReplay) -> None:
    cursor = Cursor(match)
    hand = match.hands[0]
    first = cursor.turn(1)
    assert isinstance(hand.frames[first.frame].event, TileDiscarded)
    assert all(not isinstance(hand.frames[i].event, TileDiscarded) for i in range(first.frame))
    cursor.position = first
    second = cursor.turn(1)
    assert second.frame > first.frame
    assert isinstance(hand.frames[second.frame].event, TileDiscarded)
    cursor.position = second
    assert cursor.turn(-1) == first
    cursor.position = first
    assert cursor.turn(-1) == Position(0, 0)
    cursor.position = Position(0, hand.last)
    assert cursor.turn(1) == Position(1, 0)


def test_hands_step_to_their_starts(match: MatchReplay) -> None:
    assert len(match.hands) >= 3
    cursor = Cursor(match, Position(1, 7))
    assert cursor.hand_step(-1) == Position(1, 0)  # first back to this hand's start
    cursor.position = Position(1, 0)
    assert cursor.hand_step(-1) == Position(0, 0)
    assert cursor.hand_step(1) == Position(2, 0)
    cursor.position = Position(len(match.hands) - 1, 3)
    assert cursor.hand_step(1) == cursor.end


def test_frames_between_walks_every_frame_in_order(match: MatchReplay) -> None:
    cursor = Cursor(match)
    start = Position(0, match.hands[0].last - 2)
    walked = cursor.frames_between(start, Position(1, 1))
    assert walked == [(0, start.frame + 1), (0, start.frame + 2), (1, 0), (1, 1)]
    assert cursor.frames_between(Position(1, 1), Position(1, 1)) == []


def test_the_hand_list_facts_come_from_the_engine(match: MatchReplay) -> None:
    for hand in match.hands:
        wins = [frame.event for frame in hand.frames if isinstance(frame.event, HandWon)]
        assert [(win.seat, win.value.points) for win in wins] == [(w.seat, w.points) for w in hand.wins]
        assert (hand.draw is None) == bool(wins)
        ended = hand.frames[-1].event
        assert isinstance(ended, RoundEnded)
        assert hand.deltas == ended.deltas
        assert hand.frames[-1].views[0].scores == ended.scores
        assert hand.label[0] in "ESWN"
        assert 0 <= hand.end_panel() <= hand.last


@pytest.mark.parametrize("kind", ["tenhou6", "mjai"])
def test_export_reads_back_as_the_same_match(match: MatchReplay, kind: str, tmp_path: Path) -> None:
    path = export(match, kind, tmp_path, "match")
    assert path.name == ("match.json" if kind == "tenhou6" else "match.mjson")
    again = export(match, kind, tmp_path, "match")
    assert again.name.startswith("match-2.")  # never over an earlier export
    read = open_file(path)
    assert len(read.hands) == len(match.hands)
    for ours, theirs in zip(match.hands, read.hands, strict=True):
        # the formats name tiles by kind (and red five), not by copy: the same steps, wins and scores
        assert [type(f.event) for f in ours.frames] == [type(f.event) for f in theirs.frames]
        assert (ours.wins, ours.draw, ours.deltas) == (theirs.wins, theirs.draw, theirs.deltas)
        assert [f.views[0].scores for f in ours.frames] == [f.views[0].scores for f in theirs.frames]
    assert read.names == NAMES


def test_export_text_refuses_an_unknown_format(match: MatchReplay) -> None:
    with pytest.raises(ValueError, match="unknown export format"):
        export_text(match, "pdf")


def test_export_to_a_folder_that_cannot_be_made_is_one_line(match: MatchReplay, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ReplayViewError, match="cannot write") as caught:
        export(match, "mjai", blocker / "inside", "match")
    assert "\n" not in str(caught.value)


def test_a_stored_match_replays_like_its_log(tmp_path: Path) -> None:
    table = Table(EAST, [create_seat("easy", EAST, 70 + seat) for seat in range(4)], 70)
    recorder = GameRecorder.attach(table, NAMES)
    standings = table.run()
    with Records(tmp_path / "records.sqlite3") as records:
        match_id = records.create_match(EAST, 70, [SeatEntry(name, "easy") for name in NAMES])
        records.append_actions(match_id, 0, table.actions)
        records.finish_match(match_id, standings)
        stored = open_match(records, match_id)
        with pytest.raises(ReplayViewError, match="no match 99"):
            open_match(records, 99)
    logged = replay_match(recorder.record(standings), EAST)
    assert [[f.event for f in h.frames] for h in stored.hands] == [
        [f.event for f in h.frames] for h in logged.hands
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "neither mjlog XML"),
        (b"hello", "neither mjlog XML"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"{not json", "not valid JSON"),
        (gzip.compress(b'<mjloggm ver="2.3"></mjloggm>'), "no hand"),
        (b'{"log": []}', "player names"),
    ],
    ids=["empty", "text", "binary", "broken-json", "gzip-without-hands", "tenhou6-without-hands"],
)
def test_a_bad_file_is_one_line(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.log"
    path.write_bytes(content)
    with pytest.raises(ReplayViewError, match=message) as caught:
        open_file(path)
    text = str(caught.value)
    assert "\n" not in text
    assert "bad.log" in text


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ReplayViewError, match="cannot read the file"):
        open_file(tmp_path / "nowhere.json")


def test_a_log_cut_short_shows_its_whole_hands_and_says_so(tmp_path: Path) -> None:
    text = tenhou6.dumps(played_record())
    cut = text[: len(text) * 2 // 3]
    path = tmp_path / "cut.json"
    path.write_text(cut, encoding="utf-8")
    replay = open_file(path)
    assert replay.hands
    assert any("cut short" in note for note in replay.notes)


def test_a_hand_the_engine_refuses_is_shown_up_to_the_refusal() -> None:
    record = played_record()
    first = record.rounds[0]
    steps = list(first.steps)
    # the dealer's first discard swaps with a later one: that later discard is of a tile it no longer holds
    mine = [i for i, step in enumerate(steps) if isinstance(step, DiscardStep) and step.seat == first.dealer]
    a, b = mine[0], next(i for i in mine[1:] if steps[i].tile != steps[mine[0]].tile)  # type: ignore[attr-defined]
    steps[a], steps[b] = (
        dataclasses.replace(steps[a], tile=steps[b].tile),  # type: ignore[attr-defined]
        dataclasses.replace(steps[b], tile=steps[a].tile),  # type: ignore[attr-defined]
    )
    bent = dataclasses.replace(
        record, rounds=(dataclasses.replace(first, steps=tuple(steps)), *record.rounds[1:])
    )
    replay = replay_match(bent, EAST)
    assert len(replay.hands) == len(record.rounds)
    hand = replay.hands[0]
    assert hand.problems
    assert replay.notes[0].startswith(f"{hand.label}: shown up to where")
    assert not isinstance(hand.frames[-1].event, RoundEnded)  # it stops where the engine stopped
    assert all(not later.problems for later in replay.hands[1:])
