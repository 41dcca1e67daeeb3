"""Outcomes: where a seat's points come from and go to, over the mjai logs of whole matches.

``python -m tools.outcomes LOG... [--label strong]`` reads mjai logs (``main.py simulate ... --logs DIR``
writes one ``*.mjai.jsonl`` per game; files or folders of them) and splits the seats into two groups: those
whose player is named exactly ``--label``, and the others. Per group it prints nine lines, the points as
averages per seat and hanchan:

* ``outcome group=G seats=N hands=H win=W dealin=D tsumo_paid=T draw=R sticks=S net=X``: the points of the
  hands the seat won (sticks and honba in), dealt into (or paid for as the seat liable), paid another's tsumo
  in, and of exhaustive draws (noten payments), the riichi sticks it put down, and their sum (its final score
  less its starting one, but for riichi sticks still on the table when the match ends: a log does not say
  whether the rules hand them to first place).
* ``riichi group=G first=F chase=C first_gain=A chase_gain=B first_win=P chase_win=Q``: riichi declared with
  no other riichi standing and after one, per hanchan, what a riichi's hand brought on average (its stick
  counted) and the share of them won.
* ``draw group=G draws=N tenpai=T riichi=R open=O closed=C``: over the draws with noten payments (a draw
  where every seat or none is tenpai, or an abortive one, pays nothing and tells nothing), the share of the
  seat's hands that were tenpai, then split by the hand's state: in riichi, open (a chi, pon or open kan),
  closed.
* ``wins group=G riichi=R riichi_value=A open=O open_value=B dama=D dama_value=C``: the share of the seat's
  hands won in riichi, with an open hand, closed without riichi, and what such a win brought on average
  (sticks and honba in).
* ``backoff group=G none=N open=O riichi=R``: of the seat's discards from a hand one or two steps from tenpai
  (not in riichi), the share that went a step back (a fold or a safe tile that breaks the shape), by what the
  others show: nothing, an open hand, a riichi. Hands whose tiles the log hides are left out.
* ``start group=G hands2=H win2=W dealin2=D points2=P hands3=... hands4=...``: the seat's hands by how far
  the 13 dealt tiles stood from tenpai (2: two steps or fewer, 3, 4: four or more), with the share of them it
  won and dealt into and what one brought on average (its riichi stick counted). The same start for two groups
  tells offence from defence: a group that wins less from the same starts builds or calls slower.
* ``opens group=G opened=O steps0=S win0=W dealin0=D steps1=... steps2=... steps3=...``: the share of the
  seat's hands it opened (a chi, pon or open kan), and those hands by how far they stood from tenpai after the
  first call and its discard (0: tenpai, 1, 2, 3: three or more), with the share of the opened hands at each
  distance and the share of those won and dealt into. Two groups that open as often can part here: calls
  that take a hand far from tenpai open, or to a tenpai that seldom wins.

* ``speed group=G tenpai2=T calm2=C pace2=P tenpai3=... tenpai4=... below=B kept=K``: how fast the seat
  builds. By the ``start`` buckets, the share of its hands that reached tenpai (after a discard), the share
  that did so before any other seat's riichi (``calm``: no fold against a riichi slows those), and the chance
  that one discard made before any other seat's riichi, from a hand not yet tenpai, leaves it tenpai
  (``pace``: unlike the shares, it does not depend on how long the others let the hands run). Then, of its
  discards from a closed hand two or more steps from tenpai with no riichi at the table, the share that kept
  less ukeire than the best discard (or went a step back), and the ukeire kept on average over those that
  kept the shanten (the chosen discard's ukeire over the best one's; ukeire counts the copies the seat does
  not hold itself). A group that builds for value or plays safe tiles early shows it here.

* ``last group=G entered1=N up1=U down1=D win1=W dealin1=I entered2=... entered4=...``: the match's last
  hand (the last round and hand number played, with its repeats), by the seat's place when it began (1 to 4,
  by score, ties to the seat dealt first): how many seats entered it there, the share that ended the match a
  place or more higher or lower (by the points the hands moved, riichi sticks counted, sticks left on the
  table aside), and the share of its hands they won and dealt into. What a group does with the match on the
  line: a first place kept or lost, a second place pushed to first or dropped. Logs without the round, hand
  number and scores at each hand's start are left out of this line.

Two AIs that place differently show here where the points part: more won, less dealt in, the noten payments.
It is a measuring instrument for the AI's work (see the README's strong AI section), not part of the game; bad
input (a missing or unreadable log, a line that is not an mjai event of a whole match, an unknown label) is
one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.logs.mjai import tile_kind
from game.safe_json import JsonError, loads
from rules.shanten import improving_draws, shanten
from tools.log_paths import LogPathError
from tools.log_paths import log_files as find_logs

OPEN_CALLS = ("chi", "pon", "daiminkan")
THREATS = ("none", "open", "riichi")
WIN_STATES = ("riichi", "open", "dama")
PARTS = ("win", "dealin", "tsumo_paid", "draw", "sticks")
START_BUCKETS = ("2", "3", "4")  # steps from tenpai of the dealt tiles: at most 2, 3, at least 4
OPEN_STEPS = ("0", "1", "2", "3")  # steps from tenpai after the first call: 0 (tenpai), 1, 2, at least 3
PLACES = ("1", "2", "3", "4")  # a seat's place by score when the match's last hand began


class OutcomeError(ValueError):
    """A log the tool cannot use; the message is one line."""


@dataclass
class Group:
    """What one group of seats did, summed over its seats and games."""

    seats: int = 0
    hands: int = 0
    points: Counter[str] = field(default_factory=Counter)
    riichi: Counter[str] = field(default_factory=Counter)  # first / chase: count, won, gain
    draws: Counter[str] = field(default_factory=Counter)  # per state: seen, tenpai
    backoff: Counter[str] = field(default_factory=Counter)  # per threat: discards near tenpai, steps back
    wins: Counter[str] = field(default_factory=Counter)  # per hand state: wins, their points
    starts: Counter[str] = field(default_factory=Counter)  # per dealt shanten: hands, won, dealt in, points
    opens: Counter[str] = field(default_factory=Counter)  # per steps after a first call: hands, won, dealt
    last: Counter[str] = field(default_factory=Counter)  # per place entering the last hand: seats, up, down
    speed: Counter[str] = field(default_factory=Counter)  # closed calm discards 2+ from tenpai: all, below
    kept: float = 0.0  # over those that kept the shanten (``speed["kept_all"]``), the ukeire share kept

    def lines(self, name: str) -> list[str]:
        """The group's nine output lines (see the module's doc)."""
        seats = max(1, self.seats)
        per = {part: self.points[part] / seats for part in PARTS}
        net = sum(per.values())
        riichi = self.riichi
        draws = self.draws
        wins = self.wins

        def share(won: str, total: str, counter: Counter[str]) -> str:
            return f"{counter[won] / counter[total]:.3f}" if counter[total] else "-"

        def gain(kind: str) -> str:
            return f"{riichi[kind + '_gain'] / riichi[kind]:.0f}" if riichi[kind] else "-"

        return [
            f"outcome group={name} seats={self.seats} hands={self.hands} "
            + " ".join(f"{part}={per[part]:.0f}" for part in PARTS)
            + f" net={net:.0f}",
            f"riichi group={name} first={riichi['first'] / seats:.2f} chase={riichi['chase'] / seats:.2f} "
            f"first_gain={gain('first')} chase_gain={gain('chase')} "
            f"first_win={share('first_won', 'first', riichi)} "
            f"chase_win={share('chase_won', 'chase', riichi)}",
            f"draw group={name} draws={draws['all']} tenpai={share('all_tenpai', 'all', draws)} "
            + " ".join(
                f"{state}={share(state + '_tenpai', state, draws)}" for state in ("riichi", "open", "closed")
            ),
            f"wins group={name} "
            + " ".join(
                f"{state}={wins[state] / max(1, self.hands):.4f} "
                f"{state}_value={wins[state + '_points'] / wins[state] if wins[state] else 0:.0f}"
                for state in WIN_STATES
            ),
            f"backoff group={name} "
            + " ".join(f"{threat}={share(threat + '_back', threat, self.backoff)}" for threat in THREATS),
            f"start group={name} " + " ".join(self._start(bucket) for bucket in START_BUCKETS),
            f"opens group={name} opened={self.opens['all'] / max(1, self.hands):.3f} "
            + " ".join(self._opened(steps) for steps in OPEN_STEPS),
            f"speed group={name} " + " ".join(self._speed(bucket) for bucket in START_BUCKETS) + self._kept(),
            f"last group={name} " + " ".join(self._last(place) for place in PLACES),
        ]

    def _speed(self, bucket: str) -> str:
        hands = self.starts[bucket]
        tenpai = f"{self.starts[bucket + '_tenpai'] / hands:.3f}" if hands else "-"
        calm = f"{self.starts[bucket + '_calm'] / hands:.3f}" if hands else "-"
        paced = self.speed[bucket + "_paced"]
        pace = f"{self.speed[bucket + '_pace'] / paced:.4f}" if paced else "-"
        return f"tenpai{bucket}={tenpai} calm{bucket}={calm} pace{bucket}={pace}"

    def _kept(self) -> str:
        speed = self.speed
        below = f"{speed['below'] / speed['all']:.3f}" if speed["all"] else "-"
        kept = f"{self.kept / speed['kept_all']:.3f}" if speed["kept_all"] else "-"
        return f" below={below} kept={kept}"

    def _last(self, place: str) -> str:
        last = self.last
        entered = last[place]
        up = f"{last[place + '_up'] / entered:.3f}" if entered else "-"
        down = f"{last[place + '_down'] / entered:.3f}" if entered else "-"
        return f"entered{place}={entered} up{place}={up} down{place}={down} " + _won_and_dealt(
            last, place + "_hands"
        ).replace("_hands", "")

    def _opened(self, steps: str) -> str:
        hands = self.opens[steps]
        share = f"{hands / self.opens['all']:.3f}" if hands else "0.000"
        return f"steps{steps}={share} " + _won_and_dealt(self.opens, steps)

    def _start(self, bucket: str) -> str:
        hands = self.starts[bucket]
        points = f"{self.starts[bucket + '_points'] / hands:.0f}" if hands else "-"
        return f"hands{bucket}={hands} " + _won_and_dealt(self.starts, bucket) + f" points{bucket}={points}"


def _won_and_dealt(counter: Counter[str], key: str) -> str:
    """``winK=W dealinK=D``: the share of the hands counted under ``key`` won and dealt into ("-": none)."""
    hands = counter[key]
    won = f"{counter[key + '_won'] / hands:.3f}" if hands else "-"
    dealt = f"{counter[key + '_dealt'] / hands:.3f}" if hands else "-"
    return f"win{key}={won} dealin{key}={dealt}"


def log_files(paths: Sequence[str]) -> list[Path]:
    """The mjai logs named or held by ``paths`` (OutcomeError for a path that is neither)."""
    try:
        return find_logs(paths, (".mjai.jsonl",), "*.mjai.jsonl logs")
    except LogPathError as error:
        raise OutcomeError(str(error)) from None


def _events(path: Path) -> list[dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise OutcomeError(f"{path}: {getattr(error, 'strerror', None) or error}") from None
    events = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = loads(line, f"{path} line {number}", one_line=True)
        except JsonError as error:
            raise OutcomeError(str(error)) from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise OutcomeError(f"{path} line {number}: not an mjai event (an object with a type)")
        events.append(event)
    return events


def _seat(event: dict[str, Any], key: str, players: int, where: str) -> int:
    value = event.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise OutcomeError(f"{where}: {event['type']} has no seat {key!r} in 0..{players - 1}")
    return value


def _deltas(event: dict[str, Any], players: int, where: str) -> list[int]:
    deltas = event.get("deltas")
    if not isinstance(deltas, list) or len(deltas) != players or not all(isinstance(d, int) for d in deltas):
        raise OutcomeError(f"{where}: {event['type']} has no deltas for {players} seats")
    return deltas


def add_game(path: Path, label: str, groups: dict[str, Group]) -> bool:
    """Add one match's seats to ``groups`` (the label's and ``others``); whether it seated the label."""
    events = _events(path)
    if not events or events[0]["type"] != "start_game" or not isinstance(events[0].get("names"), list):
        raise OutcomeError(f"{path} line 1: the log does not start with start_game and the players' names")
    names = [str(name) for name in events[0]["names"]]
    players = len(names)
    if players not in (3, 4):
        raise OutcomeError(f"{path} line 1: {players} players (3 or 4 expected)")
    group = [groups[label if name == label else "others"] for name in names]
    for seat in range(players):
        group[seat].seats += 1
    hand: dict[str, Any] | None = None
    played: list[dict[str, Any]] = []  # each hand's round and number, starting scores, and what it moved
    for number, event in enumerate(events[1:], 2):
        where = f"{path} line {number}"
        kind = event["type"]
        if kind == "start_kyoku":
            tiles = _dealt(event, players)
            start = [None if counts is None else _start_bucket(counts) for counts in tiles]
            hand = {
                "riichi": [],
                "open": set(),
                "hora": [],
                "draw": None,
                "tiles": tiles,
                "start": start,
                "opened": {},  # seat -> steps from tenpai after its first call (None until its discard)
                "tenpai": {},  # seat -> reached tenpai before any other seat's riichi (once tenpai)
                "number": (event.get("bakaze"), event.get("kyoku")),
                "scores": _scores(event, players),
            }
        elif hand is None:
            continue
        elif kind in ("tsumo", "dahai", *OPEN_CALLS, "ankan", "kakan"):
            seat = _seat(event, "actor", players, where)
            _track(event, hand, group, seat)
            if kind in OPEN_CALLS and seat not in hand["open"]:
                hand["opened"][seat] = None
            if kind in OPEN_CALLS:
                hand["open"].add(seat)
        elif kind == "reach_accepted":
            hand["riichi"].append(_seat(event, "actor", players, where))
        elif kind == "hora":
            _seat(event, "actor", players, where)
            _seat(event, "target", players, where)
            _deltas(event, players, where)
            hand["hora"].append(event)
        elif kind == "ryukyoku":
            hand["draw"] = _deltas(event, players, where)
        elif kind == "end_kyoku":
            _end_hand(hand, group)
            played.append(hand)
            hand = None
    if hand is not None:
        raise OutcomeError(f"{path}: the last hand has no end_kyoku (not a whole match)")
    _last_hand(played, group)
    return label in names


def _scores(event: dict[str, Any], players: int) -> list[int] | None:
    scores = event.get("scores")
    if isinstance(scores, list) and len(scores) == players and all(type(score) is int for score in scores):
        return scores
    return None


def _places(scores: Sequence[int]) -> list[int]:
    """Each seat's place by score (0 first; ties to the seat dealt first, as the match ranks them)."""
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    return [order.index(seat) for seat in range(len(scores))]


def _last_hand(played: list[dict[str, Any]], group: list[Group]) -> None:
    """Count the match's last hand (with its repeats) for the ``last`` line, by each seat's place then."""
    if not played or None in played[-1]["number"]:
        return
    first = len(played) - 1
    while first > 0 and played[first - 1]["number"] == played[-1]["number"]:
        first -= 1
    entry, final = played[first]["scores"], played[-1]["scores"]
    if entry is None or final is None:
        return
    final = [score + moved for score, moved in zip(final, played[-1]["moved"], strict=True)]
    before, after = _places(entry), _places(final)
    for seat, where in enumerate(group):
        place = PLACES[before[seat]]
        where.last[place] += 1
        where.last[place + "_up"] += after[seat] < before[seat]
        where.last[place + "_down"] += after[seat] > before[seat]
        for hand in played[first:]:
            part = hand["parts"][seat]
            where.last[place + "_hands"] += 1
            where.last[place + "_hands_won"] += part == "win"
            where.last[place + "_hands_dealt"] += part == "dealin" and hand["moved"][seat] < 0


def _start_bucket(counts: list[int]) -> str | None:
    """The ``start`` bucket of a seat's dealt tiles (None for a deal that is not 13 tiles)."""
    if sum(counts) != 13:
        return None
    return START_BUCKETS[min(max(shanten(counts), 2), 4) - 2]


def _kind(name: object) -> int | None:
    """The kind (0-33) of an mjai tile name ("5mr" is a red five); None for a hidden or unknown tile."""
    found = tile_kind(name)
    return None if found is None else found[0]


def _dealt(event: dict[str, Any], players: int) -> list[list[int] | None]:
    """Each seat's tile counts from start_kyoku's ``tehais`` (None for a seat whose tiles are hidden)."""
    tehais = event.get("tehais")
    hands: list[list[int] | None] = [None] * players
    if not isinstance(tehais, list):
        return hands
    for seat, names in enumerate(tehais[:players]):
        kinds = [_kind(name) for name in names] if isinstance(names, list) else [None]
        if kinds and None not in kinds:
            counts = [0] * 34
            for kind in kinds:
                counts[kind] += 1  # type: ignore[index]
            hands[seat] = counts
    return hands


def _track(event: dict[str, Any], hand: dict[str, Any], group: list[Group], seat: int) -> None:
    """Follow a seat's tiles through a draw, discard or call; a discard near tenpai counts for ``backoff``."""
    counts: list[int] | None = hand["tiles"][seat]
    if counts is None:
        return
    kind = event["type"]
    taken = event.get("consumed") if kind in (*OPEN_CALLS, "ankan") else [event.get("pai")]
    kinds = [_kind(name) for name in taken] if isinstance(taken, list) else [None]
    if None in kinds or not kinds:
        hand["tiles"][seat] = None  # a hidden or malformed tile: the hand can no longer be followed
        return
    if kind == "tsumo":
        counts[kinds[0]] += 1  # type: ignore[index]
        return
    before: int | None = None
    threat: str | None = None
    if kind == "dahai" and seat not in hand["riichi"] and sum(counts) % 3 == 2:
        after = {
            index: shanten([n - (k == index) for k, n in enumerate(counts)])
            for index in range(34)
            if counts[index]
        }
        before = min(after.values())
        if before >= 2 and not hand["riichi"] and seat not in hand["open"]:
            _count_kept(counts, after, before, kinds[0], group[seat])  # type: ignore[arg-type]
        others = [other for other in range(len(group)) if other != seat]
        threat = (
            "riichi"
            if any(other in hand["riichi"] for other in others)
            else "open"
            if any(other in hand["open"] for other in others)
            else "none"
        )
    for found in kinds:
        if counts[found] <= 0:  # type: ignore[index]
            hand["tiles"][seat] = None
            return
        counts[found] -= 1  # type: ignore[index]
    if kind != "dahai":
        return
    now = shanten(counts)  # the hand's distance from tenpai after the discard
    if seat in hand["opened"] and hand["opened"][seat] is None:
        hand["opened"][seat] = OPEN_STEPS[min(now, 3)]  # the first call's discard
    if seat not in hand["tenpai"] and sum(counts) % 3 == 1:
        calm = not any(other != seat for other in hand["riichi"])
        bucket = hand["start"][seat]
        if calm and bucket is not None:
            group[seat].speed[bucket + "_paced"] += 1
            group[seat].speed[bucket + "_pace"] += now == 0
        if now == 0:
            hand["tenpai"][seat] = calm
    if before in (1, 2) and threat is not None:
        backoff = group[seat].backoff
        backoff[threat] += 1
        backoff[threat + "_back"] += now > before


def _count_kept(counts: list[int], after: dict[int, int], before: int, chosen: int, where: Group) -> None:
    """Count a closed discard for the ``speed`` line: below the best ukeire (or a step back), and the share of
    the best ukeire it kept; ``after`` is each held kind's shanten once discarded."""
    ukeire = {}
    for index, steps in after.items():
        if steps == before:
            rest = [n - (k == index) for k, n in enumerate(counts)]
            ukeire[index] = sum(4 - rest[draw] for draw in improving_draws(rest))
    best = max(ukeire.values())
    where.speed["all"] += 1
    where.speed["below"] += ukeire.get(chosen, -1) < best
    if chosen in ukeire and best:
        where.speed["kept_all"] += 1
        where.kept += ukeire[chosen] / best


def _end_hand(hand: dict[str, Any], group: list[Group]) -> None:
    hora: list[dict[str, Any]] = hand["hora"]
    draw: list[int] | None = hand["draw"]
    riichi: list[int] = hand["riichi"]
    hand["parts"], hand["moved"] = [], []
    for seat, where in enumerate(group):
        where.hands += 1
        delta = sum(event["deltas"][seat] for event in hora) + (draw[seat] if draw else 0)
        if any(event["actor"] == seat for event in hora):
            part = "win"
        elif not hora:
            part = "draw"
        elif any(event["actor"] == event["target"] for event in hora):
            part = "tsumo_paid"
        else:
            part = "dealin"  # a ron paid, alone or as the seat liable for it (pao); a bystander's 0
        hand["parts"].append(part)
        hand["moved"].append(delta - (1000 if seat in riichi else 0))
        where.points[part] += delta
        if part == "win":
            state = "riichi" if seat in riichi else "open" if seat in hand["open"] else "dama"
            where.wins[state] += 1
            where.wins[state + "_points"] += delta
        bucket = hand["start"][seat]
        if bucket is not None:
            where.starts[bucket] += 1
            where.starts[bucket + "_won"] += part == "win"
            where.starts[bucket + "_dealt"] += part == "dealin" and delta < 0
            where.starts[bucket + "_points"] += delta - (1000 if seat in riichi else 0)
            if seat in hand["tenpai"]:
                where.starts[bucket + "_tenpai"] += 1
                where.starts[bucket + "_calm"] += hand["tenpai"][seat]
        if seat in hand["open"]:
            where.opens["all"] += 1
            steps = hand["opened"].get(seat)
            if steps is not None:  # a hand the log hides, or a call the hand ended on, has no distance
                where.opens[steps] += 1
                where.opens[steps + "_won"] += part == "win"
                where.opens[steps + "_dealt"] += part == "dealin" and delta < 0
        if seat in riichi:
            where.points["sticks"] -= 1000
            kind = "first" if riichi[0] == seat else "chase"
            where.riichi[kind] += 1
            where.riichi[kind + "_gain"] += delta - 1000
            where.riichi[kind + "_won"] += part == "win"
        if draw and any(draw) and not hora:
            state = "riichi" if seat in riichi else "open" if seat in hand["open"] else "closed"
            tenpai = draw[seat] > 0
            for key in ("all", state):
                where.draws[key] += 1
                where.draws[key + "_tenpai"] += tenpai


def outcomes(paths: Sequence[str], label: str) -> list[str]:
    """The output lines for the logs at ``paths`` (see the module's doc)."""
    groups: dict[str, Group] = defaultdict(Group)
    seated = [add_game(path, label, groups) for path in log_files(paths)]
    if not any(seated):
        raise OutcomeError(f"no player named {label!r} in these logs")
    return [*groups[label].lines(label), *groups["others"].lines("others")]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's doc); the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tools.outcomes", description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+", metavar="LOG", help="mjai logs, or folders of them")
    parser.add_argument(
        "--label", default="strong", help="the player name of the first group (default strong)"
    )
    args = parser.parse_args(argv)
    try:
        lines = outcomes(args.logs, args.label)
    except OutcomeError as error:
        print(f"outcomes: {error}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
