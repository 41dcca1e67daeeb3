"""Points: basic points from han and fu, the limit names, and who pays what (RULES.md §6, §10).

Base points B = fu * 2^(han + 2), capped by the limits; a non-dealer's ron is 4B and a dealer's 6B, each
payment rounded up to 100.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.ruleset import RuleSet

MANGAN_BASE = 2000
LIMIT_BASES = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "kazoe_yakuman": 8000,
    "yakuman": 8000,
}


def ceil100(points: int) -> int:
    """Round up to the next 100.

    >>> ceil100(7680), ceil100(7700)
    (7700, 7700)
    """
    return -(-points // 100) * 100


def base_points(han: int, fu: int, yakuman: int, rules: RuleSet) -> tuple[int, str | None]:
    """Basic points and the limit reached (``None`` below mangan).

    >>> from rules.ruleset import RuleSet
    >>> base_points(3, 40, 0, RuleSet()), base_points(4, 40, 0, RuleSet()), base_points(13, 30, 0, RuleSet())
    ((1280, None), (2000, 'mangan'), (8000, 'kazoe_yakuman'))
    """
    if yakuman:
        return 8000 * yakuman, "yakuman"
    if han >= 13:
        return (8000, "kazoe_yakuman") if rules.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return MANGAN_BASE, "mangan"
    base = fu * 2 ** (han + 2)
    if base >= MANGAN_BASE or (rules.kiriage_mangan and (han, fu) in ((4, 30), (3, 60))):
        return MANGAN_BASE, "mangan"
    return base, None


class Payments(NamedTuple):
    """What each payer hands over, honba included: ``ron`` from the discarder, or per dealer / non-dealer."""

    ron: int | None = None
    dealer: int | None = None
    non_dealer: int | None = None
    non_dealer_payers: int = 0

    @property
    def total(self) -> int:
        """Everything paid for the hand (honba included, riichi sticks not)."""
        if self.ron is not None:
            return self.ron
        return (self.dealer or 0) + (self.non_dealer or 0) * self.non_dealer_payers

    def as_dict(self) -> dict[str, int]:
        """The JSON form: ``{"ron": n}`` or ``{"dealer": n, "non_dealer": n}``, only the payers there are."""
        if self.ron is not None:
            return {"ron": self.ron}
        result: dict[str, int] = {}
        if self.dealer is not None:
            result["dealer"] = self.dealer
        if self.non_dealer is not None:
            result["non_dealer"] = self.non_dealer
        return result


def hand_payments(
    base: int, *, is_dealer: bool, is_tsumo: bool, honba: int, rules: RuleSet
) -> tuple[int, Payments]:
    """The hand's table value (no honba) and the payments (with honba) for a win of ``base`` basic points."""
    if not is_tsumo:
        value = ceil100(base * (6 if is_dealer else 4))
        return value, Payments(ron=value + rules.honba_ron * honba)
    extra = rules.honba_tsumo_each * honba
    non_dealers = rules.players - 1 if is_dealer else rules.players - 2
    if rules.three_player and rules.sanma_tsumo == "equal":
        # Seed [000] §10: the two other players each pay half of the ron value.
        half = ceil100(ceil100(base * (6 if is_dealer else 4)) // 2)
        if is_dealer:
            return half * 2, Payments(non_dealer=half + extra, non_dealer_payers=2)
        return half * 2, Payments(dealer=half + extra, non_dealer=half + extra, non_dealer_payers=1)
    if is_dealer:
        each = ceil100(2 * base)
        return each * non_dealers, Payments(non_dealer=each + extra, non_dealer_payers=non_dealers)
    from_dealer = ceil100(2 * base)
    each = ceil100(base)
    value = from_dealer + each * non_dealers
    return value, Payments(dealer=from_dealer + extra, non_dealer=each + extra, non_dealer_payers=non_dealers)
