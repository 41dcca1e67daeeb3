"""The records' statistics: the same figures as simulate on the same games, hand-built tallies (tsumo share,
average deal-in, yaku), the filters, what is not counted, and the command's answers for empty, unknown and
bad input (one line, the file left as it was)."""

from __future__ import annotations

import dataclasses
import io
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

import game.stats as stats_module
from game.records import APPLICATION_ID, Records, SeatEntry
from game.saved_match import MatchWriter
from game.simulate import make_seat, plan_games, play_game, summarize
from game.stats import (
    AI_NAMES,
    HandTally,
    MatchReader,
    MatchTally,
    PlayerStats,
    SeatResult,
    StatsFilter,
    days_ago,
    pool,
    read_matches,
    run,
)
from game.table import Table
from rules.events import HandWon, RiichiAccepted, RoundEnded, RoundStarted
from rules.match import Standings
from rules.points import Payments
from rules.ruleset import RuleSet, preset
from rules.scoring import HandValue

EAST = preset("standard").with_overrides({"game_length": "east"})
SPECS = ("normal", "easy", "strong", "easy")
GAMES = 3
# who sits for each spec in the records: the normal AI plays under a person's name
ENTRY_OF = {"normal": ("Ann", "human"), "easy": ("Easy AI", "easy"), "strong": ("Strong AI", "strong")}
LABEL_OF = {"Ann": "normal", AI_NAMES["easy"]: "easy", AI_NAMES["strong"]: "strong"}


@dataclass(frozen=True)
class Played:
    """The same games played by simulate and stored in a records file."""

    records: Path
    simulate: dict[str, dict[str, object]]  # simulate's --json players, by label
    standings: tuple[Standings, ...]


def store_game(
    records: Records, rules: RuleSet, specs: Sequence[str], seeds: Sequence[int], table_seed: int
) -> Standings:
    """Play one game as the game does (its answers written as they are applied, then its result)."""
    seats = [
        make_seat(spec, seat, rules, seed) for seat, (spec, seed) in enumerate(zip(specs, seeds, strict=True))
    ]
    entries = [SeatEntry(*ENTRY_OF[spec]) for spec in specs]
    table = Table(rules, seats, table_seed)
    MatchWriter.attach(records, records.create_match(rules, table_seed, entries), table)
    return table.run()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    # SQLite keeps signed 64-bit seeds: the planned table seeds are shifted into range, for both runs alike
    jobs = [
        dataclasses.replace(job, table_seed=job.table_seed >> 2)
        for job in plan_games(SPECS, GAMES, EAST, seed=11, duplicate=False)
    ]
    simulated = summarize(SPECS, EAST.players, [play_game(job) for job in jobs], 0.0).to_json()
    path = tmp_path_factory.mktemp("stats") / "records.sqlite3"
    with Records(path) as records:
        standings = tuple(
            store_game(records, EAST, job.specs, job.seat_seeds, job.table_seed) for job in jobs
        )
    return Played(path, {player["label"]: player for player in simulated["players"]}, standings)


def command(
    db: Path, *, player: str | None = None, as_json: bool = True, chosen: StatsFilter | None = None
) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(db, out, err, player=player, as_json=as_json, chosen=chosen)
    return status, out.getvalue(), err.getvalue()


# ---- the same figures as simulate ------------------------------------------------------------------------


def test_stats_equal_simulate_on_the_same_games(played: Played) -> None:
    status, out, err = command(played.records)
    assert (status, err) == (0, "")
    players = json.loads(out)["players"]
    assert sorted(entry["name"] for entry in players) == sorted(LABEL_OF)
    for entry in players:
        expected = played.simulate[LABEL_OF[entry["name"]]]
        assert entry["matches"] == expected["games"]
        assert entry["hands"] == expected["hands"]
        assert entry["ranks"] == [round(share * expected["games"]) for share in expected["rank_dist"]]
        for key in ("avg_rank", "win_rate", "deal_in_rate", "riichi_rate", "call_rate", "avg_score"):
            assert entry[key] == expected[key], (entry["name"], key)
        assert entry["avg_win"] == expected["avg_win_points"]
        assert entry["tenpai_at_draw_rate"] == expected["tenpai_at_draw_rate"]
    # the comparison means something only if things happened
    assert any(entry["win_rate"] > 0 for entry in players)
    assert any(entry["deal_in_rate"] > 0 for entry in players)
    assert any(entry["call_rate"] > 0 for entry in players)


def test_ranks_and_scores_are_the_stored_results(played: Played) -> None:
    with Records(played.records, create=False) as records:
        reader = read_matches(records)
    assert [match.results[0].rank for match in reader.matches] == [s.ranks[0] for s in played.standings]
    for match, standings in zip(reader.matches, played.standings, strict=True):
        assert tuple(result.score for result in match.results) == standings.scores
    entries = pool(reader.matches)
    ann = next(entry for entry in entries if entry.name == "Ann")
    assert ann.stats.ranks_in_order == [s.ranks[0] for s in played.standings]
    # tsumo wins are some of the wins, every deal-in cost points, every win had a yaku besides its dora
    for entry in entries:
        assert entry.stats.tsumo_wins <= entry.stats.wins
        assert (entry.stats.deal_in_points > 0) == (entry.stats.deal_ins > 0)
        assert sum(entry.stats.yaku.values()) >= entry.stats.wins
        assert not set(entry.stats.yaku) & {"dora", "aka_dora", "ura_dora", "kita"}
    assert sum(entry.stats.tsumo_wins for entry in entries) > 0


# ---- tallies built by hand -------------------------------------------------------------------------------


def started() -> RoundStarted:
    return RoundStarted(0, 0, 0, 0, 0, (25000,) * 4, 0, ((),) * 4, 70)


def won(seat: int, discarder: int | None, points: int, yaku: tuple[tuple[str, int], ...]) -> HandWon:
    value = HandValue(3, 30, 0, None, points, Payments(ron=points), points, yaku)
    return HandWon(seat, discarder, 0, (), (), value, (), None, (0,) * 4)


def ended(winners: tuple[int, ...]) -> RoundEnded:
    return RoundEnded("win", winners, (0,) * 4, (25000,) * 4, 0, False, None)


def test_a_hand_tally_counts_tsumo_wins_deal_in_points_and_yaku_without_dora() -> None:
    tally = HandTally(4)
    state = None
    tally((started(), RiichiAccepted(0, (24000, 25000, 25000, 25000), 1)), state)  # type: ignore[arg-type]
    tally((won(0, None, 8000, (("riichi", 1), ("menzen_tsumo", 1), ("dora", 2))), ended((0,))), state)  # type: ignore[arg-type]
    tally((started(),), state)  # type: ignore[arg-type]
    # a double ron on seat 2's discard: one deal-in, both wins' points
    tally(
        (
            won(1, 2, 3900, (("tanyao", 1), ("aka_dora", 1))),
            won(3, 2, 2000, (("yakuhai_haku", 1), ("ura_dora", 1))),
            ended((1, 3)),
        ),
        state,  # type: ignore[arg-type]
    )
    zero = (0, 0, 0, 0)
    standings = Standings((33000, 28900, 19100, 19000), (1, 2, 3, 4), zero, zero, zero, 0)
    results = [tally.seat_result(seat, f"s{seat}", standings) for seat in range(4)]
    assert [r.hands for r in results] == [2] * 4
    assert [r.wins for r in results] == [1, 1, 0, 1]
    assert [r.tsumo_wins for r in results] == [1, 0, 0, 0]
    assert [r.deal_ins for r in results] == [0, 0, 1, 0]
    assert [r.deal_in_points for r in results] == [0, 0, 5900, 0]
    assert [r.riichi for r in results] == [1, 0, 0, 0]
    assert results[0].yaku == (("menzen_tsumo", 1), ("riichi", 1))
    assert results[1].yaku == (("tanyao", 1),)
    assert results[3].yaku == (("yakuhai_haku", 1),)
    assert (results[2].score, results[2].rank) == (19100, 3)


def test_pooled_tsumo_share_average_deal_in_and_most_frequent_yaku() -> None:
    stats = PlayerStats("Ann", 4)
    stats.add(
        SeatResult(
            "Ann",
            30000,
            1,
            hands=5,
            wins=3,
            win_points=12000,
            tsumo_wins=1,
            deal_ins=1,
            deal_in_points=3900,
            yaku=(("pinfu", 2), ("riichi", 2), ("tanyao", 1)),
        )
    )
    stats.add(
        SeatResult(
            "Ann",
            20000,
            3,
            hands=5,
            wins=1,
            win_points=8000,
            tsumo_wins=1,
            deal_ins=2,
            deal_in_points=9700,
            yaku=(("riichi", 1), ("tanyao", 2)),
        )
    )
    assert stats.tsumo_share == pytest.approx(2 / 4)
    assert stats.avg_deal_in_points == pytest.approx((3900 + 9700) / 3)
    assert stats.avg_win_points == pytest.approx(20000 / 4)
    # riichi 3, tanyao 3 (riichi first: the yaku list's order breaks ties), pinfu 2
    assert stats.top_yaku() == [("riichi", 3), ("tanyao", 3), ("pinfu", 2)]
    assert stats.top_yaku(1) == [("riichi", 3)]
    assert stats.rank_counts == [1, 0, 1, 0]
    assert stats.ranks_in_order == [1, 3]
    empty = PlayerStats("Bob", 4)
    empty.add(SeatResult("Bob", 25000, 2, hands=5))
    assert (empty.tsumo_share, empty.avg_deal_in_points, empty.avg_win_points) == (None, None, None)
    assert empty.top_yaku() == []


# ---- pooling and filters ---------------------------------------------------------------------------------


def match(
    match_id: int,
    seats: Sequence[tuple[str, str]],
    ranks: Sequence[int],
    *,
    ruleset: str = "standard",
    when: str = "2026-01-10T12:00:00",
) -> MatchTally:
    entries = tuple(SeatEntry(name, level) for name, level in seats)
    results = tuple(
        SeatResult(name, 25000, rank, hands=4, wins=1) for (name, _), rank in zip(seats, ranks, strict=True)
    )
    return MatchTally(match_id, ruleset, len(seats), when, entries, results)


FOUR = (("Ann", "human"), ("Normal AI 1", "normal"), ("Normal AI 2", "normal"), ("Zed", "human"))
THREE = (("Ann", "human"), ("Strong AI", "strong"), ("Easy AI", "easy"))
MATCHES = (
    match(1, FOUR, (1, 2, 3, 4), when="2026-01-01T10:00:00"),
    match(2, FOUR, (2, 1, 4, 3), ruleset="tenhou", when="2026-01-05T10:00:00"),
    match(3, THREE, (3, 1, 2), ruleset="tenhou-3p", when="2026-01-07T10:00:00"),
    match(4, FOUR, (4, 3, 2, 1), when="2026-01-08T10:00:00"),
)


def test_people_by_name_and_ai_by_level_apart_for_each_table_size() -> None:
    entries = pool(MATCHES)
    assert [(e.players, e.name, e.level) for e in entries] == [
        (4, "Ann", "human"),
        (4, "Zed", "human"),
        (4, "Normal AI", "normal"),
        (3, "Ann", "human"),
        (3, "Easy AI", "easy"),
        (3, "Strong AI", "strong"),
    ]
    ann4, _, normal, ann3, *_ = entries
    assert ann4.stats.rank_counts == [1, 1, 0, 1]
    assert ann3.stats.rank_counts == [0, 0, 1]
    assert normal.stats.games == 6  # two seats in each of three matches
    assert normal.stats.rank_counts == [1, 2, 2, 1]


def test_filters_by_preset_table_size_and_date() -> None:
    def names(chosen: StatsFilter) -> list[tuple[int, str, int]]:
        return [(e.players, e.name, e.stats.games) for e in pool(MATCHES, chosen) if e.is_human]

    assert names(StatsFilter(ruleset="tenhou")) == [(4, "Ann", 1), (4, "Zed", 1)]
    assert names(StatsFilter(players=3)) == [(3, "Ann", 1)]
    assert names(StatsFilter(since="2026-01-05T10:00:00")) == [(4, "Ann", 2), (4, "Zed", 2), (3, "Ann", 1)]
    assert names(StatsFilter(ruleset="standard", since="2026-01-06T00:00:00")) == [
        (4, "Ann", 1),
        (4, "Zed", 1),
    ]
    assert names(StatsFilter(ruleset="kobalab")) == []


def test_days_ago_is_the_records_time_format_that_many_days_back() -> None:
    now = 1_800_000_000.0
    assert days_ago(0, now) > days_ago(7, now) > days_ago(30, now)
    assert len(days_ago(7, now)) == len("2026-01-01T00:00:00")
    assert days_ago(1, now) == days_ago(0, now - 86_400)


# ---- what the records hold -------------------------------------------------------------------------------


def copy_of(played: Played, tmp_path: Path) -> Path:
    copy = tmp_path / "records.sqlite3"
    copy.write_bytes(played.records.read_bytes())
    return copy


def test_unfinished_and_abandoned_matches_are_not_counted(played: Played, tmp_path: Path) -> None:
    path = copy_of(played, tmp_path)
    with Records(path) as records:
        entries = [SeatEntry(*ENTRY_OF[spec]) for spec in SPECS]
        playing = records.create_match(EAST, 5, entries)
        table = Table(EAST, [make_seat(spec, seat, EAST, seat) for seat, spec in enumerate(SPECS)], 5)
        MatchWriter.attach(records, playing, table)
        table.step(max_steps=40)
        abandoned = records.create_match(EAST, 6, entries)
        records.abandon_match(abandoned)
        assert records.load_match(playing).actions
        reader = read_matches(records)
    assert reader.total == GAMES
    assert len(reader.matches) == GAMES
    assert playing not in {m.id for m in reader.matches}


def test_a_match_that_cannot_be_rebuilt_is_left_out_with_one_line(played: Played, tmp_path: Path) -> None:
    path = copy_of(played, tmp_path)
    with Records(path) as records:
        stored = records.load_match(1)
        broken = records.create_match(EAST, stored.summary.seed, stored.summary.seats)
        records.append_actions(broken, 0, stored.actions[:30])
        records.finish_match(broken, played.standings[0])
    status, out, err = command(path)
    assert status == 0
    assert len(json.loads(out)["players"]) == 3
    assert err.count("\n") == 1
    assert err.startswith("warning: left out ")
    assert f"match {broken}: " in err
    assert "answers end before the match does" in err


def test_a_second_read_of_the_same_file_replays_nothing(
    played: Played, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Records(played.records, create=False) as records:
        first = read_matches(records).matches

        def replay(*args: object) -> MatchTally:
            raise AssertionError("replayed again")

        monkeypatch.setattr(stats_module, "tally_match", replay)
        again = read_matches(records).matches
    assert again == first


def test_the_reader_reads_a_few_at_a_time(played: Played) -> None:
    with Records(played.records, create=False) as records:
        reader = MatchReader(records)
        assert (reader.total, reader.position, reader.done) == (GAMES, 0, False)
        assert reader.read(0.0) is False
        assert reader.position == 1
        assert reader.read() is True
        assert len(reader.matches) == GAMES


# ---- the command -----------------------------------------------------------------------------------------


def test_the_table_lists_every_player_with_their_yaku(played: Played) -> None:
    status, out, err = command(played.records, as_json=False)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "4-player matches"
    assert lines[1].split()[:4] == ["player", "matches", "hands", "rank"]
    for name in LABEL_OF:
        assert any(line.startswith(name) for line in lines[2:])
    assert "most frequent yaku (wins with it)" in lines


def test_one_player_by_name_in_any_case_or_an_ai_by_level(played: Played) -> None:
    status, out, _ = command(played.records, player="ann")
    assert status == 0
    assert [entry["name"] for entry in json.loads(out)["players"]] == ["Ann"]
    status, out, _ = command(played.records, player="strong")
    assert [entry["name"] for entry in json.loads(out)["players"]] == ["Strong AI"]


def test_an_unknown_player_is_one_line_and_a_failure(played: Played) -> None:
    status, out, err = command(played.records, player="Nobody")
    assert status != 0
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: ")
    assert "'Nobody'" in err
    assert str(played.records) in err
    assert "Ann" in err


def test_a_filter_that_leaves_nothing_gives_an_empty_list(played: Played) -> None:
    status, out, _ = command(played.records, chosen=StatsFilter(players=3))
    assert status == 0
    assert json.loads(out) == {"players": []}


def test_an_empty_database_has_no_players(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    Records(path).close()
    assert command(path) == (0, '{\n  "players": []\n}\n', "")
    status, out, err = command(path, as_json=False)
    assert (status, err) == (0, "")
    assert out == f"no finished matches in {path}\n"


def sqlite_with(path: Path, statements: str) -> None:
    connection = sqlite3.connect(path)
    connection.executescript(statements)
    connection.close()


@pytest.mark.parametrize(
    ("name", "make", "problem"),
    [
        ("missing", None, "no records database at"),
        ("folder", "folder", "is a folder"),
        ("foreign", b"name,score\nAnn,3\n", "not a records database"),
        ("empty", b"", "is empty"),
        ("damaged", b"SQLite format 3\x00" + b"\x13" * 3000, "damaged"),
        ("other app", "CREATE TABLE notes (text TEXT);", "not a records database of this game"),
        ("newer", f"PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 99;", "newer version"),
    ],
)
def test_a_missing_foreign_or_damaged_file_is_one_line_and_left_as_it_is(
    tmp_path: Path, name: str, make: bytes | str | None, problem: str
) -> None:
    path = tmp_path / "records.sqlite3"
    if make == "folder":
        path.mkdir()
    elif isinstance(make, bytes):
        path.write_bytes(make)
    elif isinstance(make, str):
        sqlite_with(path, make)
    before = path.read_bytes() if path.is_file() else None
    listing = sorted(item.name for item in tmp_path.iterdir())
    status, out, err = command(path)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: ")
    assert str(path) in err
    assert problem in err
    assert "Traceback" not in err
    assert sorted(item.name for item in tmp_path.iterdir()) == listing, "no file made or left beside it"
    if before is not None:
        assert path.read_bytes() == before
    if make is None:
        assert not path.exists()


def test_reading_a_good_file_changes_nothing_in_it(played: Played, tmp_path: Path) -> None:
    path = copy_of(played, tmp_path)
    before = path.read_bytes()
    assert command(path)[0] == 0
    assert path.read_bytes() == before
    assert sorted(item.name for item in tmp_path.iterdir()) == ["records.sqlite3"]


def test_the_examples_in_the_docstrings() -> None:
    import doctest

    result = doctest.testmod(stats_module)
    assert result.attempted > 0, "no examples: nothing was checked"
    assert result.failed == 0
