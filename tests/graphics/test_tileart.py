"""The generated tile sheets (graphics/tileart.py, committed in graphics/assets/) and the runtime TileArt."""

import itertools
from pathlib import Path

import pygame
import pytest
from PIL import Image, ImageChops

from graphics import tileart, tiles
from graphics.tiles import TileArt

SMALLEST = tiles.SHEET_HEIGHTS[0]
FIVES = tuple(tiles.RED_CELLS.items())  # (kind of the five, cell of its red copy)


def cells(theme: str, height: int) -> list[Image.Image]:
    """The committed sheet of `theme` at `height`, cut into its cells."""
    with Image.open(tileart.sheet_path(theme, height)) as sheet:
        sheet = sheet.convert("RGBA")
    width = tiles.tile_size(height)[0]
    assert sheet.size == (width * tiles.CELL_COUNT, height)
    return [sheet.crop((i * width, 0, (i + 1) * width, height)) for i in range(tiles.CELL_COUNT)]


def rgb_pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    """The pixels of `image` as RGB tuples, row by row."""
    data = image.convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def rgba_pixels(image: Image.Image) -> list[tuple[int, int, int, int]]:
    """The pixels of `image` as RGBA tuples, row by row."""
    data = image.convert("RGBA").tobytes()
    return [(data[i], data[i + 1], data[i + 2], data[i + 3]) for i in range(0, len(data), 4)]


def strong_differences(a: Image.Image, b: Image.Image, grey: bool = False) -> int:
    """How many pixels differ by more than a quarter of the range in some channel (or in brightness)."""
    if grey:
        a, b = a.convert("L"), b.convert("L")
        channels = [ImageChops.difference(a, b)]
    else:
        channels = list(ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split())
    worst = channels[0]
    for channel in channels[1:]:
        worst = ImageChops.lighter(worst, channel)
    return sum(worst.point(lambda value: 255 if value > 64 else 0).histogram()[255:])


@pytest.mark.parametrize("theme", tiles.THEMES)
@pytest.mark.parametrize("height", tiles.SHEET_HEIGHTS)
def test_every_cell_is_present_opaque_and_drawn(theme: str, height: int) -> None:
    face_top = tileart.THEME_BY_NAME[theme].face_top
    for index, cell in enumerate(cells(theme, height)):
        alpha = cell.getchannel("A")
        opaque = alpha.point(lambda value: 255 if value == 255 else 0).histogram()[255]
        assert opaque >= 0.9 * cell.width * cell.height, (
            f"cell {index} fills its cell (rounded corners aside)"
        )
        assert alpha.getpixel((cell.width // 2, cell.height // 2)) == 255
        if index == tiles.BACK_CELL:
            continue
        # the design: pixels far from the ivory face inside the face's middle
        w, h = cell.size
        middle = cell.convert("RGB").crop((w // 5, h // 6, w - w // 5, round(h * 0.78)))
        ink = [
            pixel
            for pixel in rgb_pixels(middle)
            if sum(abs(a - b) for a, b in zip(pixel, face_top, strict=True)) > 160
        ]
        assert len(ink) >= middle.width * middle.height * 0.05, (
            f"cell {index} of {theme} {height} has a design"
        )


@pytest.mark.parametrize("theme", tiles.THEMES)
def test_all_cells_are_distinct_at_the_smallest_size(theme: str) -> None:
    sprites = cells(theme, SMALLEST)
    for (i, a), (j, b) in itertools.combinations(enumerate(sprites), 2):
        assert strong_differences(a, b) >= 12, f"cells {i} and {j} of {theme} look alike at {SMALLEST} px"


@pytest.mark.parametrize("theme", tiles.THEMES)
@pytest.mark.parametrize("height", [SMALLEST, 64])
def test_red_fives_differ_from_plain_fives(theme: str, height: int) -> None:
    sprites = cells(theme, height)
    for kind, red_cell in FIVES:
        assert strong_differences(sprites[kind], sprites[red_cell]) >= height // 2
        # clearly red: the red five has far more strongly red pixels
        reds = [
            sum(1 for r, g, b in rgb_pixels(sprite) if r > 150 and g < 110 and b < 90)
            for sprite in (sprites[kind], sprites[red_cell])
        ]
        assert reds[1] > reds[0] + height, f"red five of kind {kind} in {theme} is clearly red"


@pytest.mark.parametrize("theme", tiles.THEMES)
@pytest.mark.parametrize("height", [SMALLEST, 32, 64])
def test_red_fives_differ_without_colour(theme: str, height: int) -> None:
    sprites = cells(theme, height)
    for kind, red_cell in FIVES:
        assert strong_differences(sprites[kind], sprites[red_cell], grey=True) >= height


def test_the_greyscale_check_can_fail() -> None:
    # a red and a green of about the same brightness: apart in colour, alike in greyscale
    red, green = Image.new("RGB", (18, 24), (200, 50, 50)), Image.new("RGB", (18, 24), (50, 120, 50))
    assert strong_differences(red, green) == 18 * 24
    assert strong_differences(red, green, grey=True) == 0


# the red fives as the table shows them, scaled from the sheets: down to an opponent's discard (28 px tall on
# a 1280x720 window) and the smallest sheet
RED_FIVE_HEIGHTS = (SMALLEST, 28, 64, 100)


def runtime_face(theme: str, kind: int, height: int, red: bool) -> Image.Image:
    """The upright face sprite the table draws for `kind`, as a Pillow image."""
    sprite = TileArt(theme).face(kind, height, red=red)
    return Image.frombytes("RGBA", sprite.get_size(), pygame.image.tobytes(sprite, "RGBA"))


def is_strong_red(pixel: tuple[int, ...]) -> bool:
    """Red or vermillion ink (the red fives of both themes), not the ivory face, its outline or the felt."""
    r, g, b = pixel[:3]
    return r >= 140 and r - g >= 70 and r - b >= 70


def red_share(pixels: list[tuple[int, ...]]) -> float:
    return sum(1 for pixel in pixels if is_strong_red(pixel)) / len(pixels)


@pytest.mark.parametrize("theme", tiles.THEMES)
@pytest.mark.parametrize("height", RED_FIVE_HEIGHTS)
def test_red_fives_are_far_redder_than_plain_fives(theme: str, height: int) -> None:
    """Red over a good part of the face: more than twice the plain five's share and a quarter of the face more
    (the classic 萬 is red on every characters tile, so a red 五 alone is not enough)."""
    for kind, _ in FIVES:
        shares = []
        for red in (False, True):
            image = runtime_face(theme, kind, height, red)
            face = image.crop((0, 0, image.width, round(height * (1 - tileart.BAND))))
            shares.append(red_share([pixel for pixel in rgba_pixels(face) if pixel[3] >= 200]))
        plain, red_five = shares
        assert red_five >= 2 * plain, f"kind {kind} in {theme} at {height} px: {plain:.2f} -> {red_five:.2f}"
        assert red_five >= plain + 0.25, (
            f"kind {kind} in {theme} at {height} px: {plain:.2f} -> {red_five:.2f}"
        )


@pytest.mark.parametrize("theme", tiles.THEMES)
@pytest.mark.parametrize("height", RED_FIVE_HEIGHTS)
def test_red_fives_and_only_they_are_framed_in_red(theme: str, height: int) -> None:
    """The face's side margins, outside the design, carry a red mark on the red fives and none elsewhere."""

    def margins_share(image: Image.Image) -> float:
        margin = max(1, round(image.width * 0.11))
        columns = (*range(margin), *range(image.width - margin, image.width))
        rows = range(round(height * 0.1), round(height * 0.75))
        return red_share([image.getpixel((x, y)) for y in rows for x in columns])

    for kind in range(tiles.KIND_COUNT):
        assert margins_share(runtime_face(theme, kind, height, False)) < 0.05, f"kind {kind} in {theme}"
    for kind, _ in FIVES:
        assert margins_share(runtime_face(theme, kind, height, True)) >= 0.3, f"red kind {kind} in {theme}"


def test_contrast_suits_differ_without_colour() -> None:
    # the same number in the three suits, and the dragons, stay apart in greyscale (index and shapes)
    sprites = cells("contrast", SMALLEST)
    groups = [(n, n + 9, n + 18) for n in range(9)] + [(31, 32, 33)]
    for group in groups:
        for i, j in itertools.combinations(group, 2):
            assert strong_differences(sprites[i], sprites[j], grey=True) >= 12


def test_drawing_is_deterministic() -> None:
    first = tileart.png_bytes(tileart.draw_sheet(tileart.CONTRAST, SMALLEST))
    assert tileart.png_bytes(tileart.draw_sheet(tileart.CONTRAST, SMALLEST)) == first


@pytest.mark.slow
def test_rebuild_reproduces_the_committed_sheets(tmp_path: Path) -> None:
    written = tileart.build(tmp_path)
    assert len(written) == len(tiles.THEMES) * len(tiles.SHEET_HEIGHTS)
    for path in written:
        committed = tileart.sheet_path(path.parent.name, int(path.stem.split("_")[1]))
        assert path.read_bytes() == committed.read_bytes(), (
            f"{committed} is out of date: run graphics.tileart"
        )
    total = sum(path.stat().st_size for path in written)
    assert total < 3_000_000, f"the committed sheets weigh {total} bytes"


def test_preview_writes_a_contact_sheet(tmp_path: Path) -> None:
    out = tmp_path / "preview.png"
    assert tileart.main(["--preview", str(out), "--sizes", "24"]) == 0
    with Image.open(out) as image:
        assert image.width > tiles.CELL_COUNT * tiles.tile_size(24)[0]
        assert image.height > 2 * 24


# the runtime


@pytest.fixture(scope="module")
def art() -> TileArt:
    return TileArt("classic")


@pytest.mark.parametrize(
    ("height", "sheet"), [(10, 24), (24, 24), (25, 32), (37, 40), (56, 64), (98, 100), (160, 160), (300, 160)]
)
def test_the_next_sheet_up_is_scaled(height: int, sheet: int) -> None:
    assert tiles.sheet_height_for(height) == sheet


@pytest.mark.parametrize("height", [18, 24, 37, 56, 98, 200])
def test_faces_and_backs_have_the_tile_size_in_every_turn(art: TileArt, height: int) -> None:
    width = round(height * tiles.TILE_ASPECT)
    assert tiles.tile_size(height) == (width, height)
    for turns in range(4):
        expected = (width, height) if turns % 2 == 0 else (height, width)
        assert art.face(5, height, turns).get_size() == expected
        assert art.back(height, turns).get_size() == expected


def test_surfaces_are_cached(art: TileArt) -> None:
    assert art.face(27, 40) is art.face(27, 40)
    assert art.face(27, 40, 1) is art.face(27, 40, 1)
    assert art.face(27, 40, 1) is art.face(27, 40, 5)  # turns count modulo 4
    assert art.face(4, 40, red=True) is art.face(4, 40, red=True)
    assert art.face(4, 40, red=True) is not art.face(4, 40)
    assert art.back(40) is art.back(40)
    assert art.flip_frame(13, True, 40, 3) is art.flip_frame(13, True, 40, 3)
    count = art.cached_count()
    art.face(27, 40)
    art.flip_frame(13, True, 40, 3)
    assert art.cached_count() == count


def test_quarter_turns_rotate_anticlockwise(art: TileArt) -> None:
    upright = art.face(0, 48)
    turned = art.face(0, 48, 1)
    w, h = upright.get_size()
    # anticlockwise: the upright's top-right corner lands at the turned sprite's top-left
    for x, y in [(w - 5, 8), (w // 2, h - 3), (6, h // 3)]:
        assert turned.get_at((y, w - 1 - x)) == upright.get_at((x, y))


def test_faces_come_from_the_sheet_cells(art: TileArt) -> None:
    for kind, cell in [(0, 0), (33, 33), (13, 13)]:
        sprite = art.face(kind, 24)
        with Image.open(tileart.sheet_path("classic", 24)) as sheet:
            expected = sheet.convert("RGBA").crop((cell * 18, 0, cell * 18 + 18, 24))
        assert pygame.image.tobytes(sprite, "RGBA") == expected.tobytes()
    assert pygame.image.tobytes(art.face(13, 24, red=True), "RGBA") != pygame.image.tobytes(
        art.face(13, 24), "RGBA"
    )


def test_bad_tiles_are_refused(art: TileArt) -> None:
    with pytest.raises(ValueError, match="out of range"):
        art.face(38, 40)
    with pytest.raises(ValueError, match="out of range"):
        art.face(34, 40, red=True)  # a flower has no red copy
    with pytest.raises(ValueError, match="no red copy"):
        art.face(3, 40, red=True)
    with pytest.raises(ValueError, match="unknown tile theme"):
        TileArt("neon")


def test_a_missing_sheet_is_a_tile_art_error(tmp_path: Path) -> None:
    with pytest.raises(tiles.TileArtError, match="cannot load"):
        TileArt("classic", root=tmp_path).face(0, 40)


def visible_width(surface: pygame.Surface) -> int:
    return surface.get_bounding_rect().w


def test_flip_frames_squash_the_back_then_open_the_face(art: TileArt) -> None:
    height, steps = 64, 8
    frames = [art.flip_frame(31, False, height, step, steps) for step in range(steps + 1)]
    size = tiles.tile_size(height)
    assert all(frame.get_size() == size for frame in frames)
    widths = [visible_width(frame) for frame in frames]
    assert widths[0] == widths[-1] == size[0]
    assert widths[: steps // 2 + 1] == sorted(widths[: steps // 2 + 1], reverse=True)  # closing
    assert widths[steps // 2 :] == sorted(widths[steps // 2 :])  # opening
    assert widths[steps // 2] <= 2

    def same(a: pygame.Surface, b: pygame.Surface) -> bool:
        return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")

    assert same(frames[0], art.back(height)), "it starts face down"
    assert same(frames[-1], art.face(31, height)), "and ends face up"

    def near(a: pygame.Color, b: pygame.Color) -> bool:
        return all(abs(x - y) <= 6 for x, y in zip(a, b, strict=True))

    centre = (size[0] // 2, height // 2)
    assert near(frames[2].get_at(centre), art.back(height).get_at(centre)), "the back shows while closing"
    assert near(frames[6].get_at(centre), art.face(31, height).get_at(centre)), "the face shows while opening"
    assert not near(frames[6].get_at(centre), art.back(height).get_at(centre))
    # a tile that stays hidden turns over showing its back both ways
    hidden = [art.flip_frame(None, False, height, step, steps) for step in range(steps + 1)]
    assert same(hidden[-1], art.back(height))
    assert same(hidden[6], hidden[2])
