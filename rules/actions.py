"""Actions a seat can take: imperative nouns, immutable, each naming exactly the tiles it uses."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Discard:
    """Discard a tile from hand; ``riichi`` declares riichi with it (the tile is turned sideways)."""

    tile: int
    riichi: bool = False


@dataclass(frozen=True)
class Tsumo:
    """Win on the tile just drawn."""


@dataclass(frozen=True)
class Ron:
    """Win on another player's discard, added kan or kita."""


@dataclass(frozen=True)
class Chi:
    """Call the left player's discard into a sequence with these two tiles from hand."""

    tiles: tuple[int, int]


@dataclass(frozen=True)
class Pon:
    """Call a discard into a triplet with these two tiles from hand."""

    tiles: tuple[int, int]


@dataclass(frozen=True)
class Daiminkan:
    """Call a discard into a kan with the three matching tiles from hand."""


@dataclass(frozen=True)
class Ankan:
    """Declare a closed kan of the four tiles of ``kind`` in hand."""

    kind: int


@dataclass(frozen=True)
class Shouminkan:
    """Add this tile from hand to one's own pon of the same kind."""

    tile: int


@dataclass(frozen=True)
class Kita:
    """Three players: set a North aside as dora and draw a replacement tile."""

    tile: int


@dataclass(frozen=True)
class Flower:
    """Set a flower aside (a dora on a win) and draw a replacement tile (the flowers option, RULES.md
    §1.1)."""

    tile: int


@dataclass(frozen=True)
class Kyuushu:
    """Declare the abortive draw kyuushu kyuuhai (nine kinds of terminals and honors on the first turn)."""


@dataclass(frozen=True)
class Pass:
    """Decline every call or win offered."""


Action = Discard | Tsumo | Ron | Chi | Pon | Daiminkan | Ankan | Shouminkan | Kita | Flower | Kyuushu | Pass
PASS = Pass()
