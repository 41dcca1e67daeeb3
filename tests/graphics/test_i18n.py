"""Message catalogues: complete and consistent in every language, tr's lookup and fallback, and bad files."""

from __future__ import annotations

import ast
import dataclasses
import json
import logging
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.advice import REASON_KEYS
from game.ai import LEVELS
from game.ai.danger import DANGER_REASONS
from game.coach import CALL_NAMES, DANGER_LEVELS
from game.drill_answers import FU_ITEMS as DRILL_FU_ITEMS
from game.drill_answers import WAIT_SHAPES
from game.drills import KINDS as DRILL_KINDS
from game.records import MATCH_STATUSES, SEAT_LEVELS
from game.rule_options import OPTIONS
from game.rule_text import SECTION_NAMES
from game.rule_text import options as rule_options
from game.schedule import FILLS, SEATINGS
from game.terms import (
    ABORTIVE_KINDS,
    CHOICES,
    END_REASONS,
    KAN_TYPES,
    PRESET_NAMES,
    YAKU_ORDER,
    MeldType,
    RuleSet,
)
from game.tutorial import LESSONS as TUTORIAL_LESSONS
from graphics import i18n
from graphics.screens import new_game, settings_screen, title, tournament_create, tournament_lobby
from graphics.screens import practice as practice_screen
from graphics.screens import records as records_screen
from graphics.screens import replay as replay_screen
from graphics.screens import review as review_screen
from graphics.screens import stats as stats_screen
from graphics.screens.layouts import CHIP_RESULT_COLUMNS
from graphics.screens.tournament_layouts import LIST_COLUMNS, STANDING_COLUMNS
from graphics.tiles import THEMES
from rules.points import LIMIT_BASES
from rules.scoring import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI

ROOT = Path(__file__).resolve().parents[2]
GRAPHICS = ROOT / "graphics"
OTHERS = tuple(lang for lang in i18n.LANGUAGES if lang != "en")
# Values allowed to read the same in every script: a proper name written in Latin letters everywhere.
SAME_IN_EVERY_LANGUAGE = frozenset({"preset.kobalab"})
# Options of the new-game screen that are not RuleSet fields of the same name.
NON_FIELD_OPTIONS = frozenset({"preset", "local_yaku"})


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


@pytest.mark.parametrize(
    ("points", "text"), [(12000, "+12,000"), (-3500, "-3,500"), (300, "+300"), (0, "±0")]
)
def test_a_difference_of_points_is_always_signed_and_zero_is_plus_minus(points: int, text: str) -> None:
    assert i18n.signed_points(points) == text


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
#
# The code shows a catalogue key in four ways, and the scan below finds each: a literal first argument of the
# translation function (``tr``, ``i18n.tr`` or any alias of them), a key-shaped literal whose first part is a
# catalogue namespace (keys kept in tuples, dicts and dataclass fields until shown, e.g. the action buttons),
# a module-level constant holding one key (``REASON_KUIKAE = "reason.kuikae"``), and an f-string that builds
# one (``f"yaku.{name}"``), whose possible values KEY_PATTERNS enumerates from the code's own lists.


def _rule_choices() -> tuple[str, ...]:
    """Each value of a choice-valued rule option as game.rule_text names it: "<option>.<value>"."""
    return tuple(
        f"{name}.{value}" for name, values in CHOICES.items() for value in values if isinstance(value, str)
    )


def _place_counts() -> tuple[str, ...]:
    return tuple(f"place_{n}" for n in range(1, 5))  # one column per place: 3 or 4 players


# Every f-string key pattern of the code ("{}" for each field) with the values its fields can take. A pattern
# the scan finds but this table lacks fails the test: add its values from the list the code draws them from.
KEY_PATTERNS: dict[str, tuple[object, ...]] = {
    "abortive.{}": ABORTIVE_KINDS,
    "wait.{}": WAIT_SHAPES,  # the drills' wait shapes (game.drill_answers)
    "action.{}": CALL_NAMES,  # the coach's call reasons (graphics.coach_panel)
    "coach.danger.{}": tuple(range(len(DANGER_LEVELS) + 1)),
    "coach.reason.{}": tuple(reason for reason in DANGER_REASONS if reason != "none"),  # "none" shows none
    "call.{}": tuple({"kan" if kind in KAN_TYPES else kind.value for kind in MeldType}),  # graphics.presenter
    "level.{}": LEVELS,  # the demo's AI level
    "limit.{}": LIMIT_BASES,
    "newgame.length.{}": new_game.GAME_LENGTHS,
    "newgame.level.{}": new_game.LEVELS,
    "option.{}": OPTIONS,
    "option.players.{}": new_game.PLAYER_COUNTS,
    "option.uma.{}": CHOICES["uma"],
    "option_desc.{}": OPTIONS,
    "preset.{}": PRESET_NAMES,
    "preset_desc.{}": PRESET_NAMES,
    "results.{}": CHIP_RESULT_COLUMNS,  # RESULT_COLUMNS and the chips column
    # game.rule_text: every option's name, and each choice of a choice-valued option as "<option>.<value>"
    "rule.{}": (*rule_options(), *_rule_choices()),
    "rule_section.{}": SECTION_NAMES,
    "review.action.{}": review_screen.ACTION_KINDS,
    "review.action.{}_tile": review_screen.TILE_ACTIONS,
    "review.honor.{}": tuple(range(len(review_screen.HONOR_NAMES))),
    "replay.button.{}": replay_screen.TRANSPORT,
    "records.{}": records_screen.ENTRIES,
    "records.{}_desc": records_screen.ENTRIES,
    "stats.figure.{}": stats_screen.FIGURES,
    "stats.place_{}": range(1, 5),  # the places of a 3- or 4-player table
    "settings.{}": settings_screen.TOGGLES,
    "settings.theme.{}": THEMES,
    "title.{}": title.MENU,
    "tournament.create.hint_{}": (
        *(name for name in tournament_create.HINTED if name != "seating"),  # seating's hint names the kind
        "general",
        *(f"seating_{seating}" for seating in SEATINGS),
    ),
    "tournament.fill.{}": FILLS,
    "tournament.level.{}": (*SEAT_LEVELS, "house"),
    "tournament.list.{}": LIST_COLUMNS,
    "tournament.lobby.{}": tournament_lobby.LOBBY_ACTIONS,
    "tournament.round_state.{}": tournament_lobby.ROUND_STATES,
    "tournament.seating.{}": SEATINGS,
    "tournament.standings.{}": (*(c for c in STANDING_COLUMNS if c != "places"), *_place_counts()),
    # a match's status on a lobby card, and a tournament's ("running" or "finished") in the list
    "tournament.status.{}": (*MATCH_STATUSES, "running"),
    "wind.{}": range(4),
    "drill.ask.{}": DRILL_KINDS,
    "drill.fu_item.{}": DRILL_FU_ITEMS,  # every item game.drills.fu_items names
    "drill.kind.{}": DRILL_KINDS,
    "tutorial.step.{}": tuple(lesson.key for lesson in TUTORIAL_LESSONS),
    "drill.riichi_{}": ("right", "opposite", "left"),  # the seats a riichi sits at, from the player
    "practice.{}": practice_screen.EXTRAS,
    "yaku.{}": YAKU_ORDER,
    "yaku_desc.{}": YAKU_ORDER,
}
SOURCES = (ROOT / "game", GRAPHICS, ROOT / "main.py")  # main.py is only read
KEY_SHAPE = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")
PATTERN_SHAPE = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_{}]+)+")
FILE_SUFFIXES = frozenset({"json", "sqlite3", "csv", "html", "png", "py", "txt", "gz", "log"})  # file names
I18N_MODULE = "graphics.i18n"


@dataclasses.dataclass
class SourceKeys:
    """What a scan found: each key and each f-string pattern with the places ("file:line") it appears."""

    keys: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    patterns: dict[str, set[str]] = dataclasses.field(default_factory=dict)

    def add_key(self, key: str, place: str) -> None:
        self.keys.setdefault(key, set()).add(place)

    def add_pattern(self, pattern: str, place: str) -> None:
        self.patterns.setdefault(pattern, set()).add(place)


def _is_key(text: str) -> bool:
    return KEY_SHAPE.fullmatch(text) is not None and text.rsplit(".", 1)[1] not in FILE_SUFFIXES


def _pattern_of(node: ast.JoinedStr) -> str | None:
    """An f-string as a key pattern ("yaku.{}"), or None when it does not build a key."""
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(value.value.replace("{", "{{").replace("}", "}}"))
        else:
            parts.append("{}")
    pattern = "".join(parts)
    return pattern if PATTERN_SHAPE.fullmatch(pattern) and "." in pattern.split("{")[0] else None


def _translators(tree: ast.Module, module: str) -> tuple[set[str], set[str]]:
    """The names that call the translation function directly, and the names bound to the i18n module."""
    package = module.rsplit(".", 1)[0]
    functions, modules = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:  # a relative import: resolve it against this module's package
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                source = f"{base}.{source}" if source else base
            for alias in node.names:
                if source == I18N_MODULE and alias.name == "tr":
                    functions.add(alias.asname or alias.name)
                elif f"{source}.{alias.name}" == I18N_MODULE:
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == I18N_MODULE and alias.asname:
                    modules.add(alias.asname)
    for _ in range(2):  # aliases of aliases: ``t = tr``, ``_ = i18n.tr``
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and _is_translator(node.value, functions, modules):
                functions.update(target.id for target in node.targets if isinstance(target, ast.Name))
    return functions, modules


def _is_translator(node: ast.expr, functions: set[str], modules: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in functions
    if isinstance(node, ast.Attribute) and node.attr == "tr":
        value = node.value
        if isinstance(value, ast.Name):
            return value.id in modules
        return ast.unparse(value) == I18N_MODULE  # graphics.i18n.tr(...)
    return False


def _bindings(scope: ast.AST, name: str) -> list[ast.expr]:
    """The expressions that give ``name`` its values in ``scope``: assigned values and iterated sequences."""
    found: list[ast.expr] = []

    def binds(target: ast.expr) -> bool:
        return any(isinstance(node, ast.Name) and node.id == name for node in ast.walk(target))

    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            if any(binds(target) for target in node.targets):
                found.append(node.value)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            if node.value is not None and binds(node.target):
                found.append(node.value)
        elif isinstance(node, ast.For | ast.comprehension) and binds(node.target):
            found.append(node.iter)
    return found


def _argument_keys(node: ast.expr, scope: ast.AST, place: str, found: SourceKeys, depth: int = 0) -> None:
    """The keys a translation call's argument can hold: literals, both sides of a choice, f-string patterns,
    and the key-shaped literals a local name is given (followed through a name or two)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        found.add_key(node.value, place)
    elif isinstance(node, ast.JoinedStr):
        pattern = _pattern_of(node)
        if pattern is not None:
            found.add_pattern(pattern, place)
    elif isinstance(node, ast.IfExp):
        _argument_keys(node.body, scope, place, found, depth)
        _argument_keys(node.orelse, scope, place, found, depth)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            _argument_keys(value, scope, place, found, depth)
    elif isinstance(node, ast.Name) and depth < 3:
        for value in _bindings(scope, node.id):
            for inner in ast.walk(value):
                if isinstance(inner, ast.Constant) and isinstance(inner.value, str) and _is_key(inner.value):
                    found.add_key(inner.value, place)
                elif isinstance(inner, ast.Name) and inner.id != node.id:
                    _argument_keys(inner, scope, place, found, depth + 1)


def scan_source(source: str, module: str, namespaces: frozenset[str], found: SourceKeys) -> None:
    """Add the keys and key patterns of one module's source to ``found`` (``module`` names it: a.b.c)."""
    tree = ast.parse(source)
    functions, modules = _translators(tree, module)
    where = module.replace(".", "/") + ".py"
    scopes: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]  # (node, the function or module it is in)
    in_fstring: set[int] = set()
    while scopes:
        node, scope = scopes.pop()
        place = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Call) and _is_translator(node.func, functions, modules):
            key = (
                node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "key"), None)
            )
            if key is not None:
                _argument_keys(key, scope, place, found)
        elif isinstance(node, ast.JoinedStr):
            in_fstring.update(id(value) for value in node.values)
            pattern = _pattern_of(node)
            if pattern is not None:
                found.add_pattern(pattern, place)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in in_fstring
            and _is_key(node.value)
            and node.value.split(".", 1)[0] in namespaces
        ):
            found.add_key(node.value, place)
        inner = node if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) else scope
        scopes.extend((child, inner) for child in ast.iter_child_nodes(node))
    for statement in tree.body:  # module-level constants holding one key each
        value = statement.value if isinstance(statement, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str) and _is_key(value.value):
            found.add_key(value.value, f"{where}:{statement.lineno}")


def namespaces() -> frozenset[str]:
    """The first parts of the English keys: "yaku", "table", "action"..."""
    return frozenset(key.split(".", 1)[0] for key in i18n.keys("en"))


def source_keys() -> SourceKeys:
    """Every key and key pattern in game/, graphics/ and main.py."""
    found = SourceKeys()
    spaces = namespaces()
    for root in SOURCES:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            scan_source(path.read_text(encoding="utf-8"), module, spaces, found)
    return found


def shown_keys(found: SourceKeys) -> dict[str, set[str]]:
    """The keys found plus every value of every enumerated pattern, each with its places."""
    keys = {key: set(places) for key, places in found.keys.items()}
    for pattern, places in found.patterns.items():
        for value in KEY_PATTERNS.get(pattern, ()):
            keys.setdefault(pattern.format(value), set()).update(places)
    return keys


def test_source_scan_finds_every_way_of_naming_a_key() -> None:
    source = """
from graphics.i18n import tr
from graphics.i18n import tr as translate
from graphics import i18n
import graphics.i18n as texts

REASON_ONE = "reason.one"
NOT_A_KEY = "new_game.json"
MODULES = {"title": "graphics.screens.title"}
say = i18n.tr

def show(flag, name, button):
    a = tr("action.pon")
    b = i18n.tr('score.han_fu', han=1, fu=30)
    c = translate(  "brand.new",
        wind=1)
    d = texts.tr("other.key")
    e = say("aliased.key")
    f = tr(f"yaku.{name}")
    g = tr("first.choice" if flag else "second.choice")
    key = "local.one" if flag else "local.two"
    h = tr(key)
    for label, _ in (("looped.one", 1), ("looped.two", 2)):
        tr(label)
    tr(button.label_key)
    tr(f"free text {name}")
    rows = [("table.resume", 1), ("settings.json", 2)]
    return f"call.{name}"
"""
    found = SourceKeys()
    scan_source(source, "graphics.sample", frozenset({"table", "settings", "yaku", "call"}), found)
    assert set(found.keys) == {
        "action.pon",
        "score.han_fu",
        "brand.new",
        "other.key",
        "aliased.key",
        "first.choice",
        "second.choice",
        "local.one",
        "local.two",
        "looped.one",
        "looped.two",
        "table.resume",
        "reason.one",
    }
    assert set(found.patterns) == {"yaku.{}", "call.{}"}
    assert found.keys["brand.new"] == {"graphics/sample.py:15"}


def test_relative_imports_of_tr_are_found() -> None:
    found = SourceKeys()
    scan_source("from ..i18n import tr as t\nt('nested.key')\n", "graphics.screens.x", frozenset(), found)
    scan_source("from .. import i18n\ni18n.tr('other.key')\n", "graphics.screens.y", frozenset(), found)
    assert set(found.keys) == {"nested.key", "other.key"}


def test_the_scan_sees_the_code_it_must() -> None:
    """A sanity check on the real source: the ways of naming keys the code uses are all seen."""
    found = source_keys()
    assert {"action.pon", "table.first_dealer", "call.riichi", "keys.move", *REASON_KEYS} <= set(found.keys)
    assert {"yaku.{}", "call.{}", "tournament.create.hint_{}"} <= set(found.patterns)


def test_every_key_pattern_in_the_source_is_enumerated() -> None:
    patterns = source_keys().patterns
    unknown = {pattern: sorted(places) for pattern, places in patterns.items() if pattern not in KEY_PATTERNS}
    assert unknown == {}, "add these f-string keys' values to KEY_PATTERNS"
    assert sorted(set(KEY_PATTERNS) - set(patterns)) == [], (
        "KEY_PATTERNS lists patterns the code no longer has"
    )


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_key_the_code_can_show_is_in_every_catalogue(lang: str) -> None:
    catalogue = i18n.catalogue(lang)
    missing = {
        key: sorted(places) for key, places in shown_keys(source_keys()).items() if key not in catalogue
    }
    assert missing == {}, f"missing from {lang}.json"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_reason_a_discard_is_refused_has_a_text(lang: str) -> None:
    assert [key for key in REASON_KEYS if key not in i18n.catalogue(lang)] == []


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_a_limit_hand_names_han_and_fu_in_the_same_order_as_any_other(lang: str) -> None:
    i18n.set_language(lang)
    try:
        plain = i18n.tr("score.han_fu", han=6, fu=30)
        limit = i18n.tr("score.han_fu_limit", han=6, fu=30, limit=i18n.tr("limit.haneman"))
    finally:
        i18n.set_language("en")
    assert limit.startswith(plain), (plain, limit)  # was "30 fu 6 han · Haneman" beside "2 han 40 fu"
