"""Tile sprites at runtime: the generated sheets in graphics/assets/tiles/, scaled, turned and cached.

Every surface handed out is cached by its arguments, so drawing a frame never scales or rotates a tile.
The sheets are drawn by graphics/tileart.py (Pillow, build time only); this module needs only pygame.
"""

import math
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent / "assets" / "tiles"
TILE_ASPECT = 0.75  # sprite width / height, the sheets' cell shape
THEMES = ("classic", "contrast")
SHEET_HEIGHTS = (24, 32, 40, 48, 64, 80, 100, 128, 160)  # the sizes graphics/tileart.py writes
KIND_COUNT = 34
RED_CELLS = {4: 34, 13: 35, 22: 36}  # kind of a five -> cell of its red copy
BACK_CELL = 37
FLOWER_KINDS = (34, 35, 36, 37)  # art kinds of the four flowers (spring .. winter), see ``art_kind``
FLOWER_CELLS = {34: 38, 35: 39, 36: 40, 37: 41}  # art kind of a flower -> its cell
CELL_COUNT = 42
FIRST_FLOWER_ID = (
    136  # tile ids 136-139 are the flowers (rules.tiles); no import: this module needs pygame only
)


def art_kind(tile: int) -> int:
    """The art kind of a tile id: its kind (0..33), or 34..37 for the four flowers.

    >>> art_kind(17), art_kind(138)
    (4, 36)
    """
    if tile >= FIRST_FLOWER_ID:
        return KIND_COUNT + tile - FIRST_FLOWER_ID
    return tile >> 2


class TileArtError(RuntimeError):
    """A tile sheet is missing or unreadable; the message is one line for the user."""


def tile_size(height: int) -> tuple[int, int]:
    """Width and height of an upright tile sprite `height` pixels tall."""
    height = max(1, height)
    return max(1, round(height * TILE_ASPECT)), height


def sheet_height_for(height: int) -> int:
    """The sheet to scale from: the smallest one at least `height` tall (the largest for bigger tiles)."""
    for sheet in SHEET_HEIGHTS:
        if sheet >= height:
            return sheet
    return SHEET_HEIGHTS[-1]


class TileArt:
    """The tiles of one theme: faces, backs and dora-flip frames at any height, each made once."""

    def __init__(self, theme: str = "classic", root: Path = ASSETS) -> None:
        if theme not in THEMES:
            raise ValueError(f"unknown tile theme {theme!r}; expected one of {', '.join(THEMES)}")
        self.theme = theme
        self._root = root
        self._sheets: dict[int, pygame.Surface] = {}
        self._cells: dict[tuple[int, int], pygame.Surface] = {}  # (cell, height) -> upright sprite
        self._turned: dict[tuple[int, int, int], pygame.Surface] = {}  # (cell, height, quarter turns)
        self._flips: dict[tuple[int | None, bool, int, int, int], pygame.Surface] = {}

    def _sheet(self, sheet_height: int) -> pygame.Surface:
        sheet = self._sheets.get(sheet_height)
        if sheet is None:
            path = self._root / self.theme / f"tiles_{sheet_height}.png"
            try:
                sheet = pygame.image.load(str(path))
            except (pygame.error, FileNotFoundError) as exc:
                raise TileArtError(f"cannot load the tile sheet {path}: {exc}") from exc
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                sheet = sheet.convert_alpha()  # the display's pixel format blits fastest
            expected = (tile_size(sheet_height)[0] * CELL_COUNT, sheet_height)
            if sheet.get_size() != expected:
                raise TileArtError(f"the tile sheet {path} is {sheet.get_size()}, expected {expected}")
            self._sheets[sheet_height] = sheet
        return sheet

    def _cell(self, cell: int, height: int) -> pygame.Surface:
        key = (cell, height)
        sprite = self._cells.get(key)
        if sprite is None:
            source_height = sheet_height_for(height)
            source_width = tile_size(source_height)[0]
            area = pygame.Rect(cell * source_width, 0, source_width, source_height)
            sprite = self._sheet(source_height).subsurface(area)
            size = tile_size(height)
            # a copy either way: a subsurface would keep the whole sheet locked and alive
            sprite = (
                sprite.copy() if size == sprite.get_size() else pygame.transform.smoothscale(sprite, size)
            )
            self._cells[key] = sprite
        return sprite

    def _turn(self, cell: int, height: int, quarter_turns: int) -> pygame.Surface:
        turns = quarter_turns % 4
        if turns == 0:
            return self._cell(cell, height)
        key = (cell, height, turns)
        sprite = self._turned.get(key)
        if sprite is None:
            sprite = pygame.transform.rotate(self._cell(cell, height), 90 * turns)  # counter-clockwise
            self._turned[key] = sprite
        return sprite

    def face(self, tile: int, height: int, quarter_turns: int = 0, red: bool = False) -> pygame.Surface:
        """Kind `tile` (0..33, or a flower's art kind 34..37) face up, `height` px tall, then turned
        `quarter_turns` x 90° anticlockwise."""
        return self._turn(face_cell(tile, red), height, quarter_turns)

    def back(self, height: int, quarter_turns: int = 0) -> pygame.Surface:
        """A face-down tile, `height` pixels tall before turning."""
        return self._turn(BACK_CELL, height, quarter_turns)

    def flip_frame(
        self, tile: int | None, red: bool, height: int, step: int, steps: int = 8
    ) -> pygame.Surface:
        """Frame `step` of `steps` of a tile turning over (back, then face; `tile` None: back throughout).

        The sprite is squashed sideways to |cos| of the turn angle and centred on a transparent surface of the
        upright tile's size, so callers blit every frame where the tile lies.
        """
        step = min(max(step, 0), steps)
        key = (tile, red, height, step, steps)
        frame = self._flips.get(key)
        if frame is None:
            angle = math.pi * step / steps
            showing_face = tile is not None and 2 * step > steps
            source = (
                self.face(tile, height, red=red) if showing_face and tile is not None else self.back(height)
            )
            width, full_height = source.get_size()
            squashed = max(1, round(width * abs(math.cos(angle))))
            frame = pygame.Surface((width, full_height), pygame.SRCALPHA)
            thin = pygame.transform.smoothscale(source, (squashed, full_height))
            frame.blit(thin, ((width - squashed) // 2, 0))
            self._flips[key] = frame
        return frame

    def cached_count(self) -> int:
        """How many scaled, turned or flip-frame sprites are held (for tests and memory checks)."""
        return len(self._cells) + len(self._turned) + len(self._flips)


def face_cell(tile: int, red: bool = False) -> int:
    """The sheet cell of kind `tile` (0..33, a flower 34..37), or of its red copy when `red` and it is a
    five."""
    if tile in FLOWER_CELLS and not red:
        return FLOWER_CELLS[tile]
    if not 0 <= tile < KIND_COUNT:
        raise ValueError(f"tile kind {tile} is out of range 0..37")
    if red:
        if tile not in RED_CELLS:
            raise ValueError(f"tile kind {tile} has no red copy (only the fives do)")
        return RED_CELLS[tile]
    return tile
