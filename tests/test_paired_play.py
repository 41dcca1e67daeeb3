"""Paired play (tools/paired_play.py): a seat swapped for itself never differs, a careless seat loses points
in single hands and places from South 4 on the same walls, a run repeats itself, a stopped run keeps the
trials done, and bad input is one line and status 2."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game.ai.player import AiSeat
from game.view import SeatView
from rules.actions import PASS, Action, Discard
from tools import paired_play


class Tsumogiri(AiSeat):
    """A careless player: discards whatever it draws, never calls, riichis or wins."""

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        if PASS in legal:
            return PASS
        drawn = next(
            (a for a in legal if isinstance(a, Discard) and a.tile == view.drawn and not a.riichi), None
        )
        if drawn is not None:
            return drawn
        return next((a for a in legal if isinstance(a, Discard) and not a.riichi), legal[0])


CARELESS = f"{__name__}:Tsumogiri"


def _always_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the shadow report a difference at once, so that every trial is played a second time."""
    always = property(lambda self: True, lambda self, value: None)
    monkeypatch.setattr(paired_play.Shadowed, "differed", always, raising=False)


def test_a_seat_swapped_for_itself_never_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    # played twice for real: with the shortcut, new == old would hold whatever the second play measured
    _always_replay(monkeypatch)
    trials = [paired_play.play_trial(paired_play.Job("strong", "strong", "hand", 0, n, 5)) for n in range(6)]
    assert all(trial.new == trial.old for trial in trials)
    assert {trial.seat for trial in trials} == {0, 1, 2, 3}


class Strong(AiSeat):
    """The strong AI under another name: a NEW that chooses as OLD does at every decision."""


def test_a_trial_whose_choices_never_differ_is_played_once_with_the_replays_measure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tables: list[paired_play.Table] = []
    real = paired_play.Table

    def counted(*args: Any, **kwargs: Any) -> paired_play.Table:
        tables.append(real(*args, **kwargs))
        return tables[-1]

    monkeypatch.setattr(paired_play, "Table", counted)
    jobs = [paired_play.Job(f"{__name__}:Strong", "strong", "hand", 0, n, 11) for n in range(4)]
    once = [paired_play.play_trial(job) for job in jobs]
    assert len(tables) == 4
    # the shadow made to report a difference: each trial is played again, and measures what it skipped
    _always_replay(monkeypatch)
    twice = [paired_play.play_trial(job) for job in jobs]
    assert len(tables) == 4 + 8
    assert twice == once
    assert all(trial.new == trial.old for trial in twice)


def test_strong_beats_a_careless_seat_in_single_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert paired_play.run(["strong", "--old", CARELESS, "--trials", "16", "--start", "3"]) == 0
    captured = capsys.readouterr()
    line, err = captured.out.strip(), captured.err
    fields = dict(field.split("=", 1) for field in line.split()[1:])
    assert (fields["mode"], fields["unit"], fields["trials"]) == ("hand", "points", "16")
    assert int(fields["differing"]) >= 8
    assert float(fields["gain"]) > 2 * float(fields["se"]) > 0
    # while it runs, a progress line on standard error ends at the last trial
    assert "16/16 trials" in err
    assert err.endswith("\n")
    # the same run, the other way round: the same trials with the sign turned
    assert paired_play.run([CARELESS, "--old", "strong", "--trials", "16", "--start", "3"]) == 0
    back = dict(field.split("=", 1) for field in capsys.readouterr().out.split()[1:])
    assert float(back["gain"]) < 0


def test_the_end_mode_measures_final_places_and_writes_each_trial(tmp_path: Path) -> None:
    out = tmp_path / "trials.json"
    code = paired_play.run(
        ["strong", "--old", CARELESS, "--mode", "end", "--from", "S4", "--trials", "8", "--json", str(out)]
    )
    assert code == 0
    trials = json.loads(out.read_text(encoding="utf-8"))
    assert len(trials) == 8
    assert all(trial["hand"] == "S4" and sum(trial["scores"]) == 100000 for trial in trials)
    assert all(-4 <= trial["new"] <= -1 and -4 <= trial["old"] <= -1 for trial in trials)
    assert sum(trial["new"] - trial["old"] for trial in trials) > 0
    again = tmp_path / "again.json"
    paired_play.run(["strong", "--old", CARELESS, "--mode", "end", "--trials", "8", "--json", str(again)])
    assert json.loads(again.read_text(encoding="utf-8")) == trials


ROOT = Path(__file__).resolve().parents[1]


def _fields(line: str) -> dict[str, str]:
    """The summary line's fields (the --others spec, which may hold spaces, is its own field)."""
    head, _, others = line.partition(" others=")
    fields = dict(field.split("=", 1) for field in head.split()[1:])
    if others:
        spec, _, fallbacks = others.rpartition(" fallbacks=")
        fields |= {"others": spec, "fallbacks": fallbacks}
    return fields


def test_the_other_seats_can_be_an_mjai_bot_and_its_fallbacks_are_counted(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    caplog.set_level(logging.WARNING)
    # our own easy AI as an mjai bot in the three other seats: it answers a position the same way every time,
    # so a seat swapped for itself still never differs (each trial played twice for real, as the shortcut
    # that skips the second play assumes of the other seats), and it plays every decision itself
    _always_replay(monkeypatch)
    bot = "mjai:" + shlex.join([sys.executable, str(ROOT / "main.py"), "mjai-bot", "--level", "easy"])
    assert paired_play.run(["strong", "--others", bot, "--trials", "2", "--start", "1"]) == 0
    fields = _fields(capsys.readouterr().out.strip())
    assert fields["others"] == bot
    assert (fields["trials"], fields["differing"], fields["fallbacks"]) == ("2", "0", "0")
    # a bot that crashes at once: every decision of its three seats was safe play, and the line says so
    crashing = tmp_path / "crashing_bot.py"
    crashing.write_text("import sys\nsys.stdin.readline()\nsys.exit(5)\n", encoding="utf-8")
    spec = "mjai:" + shlex.join([sys.executable, str(crashing)])
    assert paired_play.run(["strong", "--others", spec, "--trials", "1", "--start", "7"]) == 0
    assert int(_fields(capsys.readouterr().out.strip())["fallbacks"]) > 0
    # each bench names the trial and the hand, so it can be found and played again
    benched = [record.getMessage() for record in caplog.records if "the mjai bot" in record.getMessage()]
    assert benched
    assert all(" (trial 1 of --start 7, E" in message for message in benched)


def test_the_mjai_timeout_reaches_every_trial(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow machine gives kobalab's bot more than the default 10 s an answer (its slowest took 10.9 s)."""
    jobs: list[paired_play.Job] = []

    def play(job: paired_play.Job) -> paired_play.Trial:
        jobs.append(job)
        return paired_play.Trial(job.number, "S4", 0, (25000,) * 4, 0.0, 0.0, 0)

    monkeypatch.setattr(paired_play, "play_trial", play)
    assert paired_play.run(["strong", "--trials", "2", "--others", "strong", "--mjai-timeout", "30"]) == 0
    assert [job.mjai_timeout_s for job in jobs] == [30.0, 30.0]
    jobs.clear()
    assert paired_play.run(["strong", "--trials", "1", "--others", "strong"]) == 0
    assert [job.mjai_timeout_s for job in jobs] == [10.0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuch"], "nosuch: neither a level"),
        (["json:Nothing"], "json:Nothing: Nothing is not an AiSeat subclass in json"),
        (["tools.paired_play:Trial"], "not an AiSeat subclass"),
        (["no_such_module_here:X"], "cannot import no_such_module_here"),
        (["strong", "--from", "W1"], "--from W1: not one of"),
        (["strong", "--trials", "0"], "--trials and --jobs must be at least 1"),
        (["strong", "--others", "weak"], "--others: unknown seat spec 'weak'"),
        (["strong", "--others", "mjai:/no/such/bot", "--trials", "1"], "--others: cannot start seat 1"),
        (["strong", "--mjai-timeout", "0"], "--mjai-timeout 0: must be more than 0 and at most 3600 seconds"),
        (["strong", "--mjai-timeout", "soon"], "--mjai-timeout soon: must be more than 0"),
        (["strong", "--mjai-timeout", "nan"], "--mjai-timeout nan: must be more than 0"),
        (["strong", "--mjai-timeout", "4000"], "--mjai-timeout 4000: must be more than 0"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert paired_play.run(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("paired_play: ")
    assert message in err


@pytest.mark.parametrize(
    ("jobs", "again"),
    [(1, ()), (2, ()), (2, (signal.SIGINT, signal.SIGTERM))],
    ids=["one job", "two jobs", "stopped again while it waits"],
)
def test_a_stopped_run_still_writes_and_sums_the_trials_done(
    tmp_path: Path, jobs: int, again: tuple[signal.Signals, ...]
) -> None:
    out, err_path = tmp_path / "trials.json", tmp_path / "stderr.txt"
    root = Path(paired_play.__file__).resolve().parents[1]
    argv = ["--trials", "400", "--jobs", str(jobs), "--start", "3", "--json", str(out)]
    env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with err_path.open("w", encoding="utf-8") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "tools.paired_play", "strong", *argv],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            start_new_session=True,  # its own process group, so that a failed run's workers are ended with it
        )
        try:
            deadline = time.monotonic() + 120
            while not re.search(r"[1-9]\d*/400 trials", err_path.read_text(encoding="utf-8")):
                progress = err_path.read_text(encoding="utf-8")
                assert process.poll() is None, progress
                assert time.monotonic() < deadline, progress
                time.sleep(0.1)
            process.send_signal(signal.SIGTERM)
            # a second Ctrl-C or kill while the run waits for the trials in play is ignored
            for signum in again:
                time.sleep(0.05)  # a trial takes far longer: the run is still waiting for those in play
                process.send_signal(signum)
            stdout, _ = process.communicate(timeout=120)
        finally:
            with contextlib.suppress(ProcessLookupError):  # nothing is left of a run that ended in order
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    stderr = err_path.read_text(encoding="utf-8")
    assert process.returncode == 128 + signal.SIGTERM  # 143, as main.py's commands end on SIGTERM
    assert "Traceback" not in stderr
    done = len(json.loads(out.read_text(encoding="utf-8")))
    assert 1 <= done < 400
    assert f"paired_play: stopped after {done} of 400 trials" in stderr
    last = stdout.strip().splitlines()[-1]
    assert last.startswith(f"paired new=strong old=strong mode=hand trials={done} ")
