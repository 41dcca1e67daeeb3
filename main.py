"""Composition root: parses the command line and starts the game window or a command-line tool.

pygame is imported only inside the commands that need it, so `score` runs without it. Ctrl-C and SIGTERM end
every command quietly with exit status 130 and 143 (see install_signal_handlers).
"""

import os
import signal
import sys

if __name__ == "__main__":  # the very first thing: a stop signal during start-up ends it quietly too

    def _quiet_exit(signum: int, frame: object) -> None:
        # nothing to clean up yet, and an exception raised inside an import can come out as another one
        os._exit(128 + signum)  # until run_program puts on_stop_signal in place

    for _signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(_signum) is not signal.SIG_IGN:
            signal.signal(_signum, _quiet_exit)

import _thread
import argparse
import io
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

if TYPE_CHECKING:
    from game.terms import RuleSet
    from graphics.app import App, Scene

# pygame prints a banner on import; the commands' output (capture, demo) stays theirs alone
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_size(text: str, smallest: tuple[int, int] = (16, 16)) -> tuple[int, int]:
    """Read an image size written WIDTHxHEIGHT, e.g. 1280x720, from `smallest` to 8192x8192."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}") from None
    low_width, low_height = smallest
    if not (low_width <= width <= 8192 and low_height <= height <= 8192):
        raise argparse.ArgumentTypeError(f"size {text!r} is outside {low_width}x{low_height} .. 8192x8192")
    return width, height


def parse_window_size(text: str) -> tuple[int, int]:
    """Read a window size, from 640x400 (the smallest window the game lays out, as graphics/settings.py
    checks) to 8192x8192."""
    return parse_size(text, SMALLEST_WINDOW)


SEED_MAX = 2**63 - 1
"""The largest seed any command takes (a 64-bit signed whole number, as the records database keeps it)."""
ID_MAX = 2**63 - 1
"""The largest tournament id (SQLite's largest integer)."""
SMALLEST_WINDOW = (640, 400)  # play and demo --size, as graphics/settings.py's window setting
MAX_FRAMES = 1_000_000  # play --frames: over four hours at 60 frames a second
MAX_CAPTURE_S = 600  # capture --time: ten minutes of animation, 18,000 steps
MAX_LOG_MB = 4096  # verify-log --max-size, as game/verify.py's MAX_SIZE_LIMIT_MB
MAX_GAMES = 1_000_000  # simulate --games
MAX_JOBS = 256  # simulate --jobs
MAX_MJAI_TIMEOUT_S = 3600  # simulate --mjai-timeout


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`; outside is one usage line naming the range.

    >>> whole_number(1, 9)("3")
    3
    """

    def convert(text: str) -> int:
        value = int(text)  # a ValueError is argparse's own "invalid int value: 'x'"
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, got {text}")
        return value

    convert.__name__ = "int"
    return convert


def real_number(low: float, high: float, unit: str, *, above: bool = False) -> Callable[[str], float]:
    """An argparse type: a number from `low` (or, with `above`, more than `low`) to `high` `unit`; nan and
    infinity are outside.

    >>> real_number(0, 600, "seconds")("2.5")
    2.5
    """

    def convert(text: str) -> float:
        value = float(text)  # a ValueError is argparse's own "invalid float value: 'x'"
        if not ((low < value) if above else (low <= value)) or not value <= high:
            lower = f"more than {low:g} and at most" if above else f"{low:g} to"
            raise argparse.ArgumentTypeError(f"must be {lower} {high:g} {unit}, got {text}")
        return value

    convert.__name__ = "float"
    return convert


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (the command and what is wrong), exit status 2."""

    def error(self, message: str) -> "NoReturn":
        """Print one line naming the command and the problem, then exit 2."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface: play (default), score, verify-log, capture, simulate, mjai-bot, demo and
    selftest."""
    parser = OneLineParser(description="Riichi Mahjong: an offline riichi mahjong game.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    play = commands.add_parser("play", help="open the game window (the default command)")
    play.add_argument(
        "--size", type=parse_window_size, help="window size (default: the saved setting, 1280x720)"
    )
    play.add_argument(
        "--frames",
        type=whole_number(1, MAX_FRAMES),
        metavar="N",
        help=f"quit after drawing N frames, 1 to {MAX_FRAMES} (startup timing, smoke tests)",
    )
    score = commands.add_parser(
        "score",
        help="score hands: JSON Lines in, one JSON result per line out",
        description=score_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    score.add_argument("--input", metavar="FILE", help="read requests from FILE instead of standard input")
    verify = commands.add_parser(
        "verify-log",
        help="replay logged games (Tenhou mjlog, tenhou.net/6 JSON, mjai) and report every difference",
        description=(
            "Replay every game of every file through the rules engine, forcing the logged draws, discards, "
            "calls and declarations. Each disagreement is one line (file, hand, what differs); the last line "
            "is hands=N agreed=A disagreed=D errors=E. Exit status 0 when all agree, 1 when D > 0, "
            "2 when E > 0 (a file or hand that could not be checked)."
        ),
    )
    verify.add_argument(
        "files", nargs="+", metavar="FILE", help="mjlog (plain or gzip), tenhou.net/6 JSON or mjai JSON lines"
    )
    verify.add_argument("--ruleset", help="rule preset to use instead of the one the log names")
    verify.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="progress bar on standard error (default: on a terminal, for long runs)",
    )
    verify.add_argument(
        "--max-size",
        type=real_number(0, MAX_LOG_MB, "MB", above=True),
        default=64.0,
        metavar="MB",
        help=f"largest file, also unpacked: more than 0, at most {MAX_LOG_MB} (default 64)",
    )
    review = commands.add_parser(
        "review",
        help="review one seat's decisions in a logged game against the strong AI's",
        description=(
            "Replay every hand of FILE (any log verify-log reads) and, at every decision of the chosen seat, "
            "ask the strong AI what it would do. A progress bar goes to standard error (on a terminal); the "
            "last line is decisions=D agreed=A rate=R. Exit status 2 for a bad file, seat, name or output."
        ),
    )
    review.add_argument(
        "file", metavar="FILE", help="mjlog (plain or gzip), tenhou.net/6 JSON or mjai JSON lines"
    )
    reviewed = review.add_mutually_exclusive_group()
    reviewed.add_argument("--seat", type=int, metavar="N", help="the seat to review, 0-based (default 0)")
    reviewed.add_argument("--player", metavar="NAME", help="the seat of the player with this name in the log")
    review.add_argument(
        "--json", metavar="OUT", help="also write every decision and the agreement rate to OUT as JSON"
    )
    capture = commands.add_parser("capture", help="render a menu screen off-screen to an image and exit")
    capture.add_argument("out", type=Path, metavar="OUT.png", help="image file to write")
    capture.add_argument("--size", type=parse_size, default=(1280, 720), help="image size (default 1280x720)")
    capture.add_argument(
        "--time",
        type=real_number(0, MAX_CAPTURE_S, "seconds"),
        default=0.0,
        metavar="SECONDS",
        help=f"animation time to show, 0 to {MAX_CAPTURE_S} (default 0)",
    )
    capture.add_argument(
        "--scene", choices=CAPTURE_SCENES, default="title", help="which screen (default title)"
    )
    capture.add_argument(
        "--language", choices=("en", "ko", "ja"), default="en", help="UI language (default en)"
    )
    add_simulate_parser(commands)
    add_stats_parser(commands)
    add_drill_parser(commands)
    add_tournament_parser(commands)
    add_gui_parsers(commands)
    mjai = commands.add_parser(
        "mjai-bot",
        help="play as an mjai-protocol bot over standard input and output (mjai.app, Mortal tools)",
        description=(
            "Read one JSON array of mjai events per line (the first starts with start_game, whose id is our "
            'seat) and answer each line with one JSON action line ({"type":"none"} to pass). A bad line '
            "is reported on standard error and answered with none. Ends at the end of the input."
        ),
    )
    mjai.add_argument("--level", default="strong", help="AI level: easy, normal or strong (default strong)")
    mjai.add_argument("--ruleset", default="standard", help="rule preset the server plays (default standard)")
    return parser


def add_gui_parsers(commands: "argparse._SubParsersAction[OneLineParser]") -> None:
    """The `demo` (watch AIs play, optionally saving screenshots) and `selftest` commands."""
    demo = commands.add_parser(
        "demo",
        help="watch an all-AI game on screen; with --capture, save screenshots of its key moments",
        description=(
            "Plays a match between four (or three) AIs on screen as a spectator: every hand face up. With "
            "--capture DIR it saves PNGs of the deal, the first call, riichi, kan with its dora flip, win, "
            "exhaustive draw and the final results (playing on until each has happened), then exits."
        ),
    )
    demo.add_argument("--seed", type=whole_number(0, SEED_MAX), default=1, help="match seed (default 1)")
    demo.add_argument("--capture", type=Path, metavar="DIR", help="save the screenshots into DIR and exit")
    demo.add_argument(
        "--size", type=parse_window_size, help="window size (default: the saved setting, 1280x720)"
    )
    demo.add_argument("--players", type=int, choices=(3, 4), default=4, help="3 or 4 players (default 4)")
    demo.add_argument("--ruleset", help="rule preset (default standard, or tenhou-3p for 3 players)")
    demo.add_argument("--length", choices=("east", "hanchan"), default="hanchan", help="match length")
    demo.add_argument("--level", choices=("easy", "normal", "strong"), default="strong", help="AI level")
    demo.add_argument(
        "--language", choices=("en", "ko", "ja"), help="UI language (default: the saved setting)"
    )
    demo.add_argument(
        "--theme", choices=("classic", "contrast"), help="tile theme (default: the saved setting)"
    )
    demo.add_argument(
        "--fast", action="store_true", help="advance a fixed 1/30 s per frame: top speed, same pictures"
    )
    replay = commands.add_parser(
        "replay",
        help="watch a log file again in the replay viewer; with --capture, save each hand's start and end",
        description=(
            "Opens FILE (Tenhou mjlog XML plain or gzip, tenhou.net/6 JSON, mjai JSON lines) in the replay "
            "viewer. Keys: Left/Right one action, Shift+Left/Right one turn, Up/Down one hand, Space "
            "play/pause, Home/End, H the hand list, V whose tiles show, E export. With --capture DIR it "
            "saves hand-KK-start.png and hand-KK-end.png for every hand (KK from 01) without a window and "
            "exits."
        ),
    )
    replay.add_argument("file", metavar="FILE", help="the log file to watch")
    replay.add_argument("--hand", type=whole_number(1, 9999), metavar="K", help="start at hand K (from 1)")
    replay.add_argument(
        "--capture", type=Path, metavar="DIR", help="save every hand's pictures into DIR and exit"
    )
    replay.add_argument(
        "--size", type=parse_window_size, help="window or picture size (default: the saved setting, 1280x720)"
    )
    replay.add_argument(
        "--language", choices=("en", "ko", "ja"), help="UI language (default: the saved setting)"
    )
    selftest = commands.add_parser(
        "selftest",
        help="play a whole match through the real GUI loop headless at top speed and exit 0 if all went well",
    )
    selftest.add_argument("--seed", type=whole_number(0, SEED_MAX), default=7, help="match seed (default 7)")


def add_tournament_parser(commands: "argparse._SubParsersAction[OneLineParser]") -> None:
    """The `tournament` command: new, play, standings, export and list, on the records database."""
    tournament = commands.add_parser(
        "tournament",
        help="local tournaments: create one, play its AI tables, show or export the standings",
        description=(
            "Local tournaments kept in the records database (records.sqlite3 in the settings folder unless "
            "--db names another file). Tables with people are played in the game window."
        ),
    )
    actions = tournament.add_subparsers(dest="tournament_command", metavar="ACTION", title="actions")
    actions.required = True
    new = actions.add_parser(
        "new",
        help="create a tournament and its schedule; the last line printed is id=N",
        description=(
            "SPEC: comma-separated participants, NAME (a person) or NAME=LEVEL (an AI: easy, normal, "
            "strong), 3 to 32 of them. --fill house fills short tables with unranked AI house seats; "
            "--fill bye lets participants sit out in turn. The last line printed is id=N."
        ),
    )
    new.add_argument("--name", required=True, help="the tournament's name")
    new.add_argument("--players", required=True, metavar="SPEC", help="the participants (see above)")
    new.add_argument("--ruleset", required=True, metavar="PRESET", help="rule preset, e.g. standard")
    new.add_argument("--length", choices=("east", "south"), default="south", help="east-only or hanchan")
    new.add_argument("--rounds", type=int, default=3, metavar="N", help="rounds to play (default 3)")
    new.add_argument("--seating", choices=("balanced", "swiss"), default="balanced", help="seating method")
    new.add_argument("--fill", choices=("house", "bye"), default="house", help="short tables: house or bye")
    new.add_argument("--seed", type=int, default=None, help="seed of the schedule, winds and walls")
    new.add_argument(
        "--clock",
        metavar="BASE+BANK",
        help="per-decision clock for people: seconds per decision + time bank per hand, e.g. 5+20",
    )
    for name, text in (
        ("play", "play every pending table of AIs only, in schedule order; stops at a table with a person"),
        ("standings", "print the standings (--json: as JSON)"),
        ("export", "write standings.csv, standings.html and logs/*.json (tenhou.net/6) into --out DIR"),
    ):
        action = actions.add_parser(name, help=text, description=text)
        action.add_argument(
            "--id", type=whole_number(1, ID_MAX), required=True, metavar="N", help="the tournament's id"
        )
        if name == "standings":
            action.add_argument("--json", action="store_true", help="write one JSON object")
        if name == "export":
            action.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write")
        if name == "play":
            action.add_argument("--quiet", action="store_true", help="no progress bar on standard error")
    actions.add_parser("list", help="every tournament with its progress", description="List the tournaments.")
    for action in actions.choices.values():
        action.add_argument(
            "--db", type=Path, metavar="FILE", help="records database (default: settings folder)"
        )


def add_simulate_parser(commands: "argparse._SubParsersAction[OneLineParser]") -> None:
    """The `simulate` command: headless self-play between AI levels and bots, with statistics."""
    simulate = commands.add_parser(
        "simulate",
        help="play many games between AI levels and bots without a window and print statistics",
        description=simulate_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate.add_argument(
        "--games",
        type=whole_number(1, MAX_GAMES),
        default=100,
        metavar="N",
        help=f"games to play, 1 to {MAX_GAMES} (default 100)",
    )
    simulate.add_argument(
        "--players",
        metavar="SPECS",
        help="comma-separated seat specs, one per seat (default: normal at every seat)",
    )
    simulate.add_argument(
        "--ruleset", default="standard", metavar="NAME", help="rule preset (default standard)"
    )
    simulate.add_argument(
        "--length",
        choices=("east", "hanchan", "full"),
        help="game length: east-only, hanchan or all four winds (default: the rule preset's, mostly hanchan)",
    )
    simulate.add_argument(
        "--seed",
        type=whole_number(0, SEED_MAX),
        default=1,
        help=f"base seed of walls and players, 0 to {SEED_MAX} (default 1)",
    )
    simulate.add_argument(
        "--jobs",
        type=whole_number(1, MAX_JOBS),
        default=1,
        metavar="J",
        help=f"worker processes, 1 to {MAX_JOBS} (default 1)",
    )
    simulate.add_argument(
        "--duplicate",
        action="store_true",
        help="replay each wall with the players rotated through every seat (games: a multiple of the seats)",
    )
    simulate.add_argument(
        "--json", type=Path, metavar="FILE", help="also write the results and the options to FILE as JSON"
    )
    simulate.add_argument(
        "--logs",
        type=Path,
        metavar="DIR",
        help="write every game into DIR (created if need be) as tenhou.net/6 JSON and as mjai JSON lines",
    )
    simulate.add_argument(
        "--mjai-timeout",
        type=real_number(0, MAX_MJAI_TIMEOUT_S, "seconds", above=True),
        default=2.0,
        metavar="SECONDS",
        help=f"time an mjai bot has for each answer, at most {MAX_MJAI_TIMEOUT_S} (default 2.0)",
    )
    simulate.add_argument(
        "--journal",
        type=Path,
        metavar="FILE",
        help="record each finished game in FILE; the same command run again goes on from the games it holds",
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress line on standard error")


def add_stats_parser(commands: "argparse._SubParsersAction[OneLineParser]") -> None:
    """The `stats` command: each person's and each AI level's figures over the records' finished matches."""
    stats = commands.add_parser(
        "stats",
        help="print each player's statistics over the finished matches of the records database",
        description=(
            "Replay every finished match of the records database (records.sqlite3 in the settings folder "
            "unless --db names another file; it is never created or changed) and print, per person and per "
            "AI level and apart for 3- and 4-player tables: matches, average rank, rank counts, average "
            "score, and per hand the win, deal-in, riichi and call rates, tsumo share, average win and "
            "deal-in, tenpai at draws and the most frequent yaku. Rates are computed as simulate computes "
            "them. Exit status 2 for a missing or unreadable file, or a --player with no finished match."
        ),
    )
    stats.add_argument(
        "--db", type=Path, metavar="FILE", help="records database (default: the one in the settings folder)"
    )
    stats.add_argument(
        "--player", metavar="NAME", help='only this person (or AI level, e.g. "Normal AI" or normal)'
    )
    stats.add_argument(
        "--json",
        action="store_true",
        help='print {"players": [...]} as JSON, rates as fractions (else a table)',
    )
    stats.add_argument("--ruleset", metavar="NAME", help="only matches of this rule preset (default: all)")
    stats.add_argument(
        "--players", type=int, choices=(3, 4), help="only 3- or 4-player matches (default: both)"
    )
    stats.add_argument(
        "--days", type=whole_number(1, 36_500), metavar="N", help="only matches finished in the last N days"
    )


def run_stats(args: argparse.Namespace) -> int:
    """Run the stats command: the table, or the JSON, on standard output; one error line otherwise."""
    from game.stats import StatsFilter, days_ago, run
    from game.terms import PRESET_NAMES

    if args.ruleset is not None and args.ruleset not in PRESET_NAMES:
        print(f"error: unknown rule set {args.ruleset!r} (known: {', '.join(PRESET_NAMES)})", file=sys.stderr)
        return 2
    chosen = StatsFilter(
        ruleset=args.ruleset,
        players=args.players,
        since=days_ago(args.days) if args.days is not None else None,
    )
    return run(args.db, sys.stdout, sys.stderr, player=args.player, as_json=args.json, chosen=chosen)


def add_drill_parser(commands: "argparse._SubParsersAction[OneLineParser]") -> None:
    """The `drill` command: practice puzzles made from real hands, the ones the drills screen shows."""
    drill = commands.add_parser(
        "drill",
        help="print practice puzzles (what to discard, score, waits, safe tile, fu) made from real hands",
        description=(
            "Deal seeded hands, play them forward with the AI to a position worth asking and print the "
            "puzzles with their answers, judged by the strong AI: --json as one JSON array, else one line "
            "each. The same --kind, --seed and --level give the same puzzles (fewer: the first of them)."
        ),
    )
    drill.add_argument(
        "--kind", required=True, choices=("discard", "score", "waits", "safe", "fu"), help="which drill"
    )
    drill.add_argument(
        "--count", type=whole_number(1, 1000), default=10, metavar="N", help="puzzles, 1 to 1000 (default 10)"
    )
    drill.add_argument(
        "--seed", type=whole_number(0, SEED_MAX), default=1, help=f"seed, 0 to {SEED_MAX} (default 1)"
    )
    drill.add_argument(
        "--level", type=int, choices=(1, 2, 3), default=1, help="difficulty 1 to 3 (default 1)"
    )
    drill.add_argument("--json", action="store_true", help="print one JSON array (else a line per puzzle)")


def simulate_help() -> str:
    """Description of the simulate command shown by `simulate --help`."""
    return """\
Play games (the rule preset's length, usually hanchan, or --length) with no window and
print a summary per seat spec: average rank, rank distribution, average final score,
win / deal-in / riichi / call rates, average win points, tenpai at draw, fallbacks, the
draw rate, and decision times and counts per spec (p50/p95/p99/max ms).

Seat specs: an AI level (easy, normal, strong), a simple bot (random, tsumogiri, greedy)
or mjai:COMMAND, an external mjai bot run as COMMAND (quote it if it has spaces), e.g.
  python main.py simulate --games 400 --players strong,normal,normal,normal --duplicate --jobs 2
  python main.py simulate --players "mjai:python bot.py",strong,strong,strong

Rates are per hand played by that spec's seats: win (won the hand; each winner of a double
ron counts), deal-in (its discard, kan or kita was ronned), riichi (accepted), call (made an
open call: chi, pon, daiminkan or shouminkan). tenpai at draw = tenpai hands at exhaustive
draws / exhaustive draws. Average win points = the wins' table value (no honba or sticks).
Draw rate = hands ending in an exhaustive draw (nagashi mangan included) / hands.
fallbacks = decisions of an external mjai bot answered by safe play instead (it crashed,
stalled or answered illegally, and every later decision of that game); 0 for other specs.
A run is reproducible from --seed and gives the same results for any --jobs.

--json FILE writes the same figures and, under "inputs", every option of the run (games,
players, ruleset, length, seed, jobs, ...); "decision_counts" gives the decisions per spec
and each entry of "players" its "fallbacks" count, its "chips" (net chips over its games,
0 without chips; the summary shows them when the rule preset has chips) and its "flowers"
(flowers set aside per hand, 0 without flowers: seed-deluxe has them).
--logs DIR writes each game as DIR/seed-S-game-NNNN.tenhou6.json (tenhou.net/6) and
DIR/seed-S-game-NNNN.mjai.jsonl (mjai); check them with verify-log --ruleset NAME (an mjai
log does not name its rule preset). Ctrl-C or SIGTERM stops the run and its workers.
--journal FILE keeps each finished game in FILE (JSON lines), so that a run stopped or
killed halfway is not lost: the same command again plays only the games FILE lacks and
sums them all (the same figures as one whole run; "elapsed_s" adds up the sessions). A
FILE of other options (players, ruleset, length, seed, games, duplicate, mjai timeout)
is refused and left as it is.
"""


def score_help() -> str:
    """Description of the score command shown by `score --help`."""
    return """\
Read one JSON object per line and write one JSON result per line, in order. A bad line
never stops the run: its answer is {"error": "<why>"}.

Request fields (only hand and win_tile are required):
  hand             concealed tiles including the winning tile, mpsz ("123m406p789s11z",
                   0 = red five, 1z-7z = East South West North haku hatsu chun)
  win_tile         the winning tile, e.g. "4p"
  melds            list of {"type": "chi"|"pon"|"daiminkan"|"shouminkan"|"ankan",
                   "tiles": mpsz, "from": 1|2|3, "called": tile}; no "from" for ankan
  tsumo            true for a self-drawn win; otherwise "from" names the discarder
  from             seats counted in turn order from the winner: 1 next (right),
                   2 opposite, 3 previous (left); with three players 1 next, 2 previous
  riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou,
  renhou           true/false
  seat_wind, round_wind   "E" "S" "W" "N" (default "E": the dealer in the East round)
  dora_indicators, ura_indicators   mpsz; with flowers an indicator may be a flower,
                   1f-4f (spring summer autumn winter), pointing at the flowers set aside
  honba, riichi_sticks, kita        whole numbers (kita: north tiles set aside, 3 players)
  flowers          flowers set aside (the flowers option, e.g. "ruleset": "seed-deluxe"):
                   a whole number 0-4, or the flowers themselves, e.g. "13f"; one dora each
  players          3 or 4
  ruleset          standard (default), tenhou, mahjong-soul, kobalab, seed-deluxe,
                   seed-netmahjong, tenhou-3p, mahjong-soul-3p
  rules            {"option": value, ...} overrides, e.g. {"kiriage_mangan": true}

Result: han, fu, yakuman (0 or the count), limit (null, mangan, haneman, baiman,
sanbaiman, kazoe_yakuman, yakuman), points (table value, no honba or sticks),
payments ({"ron": n} or {"dealer": n, "non_dealer": n}, honba included), winner_gain
(with honba and riichi sticks), yaku ([[id, han], ...]); under a rule set with chips
(seed-netmahjong, or "rules": {"chips": true}) also chips: {"from_each": n} for a tsumo,
{"from_discarder": n} for a ron (ura dora, red fives, all-star, ippatsu, yakuman).
"""


def run_score(input_path: str | None) -> int:
    """Run the hand calculator on a file or standard input, writing to standard output."""
    # answers are UTF-8 JSON Lines whatever the console's locale (e.g. cp1252 on Windows)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8")
    # requests are read as bytes and decoded line by line: a line that is not UTF-8 is one bad line
    if input_path is None:
        return score_stream(getattr(sys.stdin, "buffer", sys.stdin), "standard input")
    try:
        source = open(input_path, "rb")  # noqa: SIM115 - closed by the with below
    except OSError as exc:
        print(f"error: cannot read input file {input_path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    with source:
        return score_stream(source, f"input file {input_path}")


def score_stream(source: "io.BufferedReader | TextIO", name: str) -> int:
    """Answer every request line of `source` (bytes, or text) on standard output; `name` says what could not
    be read. A bad line is answered with its error and the run goes on."""
    import game.calculator  # lazy: the calculator does not need the GUI stack

    try:
        return game.calculator.run(source, sys.stdout)
    except BrokenPipeError:
        raise  # the reader of the answers went away: main() ends quietly
    except OSError as exc:  # the input itself failed (a device error): the answers so far are written
        print(f"error: cannot read {name}: {exc.strerror or exc}", file=sys.stderr)
        return 2


def build_app(size: tuple[int, int] | None = None, **overrides: object) -> "App":
    """The window, the saved settings (with `overrides`) and the sound player wired to the app's services.

    The sound player starts before pygame's display so its low-latency mixer settings apply; with no audio
    device it is silent. Raises graphics.app.ScreenError when no window can be opened.
    """
    import dataclasses

    from graphics import i18n
    from graphics.app import App, Services, open_window
    from graphics.settings import load_settings
    from sounds.player import SoundPlayer

    settings = load_settings()
    if size is not None:
        overrides["window"] = size
    settings = dataclasses.replace(settings, **overrides)  # type: ignore[arg-type]
    player = SoundPlayer(settings.master_volume, settings.effects_volume, settings.muted)
    surface = open_window(settings)
    import pygame

    pygame.font.init()
    i18n.set_language(settings.language)
    services = Services(play_cue=player.play, show_event=player.play_event, set_volumes=player.set_volumes)
    return App(surface=surface, settings=settings, services=services)


def run_play(size: tuple[int, int] | None, frames: int | None = None) -> int:
    """Open the game window at the title screen; a missing display is a one-line error, not a traceback."""
    from graphics.app import ScreenError

    try:
        app = build_app(size)
    except ScreenError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    from graphics.screens import first_scene

    app.switch(first_scene(app))
    app.run(max_frames=frames)
    return 0


def run_demo(args: argparse.Namespace) -> int:
    """Watch an all-AI match; with --capture, save the key moments as PNGs and exit."""
    from graphics.app import ScreenError
    from graphics.demo import DemoError, run_demo

    overrides: dict[str, object] = {}
    if args.language:
        overrides["language"] = args.language
    if args.theme:
        overrides["theme"] = args.theme
    if args.capture is not None:
        overrides["fullscreen"] = False
    try:
        app = build_app(args.size, **overrides)
        capture = run_demo(
            app,
            args.seed,
            players=args.players,
            ruleset=args.ruleset,
            length=args.length,
            capture_dir=args.capture,
            fast=args.fast,
            level=args.level,
        )
    except (ScreenError, DemoError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # a rule-set name or option the user typed
        from game.terms import RuleSetError

        if isinstance(exc, RuleSetError):
            print(f"error: {exc}", file=sys.stderr)
            return 2
        raise
    if capture is not None:
        for name, path in capture.taken.items():
            print(f"{name}: {path}")
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """Open a log file in the replay viewer, or (``--capture``) save every hand's start and end as PNGs; a
    file that cannot be shown, a hand out of range or a missing display is one ``replay: error:`` line."""
    if args.capture is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.replay_view import ReplayViewError, open_file

    def fail(message: str) -> int:
        print("replay: error: " + " ".join(message.split()), file=sys.stderr)
        return 2

    try:
        replay = open_file(Path(args.file))
    except ReplayViewError as error:
        return fail(str(error))
    if args.hand is not None and args.hand > len(replay.hands):
        return fail(f"--hand {args.hand}: {args.file} has {len(replay.hands)} hands")
    for note in replay.notes:
        print("replay: " + " ".join(note.split()), file=sys.stderr)
    if args.capture is not None:
        from graphics.screens.replay import capture_hands

        try:
            written = capture_hands(replay, args.capture, args.size or (1280, 720), args.language or "en")
        except OSError as error:
            return fail(f"cannot write into {args.capture}: {error.strerror or error}")
        print(f"wrote {written} pictures of {len(replay.hands)} hands into {args.capture}")
        return 0
    from graphics.app import ScreenError

    overrides = {"language": args.language} if args.language else {}
    try:
        app = build_app(args.size, **overrides)
    except ScreenError as exc:
        return fail(str(exc))
    from graphics.screens import navigation

    stem = Path(args.file).name.split(".")[0] or "replay"
    app.switch(navigation.make(app, "replay", replay=replay, stem=stem, hand=args.hand))
    app.run()
    return 0


def run_selftest(seed: int) -> int:
    """A whole match through the real GUI loop with SDL's dummy drivers; exit 0 when it ends cleanly."""
    import time

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile

    from graphics.app import ScreenError
    from graphics.demo import DemoError, run_selftest

    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="riichi-selftest-") as folder:
            app = build_app((1280, 720), fullscreen=False)
            app.records_path = Path(folder) / "selftest.sqlite3"  # never the player's own records
            try:
                frames, result = run_selftest(app, seed)
            finally:
                app.close_records()
    except (ScreenError, DemoError) as exc:
        print(f"selftest failed: {exc}", file=sys.stderr)
        return 1
    print(f"selftest ok: {frames} frames in {time.perf_counter() - start:.1f} s; final scores {result}")
    return 0


CAPTURE_SCENES = (
    "title",
    "new-game",
    "settings",
    "reference",
    "tournaments",
    "tournament-new",
    "tournament-lobby",
    "tournament-standings",
    "tournament-ceremony",
    "review",
    "practice",
    "tutorial",
    "stats",
    "records",
    "replay",
    "replay-hands",
    "replay-win",
    "win-chips",
    "results-chips",
    "tournament-standings-chips",
    *(
        f"drill-{kind}{answer}"
        for kind in ("discard", "score", "waits", "safe", "fu")
        for answer in ("", "-answer")
    ),
)
SAMPLE_TOURNAMENT = "Ann=strong,Bob=normal,Chen=easy,Dana=strong,Eun-ji=normal,Farid=easy,Gabi=normal"


def run_capture(args: argparse.Namespace) -> int:
    """Render a menu screen with no window (SDL's dummy video driver) and save it to `args.out`.

    The tournament screens show a sample tournament of AIs, made and played in a temporary records file.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile

    import pygame

    from graphics import i18n
    from graphics.demo import offscreen_app
    from graphics.settings import Settings

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    i18n.set_language(args.language)
    app = offscreen_app(args.size, Settings(language=args.language))
    with tempfile.TemporaryDirectory(prefix="riichi-capture-") as folder:
        app.records_path = Path(folder) / "records.sqlite3"  # never the player's own records
        try:
            app.switch(capture_scene(app, args.scene))
            steps = max(1, round(args.time * 30))
            for _ in range(steps):
                app.tick(args.time / steps if args.time > 0 else 0.0)
        finally:
            app.close_records()
    try:
        pygame.image.save(app.surface, str(args.out))
    except (pygame.error, OSError) as exc:
        print(f"error: cannot write {args.out}: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]})")
    return 0


def capture_scene(app: "App", name: str) -> "Scene":
    """The menu scene `name` (one of CAPTURE_SCENES) for `app`; "review" reviews seat 2 of an AI match
    (``sample_match``) at a differing decision."""
    from graphics.screens import navigation

    if name in ("settings", "reference"):
        return navigation.make(app, name, back=lambda: None)
    if name == "stats":
        from graphics.screens.stats import StatsScene

        sample_stats(app)
        stats = StatsScene(app, back=lambda: None)
        stats.load_all()
        return stats
    if name == "review":
        from graphics.screens.review import ReviewScene

        scene = ReviewScene(app, match=sample_match(app), seat=2, back=lambda: None)
        scene.run_all()
        # a step with a riichi on the table, to show it marked; else the middle one
        riichi = [
            index
            for index, decision in enumerate(scene.differing)
            if decision.view is not None and any(player.riichi for player in decision.view.players)
        ]
        scene.jump(riichi[0] if riichi else len(scene.differing) // 2)
        return scene
    if name in ("records", "replay"):
        sample_match(app)
        return navigation.make(app, name, back=lambda: None)
    if name in ("win-chips", "results-chips"):
        return chips_scene(app, name)
    if name.startswith("replay-"):
        from graphics.screens.replay import ReplayScene

        replay = ReplayScene(app, match=sample_match(app), back=lambda: None)
        if name == "replay-hands":
            replay.open_list()
        else:  # the first win of the match, its panel up
            replay.show_first_win()
        return replay
    if name == "tutorial":
        from graphics.screens.tutorial import TutorialScene

        tutorial = TutorialScene(app, back=lambda: None)
        tutorial.play_to(int(os.environ.get("RIICHI_CAPTURE_TUTORIAL_STEP", "0")))
        return tutorial
    if name == "practice" or name.startswith("drill-"):
        return practice_scene(app, name)
    if name == "tournament-standings-chips":
        tournament = sample_tournament(app, finished=True, rules=chips_rules())
        return navigation.make(app, "tournament_standings", tournament=tournament)
    if name.startswith("tournament-") and name != "tournament-new":
        tournament = sample_tournament(app, finished=name != "tournament-lobby")
        return navigation.make(app, name.replace("-", "_"), tournament=tournament)
    screens = {"new-game": "new_game", "tournament-new": "tournament_new", "tournaments": "tournaments"}
    if name == "tournaments":
        sample_tournament(app, finished=True)
    return navigation.make(app, screens.get(name, "title"))


def practice_scene(app: "App", name: str) -> "Scene":
    """The Practice menu, or a drill's first puzzle (seed 1, level 1), answered for a ``-answer`` scene; the
    progress shown is kept in memory only, never in the player's file."""
    from game.drill_progress import DrillProgress
    from graphics.screens import navigation

    progress = DrillProgress()
    if name == "practice":
        return navigation.make(app, "practice", back=lambda: None, progress=progress)
    from game.drill_answers import tile_kind
    from graphics.screens.drills import DrillScene

    kind = name.split("-")[1]
    scene = DrillScene(app, kind, back=lambda: None, progress=progress, seed=1)
    puzzle = scene.puzzle
    if name.endswith("-answer") and puzzle is not None:
        answers: dict[str, Callable[[], object]] = {
            "discard": lambda: scene.hand_tiles()[0],
            "safe": lambda: scene.hand_tiles()[-1],
            "waits": lambda: frozenset({tile_kind(puzzle["waits"][0])}),
            "score": lambda: puzzle["answer"]["points"],
            "fu": lambda: 30,
        }
        scene.submit(answers[kind]())
    return scene


def chips_scene(app: "App", name: str) -> "Scene":
    """Chips (the seed-netmahjong preset): "win-chips" is the replay viewer at the first win of an AI match
    that earns chips, its panel up; "results-chips" the final results of such a match."""
    if name == "results-chips":
        from graphics.screens.results import FinalResultsScene
        from graphics.session import GameSession, SeatSetup

        levels = enumerate(SAMPLE_MATCH_LEVELS)
        setups = tuple(SeatSetup(f"{level.capitalize()} AI {seat + 1}", level) for seat, level in levels)
        session = GameSession(chips_rules(), setups, CHIPS_SEED)
        session.table.run()
        return FinalResultsScene(app, session)
    from game.replay_view import Position
    from game.terms import HandWon
    from graphics.screens.replay import ReplayScene

    replay = ReplayScene(app, match=sample_match(app, chips_rules(), CHIPS_SEED), back=lambda: None)
    for hand in replay.replay.hands if replay.replay is not None else ():
        for index, shown in enumerate(hand.frames):
            event = shown.event
            if isinstance(event, HandWon) and event.chips and event.chips[event.seat] > 0:
                replay.jump(Position(hand.index, index))
                return replay
    replay.show_first_win()  # no win earned a chip (not with this seed)
    return replay


CHIPS_SEED = 7  # a seed-netmahjong match of the sample AIs whose wins earn chips


def chips_rules() -> "RuleSet":
    """The seed-netmahjong preset (chips on), for the chips capture scenes."""
    from game.terms import preset

    return preset("seed-netmahjong")


SAMPLE_MATCH_LEVELS = ("strong", "normal", "easy", "strong")


def sample_match(app: "App", rules: "RuleSet | None" = None, seed: int = 2026) -> int:
    """An east-only match of four AIs (strong, normal, easy, strong) played into the app's records; its id.
    The standard rules unless ``rules`` are given."""
    from game.ai.player import create_seat
    from game.records import SeatEntry
    from game.table import Table
    from game.terms import preset

    records = app.records()
    if rules is None:
        rules = preset("standard").with_overrides({"game_length": "east"})
    table = Table(
        rules,
        [create_seat(level, rules, seed + seat) for seat, level in enumerate(SAMPLE_MATCH_LEVELS)],
        seed,
    )
    standings = table.run()
    names = [f"{level.capitalize()} AI {seat + 1}" for seat, level in enumerate(SAMPLE_MATCH_LEVELS)]
    match_id = records.create_match(
        rules, seed, [SeatEntry(name, level) for name, level in zip(names, SAMPLE_MATCH_LEVELS, strict=True)]
    )
    records.append_actions(match_id, 0, table.actions)
    records.finish_match(match_id, standings)
    return match_id


SAMPLE_STATS_MATCHES = 10


def sample_stats(app: "App") -> None:
    """East-only matches for the statistics page, played by AIs into the app's records: Ann (a normal AI under
    a person's name) in every one, Bob (an easy AI) in every third, the AI levels in the other seats."""
    from game.ai.player import create_seat
    from game.records import SeatEntry
    from game.saved_match import MatchWriter
    from game.table import Table
    from game.terms import preset

    records = app.records()
    rules = preset("standard").with_overrides({"game_length": "east"})
    for number in range(SAMPLE_STATS_MATCHES):
        other = SeatEntry("Bob", "human") if number % 3 == 0 else SeatEntry("Easy AI", "easy")
        entries = [
            SeatEntry("Ann", "human"),
            other,
            SeatEntry("Normal AI", "normal"),
            SeatEntry("Strong AI", "strong"),
        ]
        shift = number % len(entries)
        entries = entries[shift:] + entries[:shift]  # Ann sits at every seat in turn
        plays = {"Ann": "normal", "Bob": "easy"}
        seed = 3000 + number
        seats = [
            create_seat(plays.get(entry.name, entry.level), rules, seed + seat)
            for seat, entry in enumerate(entries)
        ]
        table = Table(rules, seats, seed)
        MatchWriter.attach(records, records.create_match(rules, seed, entries), table)
        table.run()


def sample_tournament(app: "App", finished: bool, rules: "RuleSet | None" = None) -> int:
    """A tournament of seven AIs (east-only, 3 rounds, house seats) in the app's records: played through, or
    to the end of its first round; its id. The standard rules unless ``rules`` are given."""
    from game.terms import preset
    from game.tournament import PlayOut, create, parse_participants

    records = app.records()
    if rules is None:
        rules = preset("standard").with_overrides({"game_length": "east"})
    entries = parse_participants(SAMPLE_TOURNAMENT)
    tournament = create(records, "Friday club", entries, rules, rounds=3, seating="balanced", seed=2026)
    run = PlayOut(records, tournament, skip_people=True)
    while run.advance(200) and (finished or len(run.played) < 2):
        pass
    return tournament


def run_simulate(args: argparse.Namespace) -> int:
    """Run the simulate command: check the arguments, play, print the summary, write the JSON and logs."""
    import json

    from game.journal import Journal, JournalError
    from game.simulate import (
        LogWriteError,
        LogWriter,
        ProgressBar,
        SimulationError,
        SpecError,
        check_run,
        format_summary,
        parse_players,
        rules_for,
        simulate,
    )

    logs = LogWriter(args.logs, args.seed) if args.logs is not None else None
    try:
        rules = rules_for(args.ruleset)
        if args.length is not None:
            rules = rules.with_overrides({"game_length": args.length})
        specs = parse_players(args.players) if args.players is not None else ("normal",) * rules.players
        check_run(specs, args.games, rules, args.jobs, args.duplicate)
        if logs is not None and rules.flowers:
            raise SpecError(
                "--logs writes tenhou.net/6 and mjai, which have no flower tiles; "
                f"the rule set {rules.name!r} has flowers"
            )
        if args.json is not None:
            check_writable(args.json)
        if logs is not None:
            logs.prepare()
    except SpecError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    inputs = simulate_inputs(args, specs, rules.name, rules.game_length)
    journal = None
    if args.journal is not None:
        journal = Journal(args.journal, {key: inputs[key] for key in JOURNAL_KEYS})
    progress = None if args.quiet else ProgressBar(sys.stderr)
    try:
        result = simulate(
            specs,
            args.games,
            rules,
            args.seed,
            args.jobs,
            args.duplicate,
            progress,
            args.mjai_timeout,
            logs,
            journal,
        )
    except (SimulationError, JournalError) as error:
        if progress is not None:
            progress.close()
        print(f"error: {error}", file=sys.stderr)
        return 2 if isinstance(error, LogWriteError | JournalError) else 1
    finally:
        if progress is not None:
            progress.close()
    if args.json is not None:  # written before the summary, so a closed stdout (`| head`) cannot lose it
        data = {"inputs": inputs, **result.to_json()}
        try:
            args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            print(f"error: cannot write {args.json}: {error.strerror or error}", file=sys.stderr)
            print(format_summary(result))
            return 2
    print(format_summary(result))
    return 0


JOURNAL_KEYS = ("players", "ruleset", "length", "seed", "games", "duplicate", "mjai_timeout_s")
"""The options of simulate's inputs that decide a run's games: a --journal is resumed only under the same."""


def simulate_inputs(
    args: argparse.Namespace, specs: Sequence[str], ruleset: str, length: str
) -> dict[str, object]:
    """What a simulate run was asked, for its JSON: every option, the seat specs by seat and the game length
    played (the preset's unless --length gave one)."""
    return {
        "games": args.games,
        "players": list(specs),
        "ruleset": ruleset,
        "length": length,
        "seed": args.seed,
        "jobs": args.jobs,
        "duplicate": args.duplicate,
        "mjai_timeout_s": args.mjai_timeout,
        "json": str(args.json) if args.json is not None else None,
        "logs": str(args.logs) if args.logs is not None else None,
        "journal": str(args.journal) if args.journal is not None else None,
        "quiet": args.quiet,
    }


def check_writable(path: Path) -> None:
    """Raise SpecError unless `path` can be written as a file (checked before a long run, not after)."""
    from game.simulate import SpecError

    if path.is_dir():
        raise SpecError(f"cannot write --json {path}: it is a directory")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise SpecError(f"cannot write --json {path}: no folder {folder}")
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise SpecError(f"cannot write --json {path}: permission denied")


def run_drill(args: argparse.Namespace) -> int:
    """Run the drill command: the puzzles as one JSON array, a puzzle a line (--json), or a text line each."""
    import json

    from game.drills import DrillError, describe, generate

    try:
        puzzles = generate(args.kind, args.count, args.seed, args.level)
    except DrillError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.json:
        print("[\n" + ",\n".join(json.dumps(puzzle) for puzzle in puzzles) + "\n]")
    else:
        for number, puzzle in enumerate(puzzles, start=1):
            print(f"{number}. {describe(args.kind, puzzle)}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command named on the command line and return the exit status (130 after a Ctrl-C)."""
    try:
        args = build_parser().parse_args(argv)
        return run_command(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): point stdout at devnull so the flush at exit cannot fail again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def run_command(args: argparse.Namespace) -> int:
    """Run the command `args` name."""
    if args.command == "score":
        return run_score(args.input)
    if args.command == "verify-log":
        from game.verify import run as run_verify

        return run_verify(
            args.files,
            args.ruleset,
            sys.stdout,
            err=sys.stderr,
            progress=args.progress,
            max_size_mb=args.max_size,
        )
    if args.command == "review":
        from game.review import run as run_review

        return run_review(
            args.file, sys.stdout, seat=args.seat, player=args.player, json_out=args.json, err=sys.stderr
        )
    if args.command == "capture":
        return run_capture(args)
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "stats":
        return run_stats(args)
    if args.command == "drill":
        return run_drill(args)
    if args.command == "tournament":
        from game.tournament_cli import run_tournament

        return run_tournament(args, sys.stdout, sys.stderr)
    if args.command == "mjai-bot":
        from game.mjai.bot import run_bot

        return run_bot(args.level, args.ruleset, sys.stdin, sys.stdout)
    if args.command == "replay":
        return run_replay(args)
    if args.command == "demo":
        return run_demo(args)
    if args.command == "selftest":
        return run_selftest(args.seed)
    if args.command == "play":
        return run_play(args.size, args.frames)
    return run_play(None)


class Terminated(SystemExit):
    """Raised by the SIGTERM handler: unwinds like Ctrl-C (finally blocks run, worker pools are stopped) and
    ends the program quietly with status 143 (128 + SIGTERM), as a shell reports a process killed by it."""


class SignalState:
    """The stop signals (Ctrl-C, SIGTERM) turned into exceptions, and how many of those Python swallowed."""

    raised = 0
    swallowed = 0
    exiting = False  # the command has returned: the program is ending anyway


def on_stop_signal(signum: int, frame: object) -> None:
    """The handler of SIGINT (KeyboardInterrupt, exit status 130) and SIGTERM (Terminated, 143)."""
    SignalState.raised += 1
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated(128 + signum)


def resend_swallowed_signal(unraisable: "sys.UnraisableHookArgs") -> None:
    """sys.unraisablehook: a KeyboardInterrupt or Terminated raised where Python can only drop it (an at-fork
    callback while worker processes start, a __del__, a weakref callback) is the signal lost, and the command
    would go on to its end; so the signal is sent again, shortly, to be raised where it can end the program.
    Anything else goes to the previous hook."""
    error = unraisable.exc_value
    if isinstance(error, KeyboardInterrupt | Terminated) and SignalState.swallowed < SignalState.raised:
        SignalState.swallowed += 1
        # only when every one raised was lost (none is unwinding the program) and the command still runs
        if SignalState.swallowed == SignalState.raised and not SignalState.exiting:
            signum = signal.SIGINT if isinstance(error, KeyboardInterrupt) else signal.SIGTERM
            # not from here: its handler would run at once, inside this hook, and be dropped again
            resend = threading.Timer(0.01, send_to_main_thread, (signum,))
            resend.daemon = True
            resend.start()
        return
    previous_unraisablehook(unraisable)


def send_to_main_thread(signum: int) -> None:
    """Deliver `signum` to the main thread, which runs Python's signal handlers (and a wait there wakes)."""
    ident = threading.main_thread().ident
    if hasattr(signal, "pthread_kill") and ident is not None:
        signal.pthread_kill(ident, signum)
    else:  # Windows
        _thread.interrupt_main(signal.Signals(signum))


previous_unraisablehook = sys.unraisablehook


def install_signal_handlers() -> None:
    """Ctrl-C and SIGTERM end any command promptly and quietly (exit status 130 and 143, no traceback).

    In place before any command starts, so before pygame: SDL takes over a SIGTERM that still has its
    default action and turns it into a quit event, which capture never read (it rendered on to the end) and
    which made play exit 0. A signal this program was started with ignored (a background job of a script)
    stays ignored.
    """
    global previous_unraisablehook
    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, on_stop_signal)
    if sys.unraisablehook is not resend_swallowed_signal:
        previous_unraisablehook = sys.unraisablehook
        sys.unraisablehook = resend_swallowed_signal


def run_program() -> int:
    """`python main.py ...`: the signal handlers first, then the command; the exit status."""
    install_signal_handlers()
    try:
        import multiprocessing

        # in the one-file executable, simulate --jobs workers start as this program again (spawn on Windows
        # and macOS): this makes them run their task instead of the game
        multiprocessing.freeze_support()
        return main()
    except KeyboardInterrupt:  # one that came before main() could catch it
        return 130
    except RuntimeError as error:
        # Python 3.11 wraps what a class's __set_name__ raises: a signal in the middle of an import can come
        # out as "RuntimeError: Error calling __set_name__ ..."
        if isinstance(error.__cause__, Terminated):
            return 128 + signal.SIGTERM
        if isinstance(error.__cause__, KeyboardInterrupt):
            return 130
        raise
    finally:
        SignalState.exiting = True


if __name__ == "__main__":
    sys.exit(run_program())
