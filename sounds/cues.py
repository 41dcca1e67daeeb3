"""Which sound cue a shown game event plays: the one mapping from events to the cue names of the synth."""

from __future__ import annotations

from game.terms import (
    AbortiveDraw,
    DoraRevealed,
    ExhaustiveDraw,
    FlowerRevealed,
    HandWon,
    KitaDeclared,
    MeldCalled,
    MeldType,
    RiichiAccepted,
    RoundEnded,
    RoundStarted,
    TileDiscarded,
    TileDrawn,
)

_MELD_CUES = {
    MeldType.CHI: "chi",
    MeldType.PON: "pon",
    MeldType.DAIMINKAN: "kan",
    MeldType.SHOUMINKAN: "kan",
    MeldType.ANKAN: "kan",
}


def cue_for(event: object) -> str | None:
    """The cue an event plays when it is shown, or None for events that stay silent."""
    match event:
        case RoundStarted():
            return "deal"
        case TileDrawn():
            return "draw"
        case TileDiscarded(riichi=True):
            return "riichi"
        case TileDiscarded():
            return "discard"
        case MeldCalled(meld=meld):
            return _MELD_CUES[meld.type]
        case KitaDeclared() | FlowerRevealed():  # a tile set aside, as a kita is
            return "kita"
        case DoraRevealed():
            return "dora"
        case HandWon(discarder=None):
            return "win_tsumo"
        case HandWon():
            return "win_ron"
        case ExhaustiveDraw():
            return "exhaustive_draw"
        case AbortiveDraw():
            return "abortive_draw"
        # the riichi discard already played the stick's clink; the hand's end already sounded with the
        # win or draw that ended it, so neither plays a second cue
        case RiichiAccepted() | RoundEnded():
            return None
    return None
