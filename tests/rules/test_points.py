"""Points and payments against RULES.md §6.4's [001] score tables, read from the shared spec at test time."""

from __future__ import annotations

import re

import pytest

from rules.points import base_points, ceil100, hand_payments
from rules.ruleset import RuleSet, preset
from tests.conftest import HAS_SHARED, SHARED, needs_shared

RULES_MD = SHARED / "rules" / "RULES.md"
STANDARD = RuleSet()


def _table(caption: str) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """Cells (han, fu, ron, tsumo payments) of one [001] table; limit rows give their han's lower bound."""
    text = RULES_MD.read_text(encoding="utf-8")
    start = text.index(caption)
    lines = text[start:].splitlines()
    header = next(line for line in lines if line.startswith("| 판/부"))
    fus = [int(cell.strip().rstrip("부")) for cell in header.strip("|").split("|")[1:]]
    rows = []
    for line in lines[lines.index(header) + 2 :]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        han = int(re.match(r"\d+", cells[0]).group())  # type: ignore[union-attr]
        for fu, cell in zip(fus, cells[1:], strict=True):
            if not cell or "해당없음" in cell.split("(")[0]:
                continue
            ron = int(re.findall(r"\d+", cell.split("(")[0])[-1])
            inside = cell.split("(")[1].rstrip(")") if "(" in cell else ""
            tsumo = () if "해당없음" in inside else tuple(int(n) for n in inside.split())
            rows.append((han, fu, ron, tsumo))
    return rows


# without ../shared no table is read, and the three tests below skip
DEALER_CELLS = _table("**Dealer (선/동가) wins**") if HAS_SHARED else []
NON_DEALER_CELLS = _table("**Non-dealer wins**") if HAS_SHARED else []


@needs_shared
def test_tables_were_read() -> None:
    # 4 han rows x 11 fu columns minus the impossible cells, plus 5 limit rows.
    assert len(DEALER_CELLS) > 30
    assert len(NON_DEALER_CELLS) > 30


@needs_shared
@pytest.mark.parametrize("han, fu, ron, tsumo", DEALER_CELLS)
def test_dealer_table(han: int, fu: int, ron: int, tsumo: tuple[int, ...]) -> None:
    base, _ = base_points(han, fu, 0, STANDARD)
    value, payments = hand_payments(base, is_dealer=True, is_tsumo=False, honba=0, rules=STANDARD)
    assert value == ron
    assert payments.as_dict() == {"ron": ron}
    if tsumo:
        value, payments = hand_payments(base, is_dealer=True, is_tsumo=True, honba=0, rules=STANDARD)
        assert payments.as_dict() == {"non_dealer": tsumo[0]}
        assert value == 3 * tsumo[0]


@needs_shared
@pytest.mark.parametrize("han, fu, ron, tsumo", NON_DEALER_CELLS)
def test_non_dealer_table(han: int, fu: int, ron: int, tsumo: tuple[int, ...]) -> None:
    base, _ = base_points(han, fu, 0, STANDARD)
    value, payments = hand_payments(base, is_dealer=False, is_tsumo=False, honba=0, rules=STANDARD)
    assert value == ron
    if tsumo:
        value, payments = hand_payments(base, is_dealer=False, is_tsumo=True, honba=0, rules=STANDARD)
        assert payments.as_dict() == {"dealer": tsumo[1], "non_dealer": tsumo[0]}
        assert value == tsumo[1] + 2 * tsumo[0]


@pytest.mark.parametrize(
    "han, fu, limit",
    [
        (1, 30, None),
        (3, 60, None),
        (3, 70, "mangan"),
        (4, 30, None),
        (4, 40, "mangan"),
        (5, 30, "mangan"),
        (6, 30, "haneman"),
        (7, 30, "haneman"),
        (8, 30, "baiman"),
        (10, 30, "baiman"),
        (11, 30, "sanbaiman"),
        (12, 30, "sanbaiman"),
        (13, 30, "kazoe_yakuman"),
        (26, 30, "kazoe_yakuman"),
    ],
)
def test_limits(han: int, fu: int, limit: str | None) -> None:
    assert base_points(han, fu, 0, STANDARD)[1] == limit


def test_kazoe_never_doubles_and_can_be_capped() -> None:
    assert base_points(26, 30, 0, STANDARD) == (8000, "kazoe_yakuman")
    no_kazoe = STANDARD.with_overrides({"kazoe_yakuman": False})
    assert base_points(13, 30, 0, no_kazoe) == (6000, "sanbaiman")


@pytest.mark.parametrize("han, fu", [(4, 30), (3, 60)])
def test_kiriage_mangan(han: int, fu: int) -> None:
    assert base_points(han, fu, 0, STANDARD) == (fu * 2 ** (han + 2), None)
    kiriage = STANDARD.with_overrides({"kiriage_mangan": True})
    assert base_points(han, fu, 0, kiriage) == (2000, "mangan")


def test_yakuman_multiples() -> None:
    assert base_points(0, 0, 1, STANDARD) == (8000, "yakuman")
    assert base_points(0, 0, 2, STANDARD) == (16000, "yakuman")
    # [001]: dealer double yakuman = 96000.
    assert hand_payments(16000, is_dealer=True, is_tsumo=False, honba=0, rules=STANDARD)[0] == 96000


@pytest.mark.parametrize(
    "han, fu, is_dealer, is_tsumo, honba, payments",
    [
        # [001] §6.3: East 3, 5 honba, non-dealer 30 fu 3 han ron = 3900 + 1500.
        (3, 30, False, False, 5, {"ron": 5400}),
        # [001] §6.3: South 2, 3 honba, dealer 30 fu 4 han tsumo = 3900 all + 300.
        (4, 30, True, True, 3, {"non_dealer": 4200}),
        # [000] §6.3: 2 honba, an 8000 hand: ron 8600; tsumo each of the three pays +200.
        (5, 30, False, False, 2, {"ron": 8600}),
        (5, 30, False, True, 2, {"dealer": 4200, "non_dealer": 2200}),
    ],
)
def test_honba(
    han: int, fu: int, is_dealer: bool, is_tsumo: bool, honba: int, payments: dict[str, int]
) -> None:
    base, _ = base_points(han, fu, 0, STANDARD)
    assert (
        hand_payments(base, is_dealer=is_dealer, is_tsumo=is_tsumo, honba=honba, rules=STANDARD)[1].as_dict()
        == payments
    )


def test_three_player_equal_split() -> None:
    # [000] §10: non-dealer 4 han 20 fu = 5200 -> 2600 each; dealer mangan tsumo -> 6000 each.
    rules = preset("seed-deluxe").with_overrides({"players": 3})
    base, _ = base_points(4, 20, 0, rules)
    value, payments = hand_payments(base, is_dealer=False, is_tsumo=True, honba=0, rules=rules)
    assert (value, payments.as_dict()) == (5200, {"dealer": 2600, "non_dealer": 2600})
    value, payments = hand_payments(2000, is_dealer=True, is_tsumo=True, honba=0, rules=rules)
    assert (value, payments.as_dict(), payments.total) == (12000, {"non_dealer": 6000}, 12000)


def test_three_player_tsumo_loss() -> None:
    # Tenhou's 3-player game: the missing North's share is simply not paid.
    rules = preset("tenhou-3p")
    value, payments = hand_payments(2000, is_dealer=False, is_tsumo=True, honba=1, rules=rules)
    assert (value, payments.as_dict(), payments.total) == (6000, {"dealer": 4100, "non_dealer": 2100}, 6200)
    value, payments = hand_payments(2000, is_dealer=True, is_tsumo=True, honba=0, rules=rules)
    assert (value, payments.total) == (8000, 8000)


@pytest.mark.parametrize("points, rounded", [(0, 0), (1, 100), (100, 100), (7680, 7700), (11520, 11600)])
def test_ceil100(points: int, rounded: int) -> None:
    assert ceil100(points) == rounded
