"""UI fonts that render Korean and Japanese on any machine, and the cached text rendering built on them.

The fonts are Noto Sans JP/KR from the declared dependency justmytype-intl-cjk, instanced from their variable
fonts to static regular and bold weights (SDL_ttf cannot pick a variation) into graphics/fonts/ at build time.
"""

import importlib.util
import io
import logging
import os
import sys
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

import pygame

FONTS_DIR = Path(__file__).resolve().parent / "fonts"
SCRIPTS = ("jp", "kr")
# script -> (directory and variable font in justmytype_intl_cjk/fonts/ofl, family name of the outputs)
SOURCES = {
    "jp": ("notosansjp", "NotoSansJP[wght].ttf", "NotoSansJP"),
    "kr": ("notosanskr", "NotoSansKR[wght].ttf", "NotoSansKR"),
}
WEIGHTS = {False: 400, True: 700}  # bold -> the wght axis value to instance
LICENSE_NAME = "OFL.txt"  # the fonts' licence travels with them (OFL 1.1 asks for it)
TEXT_CACHE_SIZE = 4096  # rendered strings kept; the oldest unused one goes first

# code point ranges kept by the subsetter: what the game's three languages can show
COMMON_RANGES = (
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 supplement
    (0x2000, 0x206F),  # general punctuation
    (0x2190, 0x21FF),  # arrows
    (0x25A0, 0x25FF),  # geometric shapes (bullets, check marks' boxes)
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana and katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
)
HANGUL_RANGES = (
    (0x1100, 0x11FF),  # Hangul jamo
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0xAC00, 0xD7A3),  # Hangul syllables
)
HAN_RANGES = (
    (0x3400, 0x4DBF),  # CJK unified ideographs extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
)
SCRIPT_RANGES = {"jp": COMMON_RANGES + HAN_RANGES, "kr": COMMON_RANGES + HANGUL_RANGES}

log = logging.getLogger(__name__)


class FontError(RuntimeError):
    """The CJK fonts could not be found or built; the message is one line for the user."""


def font_name(script: str, bold: bool = False) -> str:
    """File name of the static font for `script` ("jp" or "kr") in graphics/fonts/."""
    if script not in SOURCES:
        raise ValueError(f"unknown font script {script!r}; expected one of {', '.join(SCRIPTS)}")
    return f"{SOURCES[script][2]}-{'Bold' if bold else 'Regular'}.ttf"


def font_names() -> tuple[str, ...]:
    """File names of every font build_fonts writes."""
    return tuple(font_name(script, bold) for script in SCRIPTS for bold in (False, True))


def _source_root() -> Path | None:
    """justmytype_intl_cjk's fonts/ofl directory, or None when the dependency is not installed."""
    try:
        spec = importlib.util.find_spec("justmytype_intl_cjk")
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "fonts" / "ofl"


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _is_current(out: Path, source: Path) -> bool:
    """Whether `out` exists and is newer than its variable font and this builder (when those exist)."""
    if not out.exists():
        return False
    return _mtime(out) >= max(_mtime(source), _mtime(Path(__file__)))


def build_fonts(force: bool = False) -> list[Path]:
    """Write the four static fonts (JP/KR, regular/bold) into graphics/fonts/, skipping up-to-date ones."""
    root = _source_root()
    outputs = [FONTS_DIR / name for name in font_names()]
    if root is None:
        if not force and all(out.exists() for out in outputs):
            return outputs  # e.g. the PyInstaller bundle: fonts built beforehand, no dependency
        raise FontError("cannot build the CJK fonts: the package justmytype-intl-cjk is not installed")
    jobs: list[tuple[str, tuple[int, ...]]] = []
    for script in SCRIPTS:
        source = root / SOURCES[script][0] / SOURCES[script][1]
        if not source.exists():
            raise FontError(f"cannot build the CJK fonts: {source} is missing")
        weights = tuple(
            WEIGHTS[bold]
            for bold in (False, True)
            if force or not _is_current(FONTS_DIR / font_name(script, bold), source)
        )
        if weights:
            jobs.append((script, weights))
    if jobs:
        try:
            FONTS_DIR.mkdir(parents=True, exist_ok=True)
            _copy_license(root)
            # one process per script: instancing is pure Python and CPU-bound, and the machine has two cores
            if len(jobs) > 1 and (os.cpu_count() or 1) > 1 and not getattr(sys, "frozen", False):
                with ProcessPoolExecutor(max_workers=len(jobs)) as pool:
                    list(pool.map(_build_script, *zip(*jobs, strict=True)))
            else:
                for script, weights in jobs:
                    _build_script(script, weights)
        except FontError:
            raise
        except Exception as exc:  # fontTools raises many types; the caller needs one line
            raise FontError(f"cannot build the CJK fonts: {type(exc).__name__}: {exc}") from exc
    return outputs


def _copy_license(root: Path) -> None:
    source = root / SOURCES["jp"][0] / LICENSE_NAME
    if source.exists():
        _write_atomically(FONTS_DIR / LICENSE_NAME, source.read_bytes())


def _write_atomically(path: Path, data: bytes) -> None:
    # a reader (another process, a test worker) sees the old file or the whole new one, never half of one
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _build_script(script: str, weights: tuple[int, ...]) -> None:
    """Subset `script`'s variable font once, then instance it at each weight into graphics/fonts/."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
    from fontTools.varLib import instancer  # type: ignore[import-untyped]

    root = _source_root()
    assert root is not None
    directory, file, _ = SOURCES[script]
    font = TTFont(root / directory / file)
    ranges = SCRIPT_RANGES[script]
    unicodes = [code for code in font.getBestCmap() if any(lo <= code <= hi for lo, hi in ranges)]
    options = subset.Options()
    options.layout_features = ["kern"]  # SDL_ttf shapes with HarfBuzz: keep kerning, drop the rest
    options.hinting = False
    options.notdef_outline = True  # a visible box for anything outside the subset
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    buffer = io.BytesIO()
    font.save(buffer)
    data = buffer.getvalue()
    for wght in weights:
        instance = TTFont(io.BytesIO(data))
        instancer.instantiateVariableFont(instance, {"wght": wght}, inplace=True, updateFontNames=True)
        out = io.BytesIO()
        instance.save(out)
        _write_atomically(FONTS_DIR / font_name(script, wght == WEIGHTS[True]), out.getvalue())


def font_file(script: str, bold: bool = False) -> Path:
    """Path of the static font for `script` ("jp" | "kr"), building the fonts first if it is missing."""
    path = FONTS_DIR / font_name(script, bold)
    if not path.exists():
        build_fonts()
    if not path.exists():
        raise FontError(f"cannot find the font {path}")
    return path


# text rendering: one Font per (size, bold, script), one Surface per rendered string: no per-frame work

_fonts: dict[tuple[int, bool, str], pygame.font.Font] = {}
_text_cache: OrderedDict[tuple[str, int, tuple[int, int, int], bool, str], pygame.Surface] = OrderedDict()
_failed_scripts: set[str] = set()


def _ensure_font_module() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def get_font(size: int, bold: bool = False, script: str = "jp") -> pygame.font.Font:
    """The UI font at `size` pixels for `script` ("jp" | "kr"); pygame's default font if the CJK one fails."""
    key = (size, bold, script)
    font = _fonts.get(key)
    if font is not None:
        return font
    _ensure_font_module()
    if script not in _failed_scripts:
        try:
            font = pygame.font.Font(str(font_file(script, bold)), size)
        except (FontError, OSError, pygame.error) as exc:
            _failed_scripts.add(script)
            log.warning("using pygame's default font; Korean and Japanese text will not show: %s", exc)
    if font is None:
        font = pygame.font.Font(None, size)
        font.bold = bold
    _fonts[key] = font
    return font


_KANA_AND_HAN = ((0x3040, 0x30FF), (0x31F0, 0x31FF), *HAN_RANGES)


@lru_cache(maxsize=TEXT_CACHE_SIZE)  # asked for every string drawn, every frame; scanning it is not free
def script_for(text: str, lang: str) -> str:
    """Which font script shows `text`: "kr" when it has Hangul, "jp" when it has kana or kanji (the Korean
    font has none), else the UI language's own ("kr" for Korean)."""
    has_japanese = False
    for char in text:
        code = ord(char)
        if any(lo <= code <= hi for lo, hi in HANGUL_RANGES):
            return "kr"
        if not has_japanese and any(lo <= code <= hi for lo, hi in _KANA_AND_HAN):
            has_japanese = True
    if has_japanese:
        return "jp"
    return "kr" if lang == "ko" else "jp"


def render_text(
    text: str, size: int, color: tuple[int, int, int], bold: bool = False, lang: str = "en"
) -> pygame.Surface:
    """`text` drawn anti-aliased on a transparent surface; the same arguments return the same Surface."""
    script = script_for(text, lang)
    key = (text, size, color, bold, script)
    surface = _text_cache.get(key)
    if surface is not None:
        _text_cache.move_to_end(key)
        return surface
    surface = get_font(size, bold, script).render(text, True, color)
    _text_cache[key] = surface
    while len(_text_cache) > TEXT_CACHE_SIZE:
        _text_cache.popitem(last=False)
    return surface


def text_size(text: str, size: int, bold: bool = False, lang: str = "en") -> tuple[int, int]:
    """Width and height `render_text` would give `text`, without rendering it."""
    width, height = get_font(size, bold, script_for(text, lang)).size(text)
    return width, height


def text_cache_info() -> tuple[int, int]:
    """How many rendered strings the cache holds, and its bound."""
    return len(_text_cache), TEXT_CACHE_SIZE


def clear_caches() -> None:
    """Forget every loaded font and rendered string (after pygame.font.quit, or in tests)."""
    _fonts.clear()
    _text_cache.clear()
    _failed_scripts.clear()


def main() -> int:
    """Build the fonts and print one line per file; return the exit status."""
    # called through the imported module so worker processes find _build_script by its real name
    from graphics import fonts

    before = {path: _mtime(path) for path in (FONTS_DIR / name for name in font_names())}
    try:
        paths = fonts.build_fonts()
    except FontError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for path in paths:
        state = "up to date" if _mtime(path) == before[path] else "built"
        print(f"{path}: {state} ({path.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
