"""The tutorial: two short hands on fixed walls, the three other seats scripted, and the lesson's steps.

Hand 1 (the person deals as East): the goal, drawing and discarding, a chi from the left player, a pon of the
white dragon (a yaku: yakuhai), tenpai and a ron. Hand 2 (East again, one honba): a closed hand, riichi, and
furiten (a winning tile the person discarded earlier, so the engine offers no ron on it), then a tsumo.

The other seats only ever discard the tile they draw and pass on every call or win, so each hand goes exactly
as its wall is laid out. No drawing here: the tutorial screen shows the steps over the real table.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.table import default_answer, derive_seed
from game.view import SeatView
from rules.actions import Action, Chi, Discard, Pon, Ron, Tsumo
from rules.events import Event
from rules.ruleset import RuleSet, preset
from rules.tiles import CHUN, EAST, HAKU, HATSU, NORTH, SOUTH, WEST
from rules.wall import Wall, arranged_wall, shuffled_wall

HUMAN = 0  # the person's seat: East, the dealer of both hands
SEED = 15  # the walls after the scripted hands (never reached: the tutorial ends after hand 2)


def tutorial_rules() -> RuleSet:
    """The standard rules, east round only."""
    return preset("standard").with_overrides({"game_length": "east"})


def kind(text: str) -> int:
    """The tile kind of a short name: ``"3m"``, ``"9s"``, ``"N"`` (winds E S W N, dragons P F C).

    >>> kind("1m"), kind("5p"), kind("9s"), kind("P")
    (0, 13, 26, 31)
    """
    honours = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH, "P": HAKU, "F": HATSU, "C": CHUN}
    if text in honours:
        return honours[text]
    return "mps".index(text[1]) * 9 + int(text[0]) - 1


class _Copies:
    """Hands out tile ids of each kind in turn, the red five (copy 0) last, so no tile id is used twice."""

    def __init__(self) -> None:
        self.used: dict[int, int] = {}

    def take(self, names: str) -> list[int]:
        """Ids for space-separated tile names."""
        ids = []
        for name in names.split():
            k = kind(name)
            count = self.used.get(k, 0)
            self.used[k] = count + 1
            copy = (3, 2, 1, 0)[count] if k in (4, 13, 22) else count
            ids.append(k * 4 + copy)
        return ids


def _wall(human: str, draws: str, dora: str) -> Wall:
    """The person's 13 tiles, the live draws in order and the dora indicator; the other seats' hands and the
    rest of the wall are the remaining tiles in id order."""
    copies = _Copies()
    hand, live, indicator = copies.take(human), copies.take(draws), copies.take(dora)
    rest = iter(sorted(set(range(136)) - set(hand) - set(live) - set(indicator)))
    hands = [hand] + [[next(rest) for _ in range(13)] for _ in range(3)]
    return arranged_wall(4, hands, dealer=HUMAN, draws=live, dora=indicator)


# Hand 1: live draws in order — the person (N), right (1m), across (9p), left (3m: chi), right (haku: pon),
# right (5s: ron).
HAND_1 = ("2m 4m 9m 1p 4p 5p 6p 3s 4s 7s 7s P P", "N 1m 9p 3m P 5s", "1s")
# Hand 2: the person draws 9s, 7s, 8s (riichi), N (in riichi, let go) and 6s (tsumo); the left player discards
# the 9s (furiten: no ron) in the first go-around after the riichi.
HAND_2 = (
    "2m 3m 4m 6m 7m 8m 3p 4p 5p 8p 8p 1p 4s",
    "9s E S W 7s 9m 1m F 8s 1p 9p 9s N E S C 6s",
    "W",
)


def tutorial_wall(hand_index: int) -> Wall:
    """The wall of the tutorial's ``hand_index``-th hand (a shuffled one after the two scripted hands)."""
    if hand_index == 0:
        return _wall(*HAND_1)
    if hand_index == 1:
        return _wall(*HAND_2)
    return shuffled_wall(derive_seed(SEED, hand_index))


class ScriptedSeat:
    """A seat of the tutorial: discards the tile it draws, passes on every call and win."""

    def __init__(self, name: str) -> None:
        self.name = name

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """Pass when asked about a discard, else discard the drawn tile."""
        return default_answer(view.drawn, legal)

    def observe(self, event: Event) -> None:
        """Nothing to remember."""


@dataclass(frozen=True)
class Lesson:
    """One step of the tutorial.

    ``key`` names its text (``tutorial.step.<key>``); ``hand`` is the hand it belongs to (0 or 1). ``expect``
    is the one action that completes it, or None for a step the person reads and closes with Next (shown at
    the person's next decision). ``tiles`` are the kinds in the person's hand to point at, ``button`` the
    action button (``chi``, ``pon``, ``riichi``, ``tsumo`` or ``ron``).
    """

    key: str
    hand: int
    expect: Action | None = None
    tiles: tuple[int, ...] = ()
    button: str | None = None

    def accepts(self, action: Action) -> bool:
        """Whether ``action`` is the expected one (the same tile kinds; any copy of a kind will do)."""
        expect = self.expect
        if expect is None or type(action) is not type(expect):
            return False
        if isinstance(expect, Discard) and isinstance(action, Discard):
            return action.tile >> 2 == expect.tile >> 2 and action.riichi == expect.riichi
        if isinstance(expect, Chi | Pon) and isinstance(action, Chi | Pon):
            return sorted(t >> 2 for t in action.tiles) == sorted(t >> 2 for t in expect.tiles)
        return action == expect


def _discard(name: str, riichi: bool = False) -> Discard:
    return Discard(kind(name) * 4, riichi)


def _kinds(names: str) -> tuple[int, ...]:
    return tuple(kind(name) for name in names.split())


LESSONS: tuple[Lesson, ...] = (
    Lesson("goal", 0, tiles=_kinds("4p 5p 6p 7s")),
    Lesson("discard", 0, _discard("N"), _kinds("N")),
    Lesson("chi", 0, Chi((kind("2m") * 4, kind("4m") * 4)), _kinds("2m 4m"), "chi"),
    Lesson("after_chi", 0, _discard("9m"), _kinds("9m")),
    Lesson("pon", 0, Pon((kind("P") * 4, kind("P") * 4 + 1)), _kinds("P"), "pon"),
    Lesson("tenpai", 0, _discard("1p"), _kinds("1p")),
    Lesson("ron", 0, Ron(), button="ron"),
    Lesson("closed", 1, _discard("9s"), _kinds("9s")),
    Lesson("lone", 1, _discard("1p"), _kinds("1p")),
    Lesson("riichi", 1, _discard("4s", riichi=True), _kinds("4s"), "riichi"),
    Lesson("furiten", 1, tiles=_kinds("6s")),
    Lesson("tsumo", 1, Tsumo(), button="tsumo"),
)
"""The steps in order; the tutorial is over once the last hand's win has been shown."""
