"""The hand calculator command: JSON Lines of hands in, one JSON result (or error) per line out.

Each request is checked field by field so a bad line says what is wrong and where, and never stops the run:
lines are read as bytes and decoded one by one, so even a line that is not UTF-8, not JSON, too long or too
deeply nested is one ``{"error": ...}`` naming its line number.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from game.safe_json import JsonError
from game.safe_json import loads as load_json
from rules.chips import chip_counts
from rules.meld import Meld, MeldError, MeldType
from rules.ruleset import RuleSet, RuleSetError, preset
from rules.scoring import HandError, HandValue, WinSituation, score_hand
from rules.tiles import (
    FIVES,
    FLOWER_SUIT,
    KIND_COUNT,
    WIND_LETTERS,
    NotationError,
    assign_ids,
    kind_name,
    parse_flowers,
    parse_kinds,
    split_flowers,
    tile_name,
)

_BOOL_FIELDS = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
)
_INT_FIELDS = ("honba", "riichi_sticks", "kita")
_KNOWN_FIELDS = frozenset(
    (
        *_BOOL_FIELDS,
        *_INT_FIELDS,
        "flowers",
        "hand",
        "melds",
        "win_tile",
        "from",
        "seat_wind",
        "round_wind",
        "dora_indicators",
        "ura_indicators",
        "players",
        "ruleset",
        "rules",
    )
)
_MELD_FIELDS = frozenset(("type", "tiles", "from", "called"))
MAX_LINE_BYTES = 1024 * 1024  # a request is a few hundred bytes; a longer line is refused unread


class RequestError(ValueError):
    """A request field that is missing, of the wrong type, or out of range."""


def score_request(request: object) -> dict[str, Any]:
    """Score one decoded request; any problem becomes ``{"error": "<why>"}``."""
    try:
        return _score(request)
    except (RequestError, NotationError, MeldError, RuleSetError, HandError) as error:
        return {"error": _printable(str(error))}


def _printable(text: str, limit: int = 300) -> str:
    """An error as one printable line of bounded length: it may quote any text of the request, even lone
    surrogates and control characters, which are written as escapes."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def score_line(line: str | bytes, number: int = 1) -> dict[str, Any]:
    """Score one request line (text, or bytes that should be UTF-8), the ``number``-th of the input.

    >>> score_line('{"hand": ', 3)
    {'error': 'line 3: not valid JSON at column 10: Expecting value'}
    >>> score_line(b'{"hand": "\\xff"}', 4)
    {'error': 'line 4: not UTF-8 text (byte 11)'}
    """
    where = f"line {number}"
    if not line.strip():
        return {"error": f"{where}: empty line"}
    try:
        # without its line ending, so that a line cut short is "unterminated", not "a control character"
        text = line.rstrip(b"\r\n") if isinstance(line, bytes) else line.rstrip("\r\n")
        request = load_json(text, where, max_bytes=MAX_LINE_BYTES, one_line=True)
    except JsonError as error:
        return {"error": str(error)}
    return score_request(request)


def run(stream_in: IO[bytes] | IO[str], stream_out: IO[str]) -> int:
    """Answer every line of ``stream_in`` (bytes, or text) on ``stream_out`` in order; returns the exit status
    (always 0). A line longer than MAX_LINE_BYTES is skipped unread and answered with an error."""
    number = 0
    while True:
        line = stream_in.readline(MAX_LINE_BYTES + 1)
        if not line:
            return 0
        number += 1
        if len(line) > MAX_LINE_BYTES:
            _skip_rest_of_line(stream_in, line)
            result: dict[str, Any] = {"error": f"line {number}: longer than {MAX_LINE_BYTES} bytes"}
        else:
            result = score_line(line, number)
        stream_out.write(_dumps(result) + "\n")
        stream_out.flush()


def _skip_rest_of_line(stream: IO[bytes] | IO[str], start: str | bytes) -> None:
    """Read past the end of an overlong line whose ``start`` was read, a bounded piece at a time."""
    piece = start
    while piece and piece[-1:] not in ("\n", b"\n"):
        piece = stream.readline(MAX_LINE_BYTES + 1)


def _dumps(result: dict[str, Any]) -> str:
    """One JSON answer line; escaped to ASCII if the answer quotes text UTF-8 cannot hold (a lone surrogate
    from a request's \\ud800 escape), so writing it never fails."""
    text = json.dumps(result, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(result)
    return text


def _score(request: object) -> dict[str, Any]:
    value, hand, melds, situation, rules = _scored(request)
    answer = value_json(value)
    if rules.chips:
        chips = chip_counts(value, hand, melds, situation, rules).total
        answer["chips"] = {"from_each": chips} if situation.is_tsumo else {"from_discarder": chips}
    return answer


def value_json(value: HandValue) -> dict[str, Any]:
    """A hand value as the score command answers it."""
    return {
        "han": value.han,
        "fu": value.fu,
        "yakuman": value.yakuman,
        "limit": value.limit,
        "points": value.points,
        "payments": value.payments.as_dict(),
        "winner_gain": value.winner_gain,
        "yaku": [[name, han] for name, han in value.yaku],
    }


def score_value(request: object) -> HandValue:
    """The scorer's value of one decoded request (what ``score_request`` reports); RequestError,
    NotationError, MeldError, RuleSetError or HandError when it cannot be scored."""
    return _scored(request)[0]


def _scored(request: object) -> tuple[HandValue, tuple[int, ...], list[Meld], WinSituation, RuleSet]:
    """The value of one decoded request with what it was scored from: the concealed tiles (the winning tile
    included), the melds, the situation and the rule set."""
    if not isinstance(request, dict):
        raise RequestError("a request must be a JSON object")
    unknown = sorted(set(request) - _KNOWN_FIELDS)
    if unknown:
        raise RequestError(f"unknown field '{unknown[0]}'")
    rules = _rules(request)
    if "hand" not in request:
        raise RequestError("missing field 'hand'")
    if "win_tile" not in request:
        raise RequestError("missing field 'win_tile'")
    hand_kinds = _kinds(request, "hand")
    win_kinds = _kinds(request, "win_tile")
    if len(win_kinds) != 1:
        raise RequestError(f"win_tile must be one tile, got {len(win_kinds)}")
    meld_specs = _meld_specs(request)
    dora_flowers = _flower_indicators(request, "dora_indicators")
    ura_flowers = _flower_indicators(request, "ura_indicators")
    dora_kinds = _kinds(request, "dora_indicators", required=False)
    ura_kinds = _kinds(request, "ura_indicators", required=False)

    tile_total = len(hand_kinds) + 3 * len(meld_specs)
    if tile_total != 14:
        raise RequestError(f"a hand needs 14 tiles with its melds, got {tile_total}")
    win_kind, win_red = win_kinds[0]
    if (win_kind, win_red) not in hand_kinds:
        raise RequestError(f"win_tile {_name(win_kind, win_red)} is not in hand")

    # One id space for everything visible, so copies are counted across hand, melds and indicators.
    everything = list(hand_kinds)
    for _, meld_kinds, _ in meld_specs:
        everything.extend(meld_kinds)
    everything.extend(dora_kinds)
    everything.extend(ura_kinds)
    _check_red_fives(everything, rules)
    ids = assign_ids(everything)
    hand_ids = ids[: len(hand_kinds)]
    position = len(hand_kinds)
    melds: list[Meld] = []
    for index, (meld_type, meld_kinds, spec) in enumerate(meld_specs):
        meld_ids = ids[position : position + len(meld_kinds)]
        position += len(meld_kinds)
        melds.append(_meld(index, meld_type, meld_kinds, meld_ids, spec))
    dora_ids = (*ids[position : position + len(dora_kinds)], *dora_flowers)
    ura_ids = (*ids[position + len(dora_kinds) :], *ura_flowers)
    win_tile = hand_ids[hand_kinds.index((win_kind, win_red))]

    flags = {name: _bool(request, name) for name in _BOOL_FIELDS}
    discarder = request.get("from")
    if discarder is not None and (isinstance(discarder, bool) or discarder not in (1, 2, 3)):
        raise RequestError(f"field 'from' must be 1, 2 or 3, got {discarder!r}")
    situation = WinSituation(
        win_tile=win_tile,
        is_tsumo=flags.pop("tsumo"),
        discarder=discarder,
        seat_wind=_wind(request, "seat_wind"),
        round_wind=_wind(request, "round_wind"),
        dora_indicators=dora_ids,
        ura_indicators=ura_ids,
        honba=_int(request, "honba"),
        riichi_sticks=_int(request, "riichi_sticks"),
        kita=_int(request, "kita"),
        flowers=_flowers(request, (*dora_flowers, *ura_flowers)),
        **flags,
    )
    return score_hand(hand_ids, melds, situation, rules), hand_ids, melds, situation, rules


def _rules(request: Mapping[str, Any]) -> RuleSet:
    name = request.get("ruleset", "standard")
    if not isinstance(name, str):
        raise RequestError("field 'ruleset' must be a preset name")
    rules = preset(name)
    overrides = request.get("rules", {})
    if not isinstance(overrides, dict):
        raise RequestError("field 'rules' must be an object of option overrides")
    if "players" in request:
        players = request["players"]
        if players not in (3, 4) or isinstance(players, bool):
            raise RequestError(f"field 'players' must be 3 or 4, got {players!r}")
        overrides = {**overrides, "players": players}
    return rules.with_overrides(overrides)


def _flowers(request: Mapping[str, Any], indicators: tuple[int, ...]) -> int:
    """How many flowers are set aside: a whole number, or the flowers written out ("13f")."""
    value = request.get("flowers", 0)
    if isinstance(value, str):
        try:
            flowers = parse_flowers(value)
        except NotationError as error:
            raise NotationError(f"flowers: {error}") from None
        shown = sorted(set(flowers) & set(indicators))
        if shown:
            raise RequestError(
                f"flowers: {tile_name(shown[0])} is also a dora indicator (there is one of each)"
            )
        return len(flowers)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:
        raise RequestError(
            f"field 'flowers' must be a whole number from 0 to 4 or flowers like \"13f\", got {value!r}"
        )
    return value


def _flower_indicators(request: Mapping[str, Any], name: str) -> tuple[int, ...]:
    """The flowers among an indicator field's tiles (the flowers option); the rest is read as kinds."""
    text = request.get(name, "")
    if not isinstance(text, str) or FLOWER_SUIT not in text:
        return ()
    try:
        flowers, _ = split_flowers(text)
    except NotationError as error:
        raise NotationError(f"{name}: {error}") from None
    return flowers


def _kinds(request: Mapping[str, Any], name: str, required: bool = True) -> list[tuple[int, bool]]:
    text = request.get(name, "" if not required else None)
    if not isinstance(text, str):
        raise RequestError(f"field '{name}' must be tiles in mpsz notation")
    if name in ("dora_indicators", "ura_indicators") and FLOWER_SUIT in text:
        text = split_flowers(text)[1]
    try:
        kinds = parse_kinds(text)
    except NotationError as error:
        raise NotationError(f"{name}: {error}") from None
    _check_copies(kinds, name)
    return kinds


def _check_copies(kinds: list[tuple[int, bool]], where: str) -> None:
    counts = [0] * KIND_COUNT
    for kind, _ in kinds:
        counts[kind] += 1
        if counts[kind] > 4:
            raise NotationError(f"{where}: 5 copies of {kind_name(kind)}")


def _meld_specs(request: Mapping[str, Any]) -> list[tuple[MeldType, list[tuple[int, bool]], dict[str, Any]]]:
    melds = request.get("melds", [])
    if not isinstance(melds, list):
        raise RequestError("field 'melds' must be a list")
    if len(melds) > 4:
        raise RequestError(f"a hand has at most 4 melds, got {len(melds)}")
    specs = []
    for index, spec in enumerate(melds):
        where = f"melds[{index}]"
        if not isinstance(spec, dict):
            raise RequestError(f"{where} must be an object")
        unknown = sorted(set(spec) - _MELD_FIELDS)
        if unknown:
            raise RequestError(f"{where}: unknown field '{unknown[0]}'")
        try:
            meld_type = MeldType(spec.get("type"))
        except ValueError:
            raise RequestError(
                f"{where}.type must be chi, pon, daiminkan, shouminkan or ankan, got {spec.get('type')!r}"
            ) from None
        tiles = spec.get("tiles")
        if not isinstance(tiles, str):
            raise RequestError(f"{where}.tiles must be tiles in mpsz notation")
        try:
            kinds = parse_kinds(tiles)
        except NotationError as error:
            raise NotationError(f"{where}.tiles: {error}") from None
        _check_copies(kinds, f"{where}.tiles")
        specs.append((meld_type, kinds, spec))
    return specs


def _meld(
    index: int, meld_type: MeldType, kinds: list[tuple[int, bool]], ids: tuple[int, ...], spec: dict[str, Any]
) -> Meld:
    where = f"melds[{index}]"
    source = spec.get("from")
    if meld_type is MeldType.ANKAN:
        if source is not None:
            raise RequestError(f"{where}: an ankan has no 'from'")
    elif source is None:
        raise RequestError(f"{where}: a {meld_type.value} needs 'from' (1 right, 2 opposite, 3 left)")
    elif isinstance(source, bool) or source not in (1, 2, 3):
        raise RequestError(f"{where}.from must be 1, 2 or 3, got {source!r}")
    called_id: int | None = None
    called = spec.get("called")
    if called is not None:
        if not isinstance(called, str):
            raise RequestError(f"{where}.called must be one tile in mpsz notation")
        try:
            called_kinds = parse_kinds(called)
        except NotationError as error:
            raise NotationError(f"{where}.called: {error}") from None
        if len(called_kinds) != 1:
            raise RequestError(f"{where}.called must be one tile, got {len(called_kinds)}")
        if called_kinds[0] not in kinds:
            raise RequestError(f"{where}.called {_name(*called_kinds[0])} is not one of the meld's tiles")
        called_id = ids[kinds.index(called_kinds[0])]
    try:
        return Meld(meld_type, ids, called=called_id, from_seat=source)
    except MeldError as error:
        raise MeldError(f"{where}: {error}") from None


def _check_red_fives(kinds: list[tuple[int, bool]], rules: RuleSet) -> None:
    counts = [0] * KIND_COUNT
    reds = [0] * KIND_COUNT
    for kind, red in kinds:
        counts[kind] += 1
        reds[kind] += red
    for kind, count in enumerate(counts):
        if count > 4:
            raise RequestError(f"5 copies of {kind_name(kind)}")
    for suit, five in enumerate(FIVES):
        allowed = rules.red_fives[suit]
        if reds[five] > allowed:
            raise RequestError(
                f"{reds[five]} red {kind_name(five)} but rule set '{rules.name}' has {allowed} in that suit"
            )
        if counts[five] - reds[five] > 4 - allowed:
            raise RequestError(
                f"{counts[five] - reds[five]} plain {kind_name(five)} but {allowed} of the four are red "
                f"under the rule set '{rules.name}' (write red fives as 0)"
            )


def _bool(request: Mapping[str, Any], name: str) -> bool:
    value = request.get(name, False)
    if not isinstance(value, bool):
        raise RequestError(f"field '{name}' must be true or false, got {value!r}")
    return value


def _int(request: Mapping[str, Any], name: str) -> int:
    value = request.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RequestError(f"field '{name}' must be a whole number >= 0, got {value!r}")
    return value


def _wind(request: Mapping[str, Any], name: str) -> int:
    value = request.get(name, "E")
    if not isinstance(value, str) or len(value) != 1 or value not in WIND_LETTERS:
        raise RequestError(f'field \'{name}\' must be one of "E" "S" "W" "N", got {value!r}')
    return WIND_LETTERS.index(value)


def _name(kind: int, red: bool) -> str:
    return f"0{kind_name(kind)[1]}" if red else kind_name(kind)
