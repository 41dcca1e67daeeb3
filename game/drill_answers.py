"""The answers of the drills (``game.drills``' puzzles) as a player gives them, and whether they are right.

What to discard: a tile of the hand, right when it is one of the widest discards or the strong AI's choice.
Count the score: one of four point totals (the right one and three from a han or ten fu more or less).
Name the waits: a set of kinds, right when it is exactly the waits. Which tile is safe: a tile of the hand,
right when no tile is less dangerous. Count the fu: one of ``FU_CHOICES`` (70 standing for 70 and more).
No pygame.
"""

from __future__ import annotations

import random
from typing import Any

from game.coach import DANGER_LEVELS
from game.drills import Puzzle
from rules.decomposition import is_chiitoitsu, is_kokushi, regular_readings
from rules.points import base_points, hand_payments
from rules.ruleset import preset
from rules.scoring import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI
from rules.tiles import WIND_LETTERS, parse_kinds

Tile = tuple[int, bool]  # kind 0..33 and whether it is a red five
FU_CHOICES = (20, 25, 30, 40, 50, 60, 70)  # 70 stands for "70 or more"
FU_ITEMS = (
    "base",
    "chiitoitsu",
    "menzen_ron",
    "tsumo",
    "open_pinfu_ron",
    "pair_dragon",
    "pair_seat_wind",
    "pair_round_wind",
    "pair_double_wind",
    "wait_kanchan",
    "wait_penchan",
    "wait_tanki",
    *(
        f"{shape}_{kind}"
        for shape in ("minkou", "ankou", "minkan", "ankan")
        for kind in ("simple", "yaochuu")
    ),
)
"""Every fu item ``game.drills.fu_items`` names (a catalogue key ``drill.fu_item.NAME`` each)."""


def tiles_of(text: str) -> list[Tile]:
    """The tiles of an mpsz string, in order (``0`` a red five)."""
    return list(parse_kinds(text))


def tile_kind(name: str) -> int:
    """The kind of one tile in mpsz (a trailing riichi ``*`` allowed)."""
    return parse_kinds(name.rstrip("*"))[0][0]


WAIT_SHAPES = (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI, "kokushi")
"""Every shape ``wait_shapes`` names (a catalogue key ``wait.NAME`` each; kokushi's is the yaku's)."""


def wait_shapes(hand: str, wait: int) -> tuple[str, ...]:
    """The shapes in which the concealed tiles of ``hand`` (mpsz, 3n+1) wait on ``wait``, in
    ``WAIT_SHAPES`` order: where the winning tile can sit in any reading of the completed hand."""
    counts = [0] * 34
    for kind, _ in parse_kinds(hand):
        counts[kind] += 1
    counts[wait] += 1
    found: set[str] = set()
    if is_kokushi(counts):
        found.add("kokushi")
    if is_chiitoitsu(counts):
        found.add(TANKI)
    for pair, sequences, triplets in regular_readings(counts):
        if pair == wait:
            found.add(TANKI)
        if wait in triplets:
            found.add(SHANPON)
        for first in sequences:
            if first <= wait <= first + 2:
                if wait == first + 1:
                    found.add(KANCHAN)
                elif (first % 9 == 0 and wait == first + 2) or (first % 9 == 6 and wait == first):
                    found.add(PENCHAN)
                else:
                    found.add(RYANMEN)
    return tuple(shape for shape in WAIT_SHAPES if shape in found)


def danger_level(chance: float) -> int:
    """A danger chance as the coach's level: 0 safe to 3 high."""
    return sum(1 for limit in DANGER_LEVELS if chance > limit)


def fu_choice(fu: int) -> int:
    """The choice a fu count falls under (70 stands for 70 and more)."""
    return min(fu, FU_CHOICES[-1])


def score_choices(puzzle: Puzzle, index: int) -> list[int]:
    """Four point totals for a score puzzle, the right one among them: the others are what the hand would be
    worth with a han more or less, or ten fu more or less, sorted ascending."""
    request, answer = puzzle["request"], puzzle["answer"]
    right = int(answer["points"])
    rules = preset(request.get("ruleset", "standard")).with_overrides(request.get("rules", {}))
    dealer = request.get("seat_wind", "E") == "E"
    tsumo = bool(request.get("tsumo"))
    han, fu = int(answer["han"]), int(answer["fu"])
    wrong: list[int] = []
    for other_han, other_fu in (
        (han - 1, fu),
        (han + 1, fu),
        (han, fu + 10),
        (han, fu - 10),
        (han + 2, fu),
        (han - 2, fu),
        (han, fu + 20),
    ):
        if other_han < 1 or other_fu < 20:
            continue
        base, _ = base_points(other_han, other_fu, 0, rules)
        points, _ = hand_payments(base, is_dealer=dealer, is_tsumo=tsumo, honba=0, rules=rules)
        if points != right and points not in wrong:
            wrong.append(points)
    step = 1000 if right < 12000 else 4000
    extra = right
    while len(wrong) < 3:  # limit hands: neighbours may all be the same limit
        extra += step
        if extra not in wrong:
            wrong.append(extra)
    rng = random.Random(right * 31 + index)
    return sorted([right, *rng.sample(wrong, 3)])


def is_correct(kind: str, puzzle: Puzzle, answer: Any) -> bool:
    """Whether ``answer`` solves ``puzzle``: a tile name (discard, safe), a set of kinds (waits), points
    (score) or a fu choice (fu)."""
    if kind == "discard":
        chosen = tile_kind(answer)
        return chosen in {tile_kind(name) for name in puzzle["best"]} or chosen == tile_kind(
            puzzle["ai_choice"]
        )
    if kind == "safe":
        lowest = min(entry["danger"] for entry in puzzle["ranking"])
        return any(
            tile_kind(entry["tile"]) == tile_kind(answer) and entry["danger"] == lowest
            for entry in puzzle["ranking"]
        )
    if kind == "waits":
        return set(answer) == {tile_kind(name) for name in puzzle["waits"]}
    if kind == "score":
        return bool(answer == puzzle["answer"]["points"])
    return bool(answer == fu_choice(puzzle["fu"]))


def tile_text(tile: Tile) -> str:
    """One tile in mpsz (``0`` for a red five)."""
    kind, red = tile
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{0 if red else kind % 9 + 1}{'mps'[kind // 9]}"


def wind_index(letter: str) -> int:
    """A wind letter (E S W N) as 0..3."""
    return WIND_LETTERS.index(letter)
