"""Message catalogues: complete and consistent in every language, tr's lookup and fallback, and bad files."""

from __future__ import annotations

import dataclasses
import json
import logging
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai import LEVELS
from game.terms import ABORTIVE_KINDS, CHOICES, END_REASONS, PRESET_NAMES, YAKU_ORDER, RuleSet
from graphics import i18n
from rules.points import LIMIT_BASES
from rules.scoring import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI

ROOT = Path(__file__).resolve().parents[2]
GRAPHICS = ROOT / "graphics"
OTHERS = tuple(lang for lang in i18n.LANGUAGES if lang != "en")
# Values allowed to read the same in every script: a proper name written in Latin letters everywhere.
SAME_IN_EVERY_LANGUAGE = frozenset({"preset.kobalab"})
# Options of the new-game screen that are not RuleSet fields of the same name.
NON_FIELD_OPTIONS = frozenset({"preset", "local_yaku"})
# tr("literal key", ...) in source; a call whose first argument is not a string literal is not matched.
TR_CALL = re.compile(r"""\btr\(\s*(["'])([^"'\\]+)\1""")


@pytest.fixture(autouse=True)
def _fresh_state() -> Iterator[None]:
    """Each test starts in English with the real catalogues and no warnings given yet."""
    i18n.reload()
    i18n.set_language("en")
    yield
    i18n.reload()  # monkeypatch has put LOCALE_DIR back by now: drop the test's catalogues
    i18n.set_language("en")


def _use_catalogues(monkeypatch: pytest.MonkeyPatch, folder: Path, **catalogues: dict[str, str]) -> None:
    for lang, data in catalogues.items():
        (folder / f"{lang}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    i18n.reload()


# --- the real catalogues


@pytest.mark.parametrize("lang", OTHERS)
def test_every_language_has_exactly_the_english_keys(lang: str) -> None:
    english, other = i18n.keys("en"), i18n.keys(lang)
    assert sorted(english - other) == [], f"missing from {lang}.json"
    assert sorted(other - english) == [], f"in {lang}.json but not in en.json"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_empty_texts(lang: str) -> None:
    empty = [key for key, text in i18n.catalogue(lang).items() if not text.strip()]
    assert empty == []


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang: str) -> None:
    english = i18n.catalogue("en")
    other = i18n.catalogue(lang)
    different = {
        key: (sorted(i18n.template_fields(english[key])), sorted(i18n.template_fields(other[key])))
        for key in english
        if key in other and i18n.template_fields(english[key]) != i18n.template_fields(other[key])
    }
    assert different == {}


def _has_script(text: str, scripts: tuple[str, ...]) -> bool:
    return any(any(script in unicodedata.name(char, "") for script in scripts) for char in text)


@pytest.mark.parametrize(("lang", "scripts"), [("ko", ("HANGUL",)), ("ja", ("CJK", "HIRAGANA", "KATAKANA"))])
def test_texts_are_translated(lang: str, scripts: tuple[str, ...]) -> None:
    """Every text with words in it is written in the language's script (no English left behind)."""
    untranslated = []
    for key, text in i18n.catalogue(lang).items():
        words = re.sub(r"\{[^}]*\}", "", text)  # field names are English on purpose
        if key in SAME_IN_EVERY_LANGUAGE or not re.search("[A-Za-z]", words):
            continue  # numbers and signs only, e.g. an uma of "5-10"
        if not _has_script(words, scripts):
            untranslated.append(key)
    assert untranslated == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_files_are_sorted_with_two_space_indent(lang: str) -> None:
    """One canonical layout keeps diffs small when keys are added."""
    path = GRAPHICS / "locale" / f"{lang}.json"
    text = path.read_text(encoding="utf-8")
    canonical = json.dumps(json.loads(text), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    assert text == canonical, (
        f"{path.name} is not in canonical form: rewrite it with "
        "json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) plus a final newline"
    )


def test_every_yaku_has_a_name_and_a_description() -> None:
    missing = [
        f"{prefix}.{yaku}"
        for yaku in YAKU_ORDER
        for prefix in ("yaku", "yaku_desc")
        if not i18n.has_key(f"{prefix}.{yaku}")
    ]
    assert missing == []


def test_no_yaku_texts_for_unknown_ids() -> None:
    names = {key.split(".", 1)[1] for key in i18n.keys("en") if key.startswith(("yaku.", "yaku_desc."))}
    assert sorted(names - set(YAKU_ORDER)) == []


def test_rules_vocabulary_is_covered() -> None:
    wanted = [
        *(f"preset.{name}" for name in PRESET_NAMES),
        *(f"preset_desc.{name}" for name in PRESET_NAMES),
        *(f"abortive.{kind}" for kind in ABORTIVE_KINDS),
        *(f"abortive_desc.{kind}" for kind in ABORTIVE_KINDS),
        *(f"end.{reason}" for reason in END_REASONS),
        *(f"limit.{limit}" for limit in LIMIT_BASES),
        *(f"wait.{wait}" for wait in (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI)),
        *(f"level.{level}" for level in (*LEVELS, "human")),
        *(f"wind.{wind}" for wind in range(4)),
        *(f"seat_wind.{wind}" for wind in range(4)),
        *(f"action.{name}" for name in ("chi", "pon", "kan", "ankan", "daiminkan", "shouminkan", "riichi")),
        *(f"action.{name}" for name in ("tsumo", "ron", "kyuushu", "kita", "skip", "discard")),
        *(f"call.{name}" for name in ("chi", "pon", "kan", "riichi", "tsumo", "ron", "kita")),
        "draw.exhaustive",
        "draw.nagashi_mangan",
        "draw.abortive",
        "tenpai",
        "noten",
        "furiten",
        "dealer",
        "han",
        "fu",
        "points",
        "score.han_fu",
        "score.points",
        "yakuman_count",
        "round.label",
        "honba.label",
    ]
    assert [key for key in wanted if not i18n.has_key(key)] == []


def test_options_name_real_rules_and_label_every_choice() -> None:
    english = i18n.catalogue("en")
    fields = {field.name for field in dataclasses.fields(RuleSet)}
    options = {key.split(".")[1] for key in english if key.startswith("option.")}
    assert sorted(options - fields - NON_FIELD_OPTIONS) == []
    for name in sorted(options):
        assert f"option_desc.{name}" in english
        if name in CHOICES:
            unlabelled = [value for value in CHOICES[name] if f"option.{name}.{value}" not in english]
            assert unlabelled == [], name
    for name in (
        "game_length",
        "red_fives",
        "kuitan",
        "atozuke",
        "double_ron",
        "kan_dora_timing",
        "ura_dora",
    ):
        assert name in options
    for name in ("kuikae", "noten_payment_total", "start_points", "uma", "agari_yame", "bust"):
        assert name in options


def test_option_choice_labels_are_real_choices() -> None:
    """A label such as option.uma.<value> names a value the option can take."""
    for key in i18n.keys("en"):
        parts = key.split(".")
        if parts[0] == "option" and len(parts) == 3 and parts[1] in CHOICES:
            assert parts[2] in {str(choice) for choice in CHOICES[parts[1]]}, key


# --- tr


def test_tr_formats_named_fields_in_each_language() -> None:
    assert i18n.tr("score.han_fu", han=3, fu=40) == "3 han 40 fu"
    assert i18n.tr("round.label", wind=i18n.tr("wind.0"), kyoku=1) == "East 1"
    i18n.set_language("ko")
    assert i18n.tr("round.label", wind=i18n.tr("wind.0"), kyoku=1) == "동 1국"
    assert i18n.tr("yaku.tanyao") == "탕야오"
    i18n.set_language("ja")
    assert i18n.language() == "ja"
    assert i18n.tr("round.label", wind=i18n.tr("wind.1"), kyoku=2) == "南2局"
    assert i18n.tr("yaku.pinfu") == "平和"


def test_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'fr'"):
        i18n.set_language("fr")
    assert i18n.language() == "en"


def test_missing_key_falls_back_to_english_and_warns_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _use_catalogues(
        monkeypatch,
        tmp_path,
        en={"hello": "Hello {name}", "bye": "Bye"},
        ko={"bye": "안녕"},
        ja={"bye": "じゃ"},
    )
    i18n.set_language("ko")
    with caplog.at_level(logging.WARNING, logger="graphics.i18n"):
        assert i18n.tr("hello", name="Aki") == "Hello Aki"
        assert i18n.tr("hello", name="Bo") == "Hello Bo"
        assert i18n.tr("bye") == "안녕"
    warnings = [record.getMessage() for record in caplog.records]
    assert len(warnings) == 1
    assert "'hello'" in warnings[0]
    assert "'ko'" in warnings[0]


def test_key_missing_everywhere_shows_the_key_and_warns_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _use_catalogues(monkeypatch, tmp_path, en={"a": "A"}, ko={"a": "가"}, ja={"a": "ア"})
    i18n.set_language("ja")
    with caplog.at_level(logging.WARNING, logger="graphics.i18n"):
        assert i18n.tr("screen.nowhere") == "screen.nowhere"
        assert i18n.tr("screen.nowhere") == "screen.nowhere"
    assert len(caplog.records) == 1
    assert "'screen.nowhere'" in caplog.records[0].getMessage()
    assert not i18n.has_key("screen.nowhere")


def test_missing_field_value_names_key_and_field() -> None:
    with pytest.raises(KeyError, match=r"score\.han_fu.*\{fu\}"):
        i18n.tr("score.han_fu", han=2)


def test_catalogues_are_read_only() -> None:
    with pytest.raises(TypeError):
        i18n.catalogue("en")["han"] = "x"  # type: ignore[index]


# --- bad catalogue files


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"a": "A",}', "invalid JSON at line 1"),
        ('["a"]', "must be a JSON object"),
        ('{"a": 1}', "key 'a' must map to a string"),
        ('{"a": {"b": "c"}}', "key 'a' must map to a string"),
        ('{"a": "  "}', "key 'a' has an empty text"),
        ('{"a": "A", "a": "B"}', "key 'a' appears twice"),
        ('{"a": "{0} han"}', "key 'a': bad template"),
        ('{"a": "{han"}', "key 'a': bad template"),
    ],
)
def test_bad_catalogue_is_one_line_naming_file_and_problem(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "ko.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(i18n.CatalogueError) as error:
        i18n.load_catalogue(path)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith("ko.json: ")
    assert problem in message


def test_unreadable_catalogue_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "ja.json"
    path.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(i18n.CatalogueError, match=r"^ja\.json: cannot read"):
        i18n.load_catalogue(path)
    with pytest.raises(i18n.CatalogueError, match=r"^en\.json: cannot read"):
        i18n.load_catalogue(tmp_path / "en.json")


def test_bad_file_surfaces_through_tr(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _use_catalogues(monkeypatch, tmp_path, en={"a": "A"})
    (tmp_path / "ko.json").write_text("{", encoding="utf-8")
    i18n.set_language("ko")
    with pytest.raises(i18n.CatalogueError, match=r"^ko\.json: invalid JSON"):
        i18n.tr("a")


# --- keys used in the source


def _literal_keys(source: str) -> set[str]:
    return {match.group(2) for match in TR_CALL.finditer(source)}


def test_source_scan_finds_literal_keys_only() -> None:
    source = """
label = tr("action.pon")
text = i18n.tr('score.han_fu', han=1, fu=30)
other = tr(  "round.label",
    wind=w)
dynamic = tr(f"yaku.{name}")
variable = tr(key)
"""
    assert _literal_keys(source) == {"action.pon", "score.han_fu", "round.label"}


def test_every_literal_key_in_graphics_exists_in_english() -> None:
    missing = {}
    for path in sorted(GRAPHICS.rglob("*.py")):
        for key in _literal_keys(path.read_text(encoding="utf-8")):
            if not i18n.has_key(key):
                missing.setdefault(str(path.relative_to(ROOT)), []).append(key)
    assert missing == {}
