"""Which cue each shown event plays."""

import pytest

from game.terms import (
    AbortiveDraw,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    FlowerRevealed,
    HandValue,
    HandWon,
    KitaDeclared,
    Meld,
    MeldCalled,
    MeldType,
    RiichiAccepted,
    RoundEnded,
    RoundStarted,
    TileDiscarded,
    TileDrawn,
)
from rules.points import Payments
from sounds.cues import cue_for
from sounds.synth import CUES

SCORES = (25000, 25000, 25000, 25000)
VALUE = HandValue(1, 30, 0, None, 1000, Payments(ron=1000), 1000, (("riichi", 1),))


def hand_won(discarder: int | None) -> HandWon:
    return HandWon(0, discarder, 8, (), (), VALUE, (), None, (1000, -1000, 0, 0))


def meld_called(meld: Meld) -> MeldCalled:
    return MeldCalled(1, meld, None if meld.type is MeldType.ANKAN else 0)


EVENTS = [
    (RoundStarted(0, 0, 0, 0, 0, SCORES, 4, ((), (), (), ()), 70), "deal"),
    (TileDrawn(0, 12, False, 69), "draw"),
    (TileDrawn(0, 12, True, 68), "draw"),
    (TileDiscarded(0, 12, False, False), "discard"),
    (TileDiscarded(0, 12, True, False), "discard"),
    (TileDiscarded(0, 12, False, True), "riichi"),
    (TileDiscarded(0, 12, True, True), "riichi"),
    (meld_called(Meld(MeldType.CHI, (0, 4, 8), called=0, from_seat=3)), "chi"),
    (meld_called(Meld(MeldType.PON, (0, 1, 2), called=0, from_seat=1)), "pon"),
    (meld_called(Meld(MeldType.DAIMINKAN, (0, 1, 2, 3), called=0, from_seat=2)), "kan"),
    (meld_called(Meld(MeldType.SHOUMINKAN, (0, 1, 2, 3), called=0, from_seat=1)), "kan"),
    (meld_called(Meld(MeldType.ANKAN, (0, 1, 2, 3))), "kan"),
    (KitaDeclared(2, 120), "kita"),
    (FlowerRevealed(1, 137), "kita"),
    (DoraRevealed(40), "dora"),
    (hand_won(None), "win_tsumo"),
    (hand_won(2), "win_ron"),
    (ExhaustiveDraw((0,), ((0, 1, 2),), (), (3000, -1000, -1000, -1000)), "exhaustive_draw"),
    (AbortiveDraw("kyuushu_kyuuhai", 0, (0, 4, 8)), "abortive_draw"),
    (AbortiveDraw("suufon_renda", None, ()), "abortive_draw"),
    # the stick's clink is part of the riichi discard's cue; the end of the hand already sounded
    (RiichiAccepted(0, (24000, 25000, 25000, 25000), 1), None),
    (RoundEnded("win", (0,), (1000, -1000, 0, 0), SCORES, 0, False, None), None),
]


@pytest.mark.parametrize(("event", "cue"), EVENTS, ids=lambda value: type(value).__name__)
def test_cue_for_event(event: object, cue: str | None) -> None:
    assert cue_for(event) == cue


def test_every_event_type_is_covered_here() -> None:
    assert {type(event) for event, _ in EVENTS} == set(Event.__args__)


def test_every_mapped_cue_exists() -> None:
    assert {cue for _, cue in EVENTS if cue is not None} <= set(CUES)


@pytest.mark.parametrize("thing", [None, "discard", 3, object()])
def test_non_events_are_silent(thing: object) -> None:
    assert cue_for(thing) is None
