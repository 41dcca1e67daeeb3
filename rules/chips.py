"""Chips (祝儀, RULES.md §12): the bonus a win earns besides its points, counted per paying player, and who
pays it.

The counts per payer (each trigger has its own option; the whole is off unless ``chips``):

* ura dora: one per ura dora the winner holds (riichi winners only, as the ura dora themselves);
* red fives: one per red five held (concealed tiles, melds and the winning tile); under
  ``chip_red_closed_only`` only for a closed hand (ankan keeps it closed);
* all-star: 2 more for holding a red five of each of the three suits (closed only with that option too);
* ippatsu: 1;
* yakuman: ``chip_yakuman_tsumo`` per yakuman on a tsumo, 1.5 times that rounded up per yakuman on a ron
  (counted yakuman, kazoe, is a limit of points, no yakuman here).

The triggers are independent: a yakuman still earns its ura dora, red fives and ippatsu. A tsumo takes the
count from each other player, a ron from the discarder only (each winner of a multiple ron from the
discarder). With pao (§9, [002]): a tsumo's yakuman chips are all paid by the responsible player, the other
chips still by each; a ron's by the discarder. Draws, nagashi mangan and chombo earn no chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.meld import Meld, MeldType
from rules.ruleset import RuleSet
from rules.scoring import HandValue, WinSituation
from rules.tiles import FIVES, NORTH, TILE_COUNT, dora_from_indicator

ALL_STAR_CHIPS = 2


@dataclass(frozen=True)
class WinChips:
    """What one win earns in chips from each paying player, by trigger."""

    ura: int = 0
    red: int = 0
    all_star: int = 0
    ippatsu: int = 0
    yakuman: int = 0

    @property
    def total(self) -> int:
        """All the triggers together: the chips each payer owes (before pao moves the yakuman part)."""
        return self.ura + self.red + self.all_star + self.ippatsu + self.yakuman


def chip_counts(
    value: HandValue,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    situation: WinSituation,
    rules: RuleSet,
) -> WinChips:
    """The chips a win earns from each payer; ``concealed`` holds the tiles in hand with the winning tile
    (as ``score_hand`` takes them). Nothing when the rule set has no chips."""
    if not rules.chips:
        return WinChips()
    closed = all(meld.type is MeldType.ANKAN for meld in melds)
    held = [*concealed, *(tile for meld in melds for tile in meld.tiles)]
    red_ids = rules.red_five_ids
    reds = [tile for tile in held if tile in red_ids]
    red_allowed = closed or not rules.chip_red_closed_only
    red = len(reds) if rules.chip_red and red_allowed else 0
    suits = {tile >> 2 for tile in reds}
    all_star = rules.chip_all_star and red_allowed and all(five in suits for five in FIVES)
    riichi = situation.riichi or situation.double_riichi
    ura = _ura_count(held, situation, rules) if rules.chip_ura and riichi and rules.ura_dora else 0
    ippatsu = 1 if rules.chip_ippatsu and situation.ippatsu and rules.ippatsu and riichi else 0
    per_yakuman = rules.chip_yakuman_tsumo if situation.is_tsumo else (3 * rules.chip_yakuman_tsumo + 1) // 2
    return WinChips(
        ura=ura,
        red=red,
        all_star=ALL_STAR_CHIPS if all_star else 0,
        ippatsu=ippatsu,
        yakuman=per_yakuman * value.yakuman,
    )


def _ura_count(held: Sequence[int], situation: WinSituation, rules: RuleSet) -> int:
    """The ura dora the hand holds: as the scorer counts them (kita for a North, flowers for a flower)."""
    counts = [0] * 34
    for tile in held:
        if tile < TILE_COUNT:
            counts[tile >> 2] += 1
    total = 0
    for indicator in situation.ura_indicators:
        if indicator >= TILE_COUNT:
            total += situation.flowers
            continue
        kind = dora_from_indicator(indicator >> 2, three_player=rules.three_player)
        total += counts[kind]
        if kind == NORTH and rules.three_player and rules.kita_dora:
            total += situation.kita
    return total


def chip_deltas(
    chips: WinChips, *, seat: int, discarder: int | None, pao: int | None, players: int, rules: RuleSet
) -> tuple[int, ...]:
    """Every seat's chip change from one win by ``seat`` (``discarder`` None for a tsumo; ``pao`` the
    responsible seat, if any); they add up to 0."""
    deltas = [0] * players
    if discarder is not None:
        deltas[discarder] -= chips.total
    else:
        responsible = pao if rules.pao != "off" and pao is not None and pao != seat else None
        each = chips.total - chips.yakuman if responsible is not None else chips.total
        for other in range(players):
            if other != seat:
                deltas[other] -= each
        if responsible is not None:
            deltas[responsible] -= chips.yakuman * (players - 1)
    deltas[seat] = -sum(deltas)
    return tuple(deltas)


def win_chips(
    value: HandValue,
    concealed: Sequence[int],
    melds: Sequence[Meld],
    situation: WinSituation,
    rules: RuleSet,
    *,
    seat: int,
    discarder: int | None,
    pao: int | None,
    players: int,
) -> tuple[int, ...]:
    """Every seat's chip change from one win (``chip_counts`` paid out by ``chip_deltas``)."""
    counts = chip_counts(value, concealed, melds, situation, rules)
    return chip_deltas(counts, seat=seat, discarder=discarder, pao=pao, players=players, rules=rules)


def chips_per_payer(deltas: Sequence[int], seat: int, tsumo: bool) -> int:
    """The chips a win took from each payer (a tsumo: from each other player; a ron: from the discarder),
    from its per-seat ``deltas``; 0 for none.

    >>> chips_per_payer((-3, 9, -3, -3), 1, True), chips_per_payer((0, 2, -2, 0), 1, False)
    (3, 2)
    """
    if not deltas:
        return 0
    gain = deltas[seat]
    return gain // (len(deltas) - 1) if tsumo else gain
