"""Danger fit: the strong AI's deal-in shares (``game.ai.danger.SHARES``) refitted to logged games.

``python -m tools.danger_fit LOG... [--held-out LOG...] [--riichi-by NAME]`` reads logs of whole hands
(``main.py simulate ... --logs DIR`` writes them; folders are read for their ``*.mjai.jsonl`` files, files
named may be in any format the game reads) and replays every hand through the engine. Each seat follows its
hand as an AI seat does (``game.ai.danger.Memory`` on the events it saw). At every discard made while exactly
one other seat is in riichi and nobody else has called (``--riichi-by``: a riichi by a player whose name holds
NAME), it reads the riichi seat as a threat the way the strong AI does (genbutsu, suji, kabe, one-chance,
copies seen) and records whether the discard dealt in to it.

The deal-in chance of a tile is linear in the shares before it is scaled up to the wait mass, so one discard
is the share coefficients of its tile and their sum over the kinds a discard could still bring. The fit
(maximum likelihood, a pattern search in log space) finds the shares and the wait mass that make the logged
deal-ins likeliest; a share no discard in the logs bears is held at its current value (it could only move the
sum). It prints:

* ``danger_fit logs=L rows=N deal_ins=D``: the logs read and the discards fitted to;
* ``loglik current=X fitted=Y``: the log-likelihood of the logged outcomes under the shares the game plays by
  and under the fitted ones;
* ``heldout rows=N deal_ins=D current=X fitted=Y`` with ``--held-out``: the same on logs the fit did not see
  (the test a refit has to pass before its shares go into ``game/ai/danger.py``);
* ``shares ryanmen=... honour4=... wait_mass=W held=NAMES scaled=S``: the fitted constants (``held=-``: none
  held) and the share of the discards whose chance they scale up to the wait mass. When that is nearly all of
  them, the logs set only the shares' ratios (scaled, their level cancels out): the level the fit prints is
  then arbitrary, and a reader that does not scale (``normal``, ``counts_tiles=False``) would read it as is;
* ``reading reason=R discards=N read=P actual=Q``: per reading of the tile (``danger_reason``: genbutsu,
  suji, kabe, one_chance, honour, none), the mean deal-in chance the game's shares gave the tiles
  discarded and the share of them that dealt in: where the model reads danger wrong.

It is a measuring instrument for the AI's work (see the README's strong AI section), not part of the game; bad
input (a missing or unreadable log, a hand the engine cannot replay, logs without such a discard) is one line
on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import mul
from pathlib import Path

from game.ai.danger import (
    DANGER_REASONS,
    SHARES,
    Memory,
    Shares,
    danger_reason,
    deal_in_chance,
    deal_in_chances,
    threats,
)
from game.ai.hand import counts_of, unseen_counts
from game.logs.record import GameRecord, LogFormatError
from game.replay import ReplayError, replay_round
from game.verify import log_rules, read_games, round_label
from game.view import redact, view_for
from rules.actions import Action, Discard
from rules.events import Event, HandWon
from rules.meld import MeldType
from rules.round import Phase, RoundState
from rules.tiles import KIND_COUNT
from tools.log_paths import LogPathError, log_files

# a chance is kept within (this, 1 - this) so that a deal-in the shares rule out costs a finite log
_LOWEST = 1e-6
_UNITS = tuple(
    Shares.of([1.0 if index == share else 0.0 for index in range(len(Shares.NAMES))], 0.0)
    for share in range(len(Shares.NAMES))
)  # one share at 1 and the others at 0: a tile's chance under it is the tile's coefficient of that share


class DangerFitError(ValueError):
    """Input that cannot be fitted to; the message is one line."""


@dataclass
class Row:
    """One discard against a single riichi: the share coefficients of the discarded tile (``terms``) and
    their sum over the kinds a discard could still bring (``mass``), how the tile read (``reason``, ``read``:
    its chance under the game's shares) and whether it dealt in."""

    terms: tuple[float, ...]
    mass: tuple[float, ...]
    reason: str
    read: float
    dealt_in: bool = False


Groups = Mapping[tuple[tuple[float, ...], tuple[float, ...]], tuple[int, int]]
"""Rows with the same terms and mass, as (discards, deal-ins): the likelihood is read once per group."""


class _HandFollower:
    """Follows one replayed hand: every seat's memory, and a row at each discard against a single riichi."""

    def __init__(self, players: int, names: Sequence[str], riichi_by: str | None) -> None:
        self.memories = [Memory() for _ in range(players)]
        self.names = names
        self.riichi_by = riichi_by
        self.rows: list[Row] = []
        self.pending: dict[tuple[int, int], tuple[int, Row]] = {}  # (discarder, tile) -> (riichi seat, row)

    def events(self, events: tuple[Event, ...], state: RoundState) -> None:
        for event in events:
            for seat, memory in enumerate(self.memories):
                memory.observe(redact(event, seat))
            if isinstance(event, HandWon) and event.discarder is not None:
                found = self.pending.get((event.discarder, event.win_tile))
                if found is not None and found[0] == event.seat:
                    found[1].dealt_in = True

    def decision(self, state: RoundState, legal: object, choices: Mapping[int, Action]) -> None:
        for seat, action in choices.items():
            if isinstance(action, Discard):
                row = self._row(state, seat, action.tile)
                if row is not None:
                    self.rows.append(row[1])
                    self.pending[(seat, action.tile)] = row

    def _row(self, state: RoundState, seat: int, tile: int) -> tuple[int, Row] | None:
        players = state.players
        if players[seat].riichi:
            return None
        others = [other for other in range(len(players)) if other != seat]
        in_riichi = [other for other in others if players[other].riichi]
        if len(in_riichi) != 1:
            return None
        if any(meld.type is not MeldType.ANKAN for other in others for meld in players[other].melds):
            return None
        riichi = in_riichi[0]
        if self.riichi_by is not None and self.riichi_by not in self.names[riichi]:
            return None
        view = view_for(state, seat)
        threat = next(found for found in threats(view, self.memories[seat]) if found.seat == riichi)
        unseen = unseen_counts(view)
        held = counts_of(view.hand)
        kind = tile >> 2
        reachable = [other for other in range(KIND_COUNT) if unseen[other] or held[other]]
        terms = tuple(deal_in_chance(kind, threat, unseen, shares=unit) for unit in _UNITS)
        mass = tuple(
            math.fsum(deal_in_chance(other, threat, unseen, shares=unit) for other in reachable)
            for unit in _UNITS
        )
        read = deal_in_chances(threat, unseen, held)[kind]
        return riichi, Row(terms, mass, danger_reason(kind, threat, unseen), read)


def rows_of(game: GameRecord, riichi_by: str | None = None) -> list[Row]:
    """The rows of every hand of ``game`` (DangerFitError naming the hand the engine cannot replay)."""
    rules = log_rules(game)
    rows: list[Row] = []
    for record in game.rounds:
        follower = _HandFollower(rules.players, game.names, riichi_by)
        try:
            replay = replay_round(record, rules, on_events=follower.events, on_decision=follower.decision)
        except ReplayError as error:
            raise DangerFitError(
                f"{game.source}: {round_label(record)}: cannot be replayed: {error}"
            ) from None
        if replay.problems and replay.state.phase is not Phase.ENDED:  # a log may not state every han
            raise DangerFitError(f"{game.source}: {round_label(record)}: {replay.problems[0]}")
        rows.extend(follower.rows)
    return rows


def read_rows(paths: Sequence[str], riichi_by: str | None = None) -> tuple[int, list[Row]]:
    """The number of logs read and their rows (DangerFitError for a path or log that cannot be read)."""
    try:
        files = log_files(paths, (".mjai.jsonl",), "*.mjai.jsonl logs")
    except LogPathError as error:
        raise DangerFitError(str(error)) from None
    rows: list[Row] = []
    for path in files:
        try:
            games = read_games(Path(path))
        except LogFormatError as error:
            raise DangerFitError(str(error)) from None
        for game in games:
            rows.extend(rows_of(game, riichi_by))
    return len(files), rows


def grouped(rows: Iterable[Row]) -> dict[tuple[tuple[float, ...], tuple[float, ...]], tuple[int, int]]:
    """The rows as ``Groups``."""
    counts: Counter[tuple[tuple[float, ...], tuple[float, ...]]] = Counter()
    hits: Counter[tuple[tuple[float, ...], tuple[float, ...]]] = Counter()
    for row in rows:
        key = (row.terms, row.mass)
        counts[key] += 1
        hits[key] += row.dealt_in
    return {key: (counts[key], hits[key]) for key in counts}


def chance(shares: Sequence[float], wait_mass: float, terms: Sequence[float], mass: Sequence[float]) -> float:
    """A discard's deal-in chance under ``shares`` and ``wait_mass``, as ``deal_in_chances`` reads it."""
    raw: float = sum(map(mul, shares, terms))
    total: float = sum(map(mul, shares, mass))
    if 0.0 < total < wait_mass:
        raw *= wait_mass / total
    return raw


def log_likelihood(groups: Groups, shares: Sequence[float], wait_mass: float) -> float:
    """The log-likelihood of the groups' deal-ins under ``shares`` and ``wait_mass``."""
    total = 0.0
    for (terms, mass), (discards, dealt) in groups.items():
        p = min(max(chance(shares, wait_mass, terms, mass), _LOWEST), 1.0 - _LOWEST)
        total += dealt * math.log(p) + (discards - dealt) * math.log1p(-p)
    return total


def scaled_share(groups: Groups, shares: Shares) -> float:
    """The share of the discards whose chance ``shares`` scale up to their wait mass."""
    vector = shares.vector()
    scaled = sum(
        discards
        for (_, mass), (discards, _) in groups.items()
        if 0.0 < sum(map(mul, vector, mass)) < shares.wait_mass
    )
    return scaled / max(1, sum(discards for discards, _ in groups.values()))


def fit(groups: Groups, start: Shares = SHARES, *, tolerance: float = 1e-3) -> tuple[Shares, tuple[str, ...]]:
    """The shares and wait mass of greatest likelihood, from ``start``; and the names of the shares held at
    their start because no discard bears them. A pattern search: each free constant in turn is tried a step
    up and down in log space, a step is kept when it raises the likelihood, and the step halves when none
    does, down to ``tolerance``."""
    vector = list(start.vector())
    free = [index for index in range(len(vector)) if any(terms[index] > 0 for terms, _ in groups)]
    held = tuple(name for index, name in enumerate(Shares.NAMES) if index not in free)
    for index in free:
        vector[index] = max(vector[index], 1e-4)  # a share at 0 could never move in log space
    wait_mass = max(start.wait_mass, 0.1)
    best = log_likelihood(groups, vector, wait_mass)
    step = 0.5
    while step >= tolerance:
        improved = False
        for index in [*free, -1]:
            for sign in (1.0, -1.0):
                factor = math.exp(sign * step)
                trial = list(vector)
                trial_mass = wait_mass
                if index < 0:
                    trial_mass *= factor
                else:
                    trial[index] *= factor
                value = log_likelihood(groups, trial, trial_mass)
                if value > best + 1e-9:
                    best, vector, wait_mass, improved = value, trial, trial_mass, True
                    break
        if not improved:
            step /= 2.0
    return Shares.of(vector, wait_mass), held


def readings(rows: Sequence[Row]) -> list[str]:
    """The ``reading`` lines: per reason, the discards, their mean chance read and the share that dealt in."""
    lines = []
    for reason in DANGER_REASONS:
        found = [row for row in rows if row.reason == reason]
        if not found:
            lines.append(f"reading reason={reason} discards=0 read=- actual=-")
            continue
        read = math.fsum(row.read for row in found) / len(found)
        actual = sum(row.dealt_in for row in found) / len(found)
        lines.append(f"reading reason={reason} discards={len(found)} read={read:.4f} actual={actual:.4f}")
    return lines


def report(paths: Sequence[str], held_out: Sequence[str] = (), riichi_by: str | None = None) -> list[str]:
    """The lines the command prints (see the module's doc)."""
    logs, rows = read_rows(paths, riichi_by)
    if not rows:
        by = f" by a player named {riichi_by!r}" if riichi_by is not None else ""
        raise DangerFitError(f"no discard against a single riichi{by} in these logs")
    groups = grouped(rows)
    fitted, held = fit(groups)
    current = log_likelihood(groups, SHARES.vector(), SHARES.wait_mass)
    fitted_ll = log_likelihood(groups, fitted.vector(), fitted.wait_mass)
    deal_ins = sum(row.dealt_in for row in rows)
    lines = [
        f"danger_fit logs={logs} rows={len(rows)} deal_ins={deal_ins}",
        f"loglik current={current:.1f} fitted={fitted_ll:.1f}",
    ]
    if held_out:
        _, test = read_rows(held_out, riichi_by)
        test_groups = grouped(test)
        lines.append(
            f"heldout rows={len(test)} deal_ins={sum(row.dealt_in for row in test)} "
            f"current={log_likelihood(test_groups, SHARES.vector(), SHARES.wait_mass):.1f} "
            f"fitted={log_likelihood(test_groups, fitted.vector(), fitted.wait_mass):.1f}"
        )
    values = " ".join(
        f"{name}={value:.4f}" for name, value in zip(Shares.NAMES, fitted.vector(), strict=True)
    )
    lines.append(
        f"shares {values} wait_mass={fitted.wait_mass:.2f} held={','.join(held) or '-'} "
        f"scaled={scaled_share(groups, fitted):.3f}"
    )
    lines.extend(readings(rows))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's doc); the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tools.danger_fit", description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+", metavar="LOG", help="logs to fit to, or folders of mjai logs")
    parser.add_argument("--held-out", nargs="+", default=(), metavar="LOG", help="logs to test the fit on")
    parser.add_argument("--riichi-by", metavar="NAME", help="only riichi by players whose name holds NAME")
    args = parser.parse_args(argv)
    try:
        lines = report(args.logs, args.held_out, args.riichi_by)
    except DangerFitError as error:
        print(f"danger_fit: {error}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
