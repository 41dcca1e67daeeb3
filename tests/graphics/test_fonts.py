"""The CJK UI fonts built from the font dependency, and cached text rendering on top of them."""

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

import dev
from graphics import fonts

SAMPLES = (("리치", "ko"), ("リーチ", "ja"), ("立直 萬 發", "ja"), ("Riichi", "en"))


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    pygame.font.init()
    fonts.clear_caches()
    yield
    fonts.clear_caches()


def test_build_writes_four_static_fonts_and_is_idempotent() -> None:
    paths = fonts.build_fonts()
    assert [path.name for path in paths] == list(fonts.font_names())
    stamps = [path.stat().st_mtime_ns for path in paths]
    assert fonts.build_fonts() == paths
    assert [path.stat().st_mtime_ns for path in paths] == stamps, "up-to-date fonts are not rebuilt"
    for path in paths:
        assert path.parent == fonts.FONTS_DIR
        font = TTFont(path, lazy=True)
        assert "fvar" not in font, "a static instance, not the variable font"
        bold = path.stem.endswith("Bold")
        assert font["OS/2"].usWeightClass == (700 if bold else 400)
    assert (fonts.FONTS_DIR / fonts.LICENSE_NAME).exists()


def test_dev_py_knows_the_font_files() -> None:
    assert fonts.font_names() == dev.FONT_FILES
    assert fonts.FONTS_DIR == dev.FONTS_DIR


@pytest.mark.parametrize(("script", "bold"), [("jp", False), ("jp", True), ("kr", False), ("kr", True)])
def test_fonts_cover_the_game_scripts(script: str, bold: bool) -> None:
    cmap = TTFont(fonts.font_file(script, bold), lazy=True).getBestCmap()
    needed = "Riichi リーチ ツモ ロン、。「」→ＡＢ"
    needed += "리치 쯔모 론 점수" if script == "kr" else "立直 萬 發 中 東南西北 一二三四五六七八九 役満"
    assert all(ord(char) in cmap for char in needed)


@pytest.mark.parametrize(("text", "lang"), SAMPLES)
def test_text_renders_with_real_glyphs(text: str, lang: str) -> None:
    script = fonts.script_for(text, lang)
    font = fonts.get_font(32, script=script)
    missing = font.render("\ue000", True, (0, 0, 0))  # private use: never in the font, drawn as .notdef
    missing_bytes = pygame.image.tobytes(missing, "RGBA")
    for char in text.replace(" ", ""):
        glyph = font.render(char, True, (0, 0, 0))
        assert glyph.get_width() > 0
        assert glyph.get_bounding_rect().w > 0, f"{char!r} draws ink"
        same_size = glyph.get_size() == missing.get_size()
        assert not (same_size and pygame.image.tobytes(glyph, "RGBA") == missing_bytes), (
            f"{char!r} is .notdef"
        )
    surface = fonts.render_text(text, 32, (255, 255, 255), lang=lang)
    assert surface.get_width() > 0
    assert surface.get_bounding_rect().w > surface.get_width() // 2


def test_missing_glyph_check_can_fail() -> None:
    # the Japanese font has no Hangul: its rendering of 리 is the .notdef box the test above rejects
    font = fonts.get_font(32, script="jp")
    assert pygame.image.tobytes(font.render("리", True, (0, 0, 0)), "RGBA") == pygame.image.tobytes(
        font.render("\ue000", True, (0, 0, 0)), "RGBA"
    )


def test_script_for_picks_korean_for_hangul_or_the_korean_language() -> None:
    assert [fonts.script_for(text, lang) for text, lang in SAMPLES] == ["kr", "jp", "jp", "jp"]
    assert fonts.script_for("Riichi", "ko") == "kr"
    assert fonts.script_for("Riichi ㄱ", "en") == "kr"
    assert fonts.script_for("立直", "ja") == "jp"


@pytest.mark.parametrize(("text", "lang"), SAMPLES)
def test_bold_differs_from_regular(text: str, lang: str) -> None:
    regular = fonts.render_text(text, 28, (0, 0, 0), lang=lang)
    bold = fonts.render_text(text, 28, (0, 0, 0), bold=True, lang=lang)
    assert regular is not bold
    ink = [
        sum(surface.get_at((x, y)).a for x in range(surface.get_width()) for y in range(surface.get_height()))
        for surface in (regular, bold)
    ]
    assert ink[1] > ink[0] * 1.15, "bold strokes carry more ink"


def test_render_cache_returns_the_same_surface() -> None:
    first = fonts.render_text("ロン", 24, (250, 240, 200), lang="ja")
    assert fonts.render_text("ロン", 24, (250, 240, 200), lang="ja") is first
    assert fonts.render_text("ロン", 24, (250, 240, 201), lang="ja") is not first
    assert fonts.render_text("ロン", 25, (250, 240, 200), lang="ja") is not first
    assert fonts.get_font(24) is fonts.get_font(24)
    assert fonts.text_size("ロン", 24, lang="ja") == first.get_size()


def test_render_cache_is_a_bounded_lru(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "TEXT_CACHE_SIZE", 8)
    kept = fonts.render_text("kept", 20, (0, 0, 0))
    dropped = fonts.render_text("dropped", 20, (0, 0, 0))
    for i in range(7):
        fonts.render_text(str(i), 20, (0, 0, 0))
        assert fonts.render_text("kept", 20, (0, 0, 0)) is kept  # used again: stays the newest
    assert fonts.text_cache_info() == (8, 8)
    assert fonts.render_text("kept", 20, (0, 0, 0)) is kept
    assert fonts.render_text("dropped", 20, (0, 0, 0)) is not dropped, "the least recently used was evicted"
    for i in range(20):
        fonts.render_text(f"more {i}", 20, (0, 0, 0))
    assert fonts.text_cache_info() == (8, 8)


def test_a_missing_font_falls_back_to_the_default_font(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(script: str, bold: bool = False) -> None:
        raise fonts.FontError("no fonts here")

    monkeypatch.setattr(fonts, "font_file", broken)
    surface = fonts.render_text("Riichi", 24, (0, 0, 0))
    assert surface.get_bounding_rect().w > 0
    fonts.render_text("Tsumo", 24, (0, 0, 0), bold=True)
    assert [record.levelname for record in caplog.records] == ["WARNING"], "one warning, not one per call"


def test_build_without_the_dependency_is_a_font_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(fonts, "_source_root", lambda: None)
    monkeypatch.setattr(fonts, "FONTS_DIR", tmp_path)
    with pytest.raises(fonts.FontError, match="justmytype-intl-cjk"):
        fonts.font_file("kr")
    with pytest.raises(ValueError, match="unknown font script"):
        fonts.font_file("zh")


@pytest.mark.parametrize("fonts_present", [True, False])
def test_dev_py_builds_missing_fonts_on_a_current_venv(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fonts_present: bool
) -> None:
    python = tmp_path / "python"
    python.touch()
    stamp = tmp_path / ".dev-stamp"
    stamp.write_text(dev.setup_stamp() + "\n", encoding="utf-8")
    fonts_dir = tmp_path / "fonts"
    fonts_dir.mkdir()
    if fonts_present:
        for name in dev.FONT_FILES:
            (fonts_dir / name).touch()
    commands: list[list[str]] = []

    def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        commands.append(command)
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(dev, "venv_python", lambda: python)
    monkeypatch.setattr(dev, "STAMP", stamp)
    monkeypatch.setattr(dev, "FONTS_DIR", fonts_dir)
    monkeypatch.setattr(dev.subprocess, "run", run)
    assert dev.ensure_venv() == python
    assert commands == ([] if fonts_present else [[str(python), "-m", "graphics.fonts"]])


def test_dev_py_builds_fonts_after_installing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    python = tmp_path / "python"
    python.touch()
    commands: list[list[str]] = []

    def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        commands.append(command)
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(dev, "venv_python", lambda: python)
    monkeypatch.setattr(dev, "STAMP", tmp_path / ".dev-stamp")  # missing: a first run installs
    monkeypatch.setattr(dev.subprocess, "run", run)
    dev.ensure_venv()
    assert commands[0][1:4] == ["-m", "pip", "install"]
    assert commands[1:] == [[str(python), "-m", "graphics.fonts"]]


@pytest.mark.parametrize(
    ("text", "lang", "script"),
    [
        ("리치", "en", "kr"),
        ("Riichi", "ko", "kr"),
        ("Riichi", "en", "jp"),
        ("日本語", "ko", "jp"),  # the Korean font has no kanji or kana: a Japanese name shows in Korean UI
        ("リーチ 리치", "ja", "kr"),
        ("東", "ko", "jp"),
    ],
)
def test_script_for_picks_a_font_that_has_the_glyphs(text: str, lang: str, script: str) -> None:
    assert fonts.script_for(text, lang) == script
