"""Called and declared melds: chi, pon, the three kinds of kan, and the checks that make one well formed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.tiles import kind_name


class MeldType(Enum):
    """How a meld was made."""

    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    SHOUMINKAN = "shouminkan"
    ANKAN = "ankan"


KAN_TYPES = frozenset({MeldType.DAIMINKAN, MeldType.SHOUMINKAN, MeldType.ANKAN})


class MeldError(ValueError):
    """A meld whose tiles, called tile or source do not fit its type."""


@dataclass(frozen=True)
class Meld:
    """A meld on the table; ``from_seat`` is relative to its owner (1 right, 2 opposite, 3 left)."""

    type: MeldType
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None

    def __post_init__(self) -> None:
        kinds = sorted(tile >> 2 for tile in self.tiles)
        if len(set(self.tiles)) != len(self.tiles):
            raise MeldError("a meld cannot hold the same tile twice")
        expected = 4 if self.type in KAN_TYPES else 3
        if len(kinds) != expected:
            raise MeldError(f"a {self.type.value} needs {expected} tiles, got {len(kinds)}")
        if self.type is MeldType.CHI:
            first = kinds[0]
            if first >= 27 or first % 9 > 6 or kinds != [first, first + 1, first + 2]:
                names = " ".join(kind_name(kind) for kind in kinds)
                raise MeldError(f"a chi needs three consecutive tiles of one suit, got {names}")
        elif kinds[0] != kinds[-1]:
            raise MeldError(f"a {self.type.value} needs {expected} identical tiles")
        if self.type is MeldType.ANKAN:
            if self.from_seat is not None:
                raise MeldError("an ankan is not called from anyone")
            return
        if self.from_seat not in (1, 2, 3):
            raise MeldError(f"a {self.type.value} needs 'from' 1, 2 or 3")
        if self.type is MeldType.CHI and self.from_seat != 3:
            raise MeldError("a chi can only be called from the player on the left (from 3)")
        if self.called is not None and self.called not in self.tiles:
            raise MeldError("the called tile must be one of the meld's tiles")

    @property
    def kind(self) -> int:
        """The lowest kind in the meld (the kind itself for a triplet or kan)."""
        return min(self.tiles) >> 2

    @property
    def is_open(self) -> bool:
        """Whether the meld breaks menzen (everything but an ankan)."""
        return self.type is not MeldType.ANKAN

    @property
    def is_kan(self) -> bool:
        """Whether the meld is any kind of kan."""
        return self.type in KAN_TYPES

    @property
    def is_sequence(self) -> bool:
        """Whether the meld is a chi."""
        return self.type is MeldType.CHI
