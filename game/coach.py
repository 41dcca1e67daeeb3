"""The coach: what the strong AI makes of a seat's decision, in numbers a player can check.

For a turn: every discard with the shanten it leaves, its ukeire (the kinds that improve the hand and their
copies still unseen from this seat's view), its waits when it leaves tenpai, the AI's expected points, and
against a threat each tile's danger as a level with its reason; the AI's choice, its push or fold call, and
a one-line reason. For a call or a riichi: what the AI does and why. The same shadow AI seat observes the
seat's events all hand, so it reads the table exactly as the strong AI in that seat would: its choice is the
strong AI's choice (the review and the drills rely on that).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.danger import Threat, danger_reason, deal_in_chances, threats
from game.ai.hand import counts_of, discard_candidates, improving_kinds, unseen_counts, yakuhai_han
from game.ai.player import AiSeat, Notes, create_seat
from game.view import Phase, SeatView
from rules.actions import PASS, Action, Chi, Daiminkan, Discard, Flower, Pon, Ron, Tsumo
from rules.events import Event
from rules.ruleset import RuleSet
from rules.shanten import shanten
from rules.tiles import TILE_COUNT

DANGER_LEVELS = (0.0, 0.03, 0.08)  # deal-in chance above which a tile is low, medium, high danger
"""Level 0 is safe (no chance at all), then low, medium and high."""
CALL_NAMES = ("chi", "pon", "kan")
"""The ``call`` field of a call's reason."""


@dataclass(frozen=True)
class TileDanger:
    """How dangerous a discard is now: ``level`` 0 (safe) to 3, the deal-in ``chance`` summed over the
    threats by how likely each is tenpai, and the ``reason`` (``DANGER_REASONS``) against the worst threat."""

    level: int
    chance: float
    reason: str


@dataclass(frozen=True)
class DiscardOption:
    """One discard kind and what it leaves."""

    kind: int
    shanten: int
    ukeire: int  # copies unseen from this seat's view of the kinds that lower the shanten
    ukeire_kinds: tuple[int, ...]
    waits: tuple[int, ...]  # at tenpai: the waits with copies left
    value: float | None  # the strong AI's expected points for playing on after it (None: not weighed)
    danger: TileDanger | None  # None without a threat on the table


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one decision.

    ``options`` (turns only) come best first by the AI's own measure; ``choice`` is the strong AI's action;
    ``fold`` says, against a threat, whether the AI folds (None without one); ``why`` is a catalogue key with
    its fields for the one-line reason.
    """

    choice: Action
    options: tuple[DiscardOption, ...] = ()
    fold: bool | None = None
    why: str = ""
    fields: dict[str, object] = field(default_factory=dict)


class Coach:
    """A strong AI seat shadowing one seat: feed it the seat's events, ask it at the seat's decisions."""

    def __init__(self, rules: RuleSet, seed: int = 0) -> None:
        self.rules = rules
        self.ai: AiSeat = create_seat("strong", rules, seed)

    def observe(self, event: Event) -> None:
        """An event as the shadowed seat saw it."""
        self.ai.observe(event)

    def recall(self, view: SeatView, legal: tuple[Action, ...], action: Action) -> None:
        """A decision of the shadowed seat taken before a resume: the AI decides it again for what deciding
        leaves behind, as an AI seat does."""
        self.ai.recall(view, legal, action)

    def advise(self, view: SeatView, legal: tuple[Action, ...]) -> Advice:
        """What the strong AI does at this decision, and the numbers behind it."""
        choice = self.ai.decide(view, legal)
        assert choice is not None  # an AI seat always answers
        notes = self.ai.notes
        if isinstance(choice, Tsumo | Ron):
            return Advice(choice, (), None, "coach.why.win", {})
        if isinstance(choice, Flower):
            return Advice(choice, (), None, "coach.why.flower", {})
        if any(tile >= TILE_COUNT for tile in view.hand):
            return Advice(choice)  # a flower still held (before the first turn): the hand cannot be read yet
        if view.phase in (Phase.TURN, Phase.AFTER_CALL) and any(isinstance(a, Discard) for a in legal):
            options = discard_options(view, legal, self.ai)
            if isinstance(choice, Discard):  # the AI's choice first: it breaks ties of value its own way
                kind = choice.tile >> 2
                options = tuple(sorted(options, key=lambda option: option.kind != kind))
            why, fields = _turn_reason(choice, options, notes)
            return Advice(choice, options, notes.fold, why, fields)
        if any(isinstance(action, Chi | Pon | Daiminkan) for action in legal):
            why, fields = _call_reason(view, choice, notes.calls, notes.passed_to_fold)
            return Advice(choice, (), None, why, fields)
        return Advice(choice)


def discard_options(view: SeatView, legal: tuple[Action, ...], ai: AiSeat) -> tuple[DiscardOption, ...]:
    """Every discard kind of ``legal`` with its numbers, best first (``ai`` has just decided this turn)."""
    kinds = sorted({action.tile >> 2 for action in legal if isinstance(action, Discard)})
    counts = counts_of(view.hand)
    unseen = unseen_counts(view)
    three_player = view.n == 3
    candidates = discard_candidates(counts, kinds, unseen, three_player)
    found = threats(view, ai.memory)
    offence = ai.notes.offence
    costs = ai.notes.costs
    options = []
    for candidate in candidates:
        rest = bytearray(counts)
        rest[candidate.kind] -= 1
        improving = tuple(kind for kind in improving_kinds(rest, three_player) if unseen[kind])
        options.append(
            DiscardOption(
                kind=candidate.kind,
                shanten=candidate.shanten,
                ukeire=sum(unseen[kind] for kind in improving),
                ukeire_kinds=improving if candidate.shanten > 0 else (),
                waits=improving if candidate.shanten == 0 else (),
                value=offence.get(candidate.kind),
                danger=tile_danger(candidate.kind, found, unseen, counts) if found else None,
            )
        )

    def rank(option: DiscardOption) -> tuple[float, ...]:
        net = (option.value or 0.0) - (costs[option.kind] if costs else 0.0)
        return (-net, option.shanten, -option.ukeire, option.kind)

    return tuple(sorted(options, key=rank))


def tile_danger(kind: int, threats: list[Threat], unseen: list[int], held: list[int]) -> TileDanger:
    """The danger of discarding ``kind`` against ``threats`` (see ``TileDanger``), as the strong AI reads it
    (``deal_in_chances``; ``held``: the seat's own copies of each kind)."""
    chances = [(threat.weight * deal_in_chances(threat, unseen, held)[kind], threat) for threat in threats]
    chance = min(1.0, sum(share for share, _ in chances))
    worst = max(chances, key=lambda item: (item[0], item[1].weight))[1]
    level = sum(1 for limit in DANGER_LEVELS if chance > limit)
    return TileDanger(level, chance, danger_reason(kind, worst, unseen))


def _turn_reason(
    choice: Action, options: tuple[DiscardOption, ...], notes: Notes
) -> tuple[str, dict[str, object]]:
    if not isinstance(choice, Discard):
        return "", {}
    kind = choice.tile >> 2
    chosen = next((option for option in options if option.kind == kind), None)
    if chosen is None:
        return "", {}
    riichi = notes.riichi
    if choice.riichi:
        if riichi is not None:
            return "coach.why.riichi", {"riichi": round(riichi[0]), "dama": round(riichi[1])}
        return "coach.why.riichi_plain", {}
    if notes.top_dama and chosen.shanten == 0:
        return "coach.why.dama_top", {}
    if notes.poor_wait is not None and chosen.shanten == 0:
        return "coach.why.dama_wait", {"live": notes.poor_wait}
    if (
        riichi is not None
        and notes.dama_points is not None
        and chosen.shanten == 0
        and riichi[1] >= riichi[0]
    ):
        points = round(notes.dama_points / 100) * 100
        return "coach.why.dama", {"points": points, "riichi": round(riichi[0]), "dama": round(riichi[1])}
    if notes.fold:
        return "coach.why.fold", {"tile": kind}
    if notes.fold is False:
        return "coach.why.push", {"tile": kind}
    widest = min(options, key=lambda option: (option.shanten, -option.ukeire))
    if chosen.shanten == widest.shanten and chosen.ukeire >= widest.ukeire:
        return "coach.why.widest", {"tile": kind, "ukeire": chosen.ukeire}
    return "coach.why.value", {"tile": kind, "ukeire": chosen.ukeire, "widest": widest.ukeire}


def _call_reason(
    view: SeatView, choice: Action, calls: list[tuple[Action, float | None]], passed_to_fold: bool
) -> tuple[str, dict[str, object]]:
    if choice == PASS:
        if passed_to_fold:
            return "coach.why.pass_fold", {}
        return "coach.why.pass", {}
    gain = next((value for action, value in calls if action == choice), None)
    name = "chi" if isinstance(choice, Chi) else "pon" if isinstance(choice, Pon) else "kan"
    counts = counts_of(view.hand)
    three_player = view.n == 3
    before = shanten(counts, three_player=three_player)
    used = (
        choice.tiles
        if isinstance(choice, Chi | Pon)
        else tuple(t for t in view.hand if t >> 2 == _kind(view))
    )
    for tile in used:
        counts[tile >> 2] -= 1
    if isinstance(choice, Daiminkan):  # a replacement tile comes next, not a discard
        after = shanten(counts, three_player=three_player)
    elif any(counts):
        after = min(shanten(_minus(counts, k), three_player=three_player) for k in range(34) if counts[k])
    else:
        after = 0
    fields: dict[str, object] = {"call": name, "from": before, "to": after, "gain": round(gain or 0.0)}
    yakuhai = isinstance(choice, Pon | Daiminkan) and yakuhai_han(view)[_kind(view)] > 0
    if yakuhai and isinstance(choice, Pon) and after == before:  # it took the hand's pair: a han, not a step
        return "coach.why.call_yakuhai_kept", fields
    return ("coach.why.call_yakuhai" if yakuhai else "coach.why.call"), fields


def _kind(view: SeatView) -> int:
    assert view.claimable is not None
    return view.claimable >> 2


def _minus(counts: list[int], kind: int) -> list[int]:
    rest = list(counts)
    rest[kind] -= 1
    return rest
