"""The danger fit (tools/danger_fit.py): the chance it fits is the AI's own (linear in the shares), the fit
finds the shares that made the deal-ins, a real match's discards against a single riichi are counted as its
mjai log shows them, and bad input is one line with status 2."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.ai import create_ai
from game.ai.danger import DANGER_REASONS, SHARES, Shares, Threat, deal_in_chance
from game.logs import mjai
from game.recorder import GameRecorder
from game.table import Table
from rules.ruleset import preset
from rules.tiles import parse_tiles
from tools import danger_fit

LEVELS = ("strong", "normal", "strong", "easy")
SEED = 6  # an East-only match with discards against a single riichi and a deal-in to one (checked below)


def _kind(text: str) -> int:
    return parse_tiles(text)[0] >> 2


def test_a_tiles_chance_is_the_sum_of_its_share_coefficients() -> None:
    # what the fit rests on: before the scaling to the wait mass, a chance is linear in the shares
    unseen = [4, 3, 2, 1, 0, 3, 2, 4, 1] * 3 + [4, 3, 2, 1, 1, 2, 3]
    safe = frozenset(_kind(text) for text in ("3m", "6p", "1z", "8s"))
    for threat in (
        Threat(2, 1.0, 5200.0, safe, None),
        Threat(1, 0.5, 4000.0, safe, 0),  # a flush
        Threat(3, 0.5, 4000.0, safe, None, simples=True),
    ):
        for kind in range(34):
            parts = [deal_in_chance(kind, threat, unseen, shares=unit) for unit in danger_fit._UNITS]
            whole = math.fsum(share * part for share, part in zip(SHARES.vector(), parts, strict=True))
            assert deal_in_chance(kind, threat, unseen) == pytest.approx(whole, abs=1e-12)


def test_the_shares_round_trip_through_their_vector() -> None:
    assert Shares.of(SHARES.vector(), SHARES.wait_mass) == SHARES
    with pytest.raises(ValueError, match="11 shares expected"):
        Shares.of([0.1] * 3, 1.0)


def _expected_groups(
    truth: Shares, discards: int
) -> dict[tuple[tuple[float, ...], tuple[float, ...]], tuple[int, int]]:
    """Discards bearing one share each, as many dealing in as the true shares say: some with many kinds left
    unsafe (no scaling), some with few (scaled to the wait mass, which they pin down)."""
    shares = truth.vector()
    width = len(shares)
    groups = {}
    for index in range(width - 1):  # no discard bears the last share (honour4: a discarded tile is held)
        terms = tuple(1.0 if other == index else 0.0 for other in range(width))
        for mass in ((60.0,) * width, tuple(8.0 if other == 0 else 0.0 for other in range(width))):
            p = danger_fit.chance(shares, truth.wait_mass, terms, mass)
            groups[(terms, mass)] = (discards, round(discards * p))
    return groups


def test_the_fit_finds_the_shares_that_made_the_deal_ins() -> None:
    truth = Shares.of([0.05, 0.02, 0.04, 0.003, 0.006, 0.01, 0.015, 0.002, 0.008, 0.03, 0.07], 1.5)
    fitted, held = danger_fit.fit(_expected_groups(truth, 200_000), tolerance=1e-4)
    assert held == ("honour4",)
    assert fitted.honour[4] == SHARES.honour[4]  # held at the game's value
    for name, want, got in zip(Shares.NAMES[:-1], truth.vector(), fitted.vector(), strict=False):
        assert got == pytest.approx(want, rel=0.02), name
    assert fitted.wait_mass == pytest.approx(truth.wait_mass, rel=0.02)
    assert danger_fit.scaled_share(_expected_groups(truth, 200_000), fitted) == 0.5  # the few-kinds half
    # and the game's shares, which are not the truth here, are less likely
    groups = _expected_groups(truth, 200_000)
    assert danger_fit.log_likelihood(groups, fitted.vector(), fitted.wait_mass) > danger_fit.log_likelihood(
        groups, SHARES.vector(), SHARES.wait_mass
    )


@pytest.fixture(scope="module")
def match_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rules = preset("standard").with_overrides({"game_length": "east"})
    table = Table(
        rules, [create_ai(level, rules, SEED * 10 + seat) for seat, level in enumerate(LEVELS)], SEED
    )
    recorder = GameRecorder.attach(table, list(LEVELS))
    record = recorder.record(table.run())
    folder = tmp_path_factory.mktemp("logs")
    (folder / "match.mjai.jsonl").write_text(mjai.dumps(record), encoding="utf-8")
    return folder


def _counted_from_the_log(path: Path) -> tuple[int, int, dict[str, int]]:
    """Discards against a single riichi with no other seat open, and those that dealt in to it, read from the
    mjai events alone; and the deal-ins by the riichi seat's name."""
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    names = events[0]["names"]
    discards = deal_ins = 0
    by_name: dict[str, int] = {}
    last: tuple[int, int] | None = None  # (discarder, riichi seat) of the last discard counted
    for event in events:
        kind = event["type"]
        if kind == "start_kyoku":
            riichi: set[int] = set()
            opened: set[int] = set()
            declaring = None
            last = None
        elif kind == "reach":
            declaring = event["actor"]
        elif kind in ("chi", "pon", "daiminkan"):
            opened.add(event["actor"])
        elif kind == "dahai":
            actor = event["actor"]
            others = [seat for seat in range(4) if seat != actor]
            standing = [seat for seat in others if seat in riichi]
            last = None
            if actor not in riichi and len(standing) == 1 and not opened & set(others):
                discards += 1
                last = (actor, standing[0])
            if declaring == actor:
                riichi.add(actor)
                declaring = None
        elif kind == "hora" and last is not None and event["target"] == last[0] and event["actor"] == last[1]:
            deal_ins += 1
            by_name[names[last[1]]] = by_name.get(names[last[1]], 0) + 1
        elif kind not in ("hora", "reach_accepted"):
            last = None
    return discards, deal_ins, by_name


def test_a_matchs_discards_against_a_single_riichi_are_counted_as_its_log_shows(match_log: Path) -> None:
    discards, deal_ins, by_name = _counted_from_the_log(match_log / "match.mjai.jsonl")
    assert discards > 0  # the seed has them; pick another if a change of play loses them
    assert deal_ins > 0
    lines = danger_fit.report([str(match_log)])
    assert lines[0] == f"danger_fit logs=1 rows={discards} deal_ins={deal_ins}"
    fields = dict(word.split("=") for word in lines[1].split()[1:])
    assert float(fields["fitted"]) >= float(fields["current"])  # the fit starts from the game's shares
    assert lines[2].startswith("shares ryanmen=")
    assert "wait_mass=" in lines[2]
    readings = {line.split()[1]: line for line in lines[3:]}
    assert set(readings) == {f"reason={reason}" for reason in DANGER_REASONS}
    assert sum(int(line.split()[2].split("=")[1]) for line in lines[3:]) == discards
    assert readings["reason=genbutsu"].endswith("read=0.0000 actual=0.0000")  # a genbutsu never deals in
    # only the riichi of one player's seats, by name
    name, dealt = next(iter(by_name.items()))
    rows = danger_fit.read_rows([str(match_log)], name)[1]
    assert sum(row.dealt_in for row in rows) == dealt
    # held out: the same logs read the same
    held = danger_fit.report([str(match_log)], [str(match_log / "match.mjai.jsonl")])
    heldout = dict(word.split("=") for word in held[2].split()[1:])
    assert heldout["rows"] == str(discards)
    assert heldout["current"] == fields["current"]


def test_a_rows_read_chance_is_the_one_the_strong_ai_plays_by(match_log: Path) -> None:
    rows = danger_fit.read_rows([str(match_log)])[1]
    # the tool's coefficients rebuild the chance the game reads (deal_in_chances, scaling and all)
    for row in rows:
        assert row.read == pytest.approx(
            danger_fit.chance(SHARES.vector(), SHARES.wait_mass, row.terms, row.mass), abs=1e-12
        )
    assert any(row.read > 0 for row in rows)


def test_bad_input_is_one_line_naming_it(
    tmp_path: Path, match_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    broken = tmp_path / "broken.mjai.jsonl"
    broken.write_text('{"type": "start_game", "names": ["a", "b", "c", "d"]}\n{"type": \n', encoding="utf-8")
    for argv, message in (
        ([str(tmp_path / "missing")], "missing: no such file or folder"),
        ([str(empty)], "empty: no *.mjai.jsonl logs in this folder"),
        ([str(broken)], "broken.mjai.jsonl"),
        (
            [str(match_log), "--riichi-by", "nobody"],
            "no discard against a single riichi by a player named 'nobody'",
        ),
        ([str(match_log), "--held-out", str(tmp_path / "gone")], "gone: no such file or folder"),
    ):
        assert danger_fit.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("danger_fit: "), err
        assert err.count("\n") == 1, err
        assert message in err
