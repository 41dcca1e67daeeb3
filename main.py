"""Composition root: parses the command line and starts the game window or a command-line tool.

pygame is imported only inside the commands that need it, so `score` runs without it.
"""

import argparse
import io
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

if TYPE_CHECKING:
    from graphics.app import App, Scene

# pygame prints a banner on import; the commands' output (capture, demo) stays theirs alone
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_size(text: str) -> tuple[int, int]:
    """Read a window size written WIDTHxHEIGHT, e.g. 1280x720."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}") from None
    if not (16 <= width <= 8192 and 16 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"size {text!r} is outside 16x16 .. 8192x8192")
    return width, height


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
    play.add_argument("--size", type=parse_size, help="window size (default: the saved setting, 1280x720)")
    play.add_argument(
        "--frames", type=int, metavar="N", help="quit after drawing N frames (startup timing, smoke tests)"
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
            "is hands=N agreed=A disagreed=D errors=E. Exit status 0 only when D and E are 0."
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
        "--max-size", type=float, default=64.0, metavar="MB", help="largest file, also unpacked (default 64)"
    )
    capture = commands.add_parser("capture", help="render a menu screen off-screen to an image and exit")
    capture.add_argument("out", type=Path, metavar="OUT.png", help="image file to write")
    capture.add_argument("--size", type=parse_size, default=(1280, 720), help="image size (default 1280x720)")
    capture.add_argument("--time", type=float, default=0.0, metavar="SECONDS", help="animation time to show")
    capture.add_argument(
        "--scene", choices=CAPTURE_SCENES, default="title", help="which screen (default title)"
    )
    capture.add_argument(
        "--language", choices=("en", "ko", "ja"), default="en", help="UI language (default en)"
    )
    add_simulate_parser(commands)
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
    demo.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    demo.add_argument("--capture", type=Path, metavar="DIR", help="save the screenshots into DIR and exit")
    demo.add_argument("--size", type=parse_size, help="window size (default: the saved setting, 1280x720)")
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
    selftest = commands.add_parser(
        "selftest",
        help="play a whole match through the real GUI loop headless at top speed and exit 0 if all went well",
    )
    selftest.add_argument("--seed", type=int, default=7, help="match seed (default 7)")


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
        action.add_argument("--id", type=int, required=True, metavar="N", help="the tournament's id")
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
    simulate.add_argument("--games", type=int, default=100, metavar="N", help="hanchan to play (default 100)")
    simulate.add_argument(
        "--players",
        metavar="SPECS",
        help="comma-separated seat specs, one per seat (default: normal at every seat)",
    )
    simulate.add_argument(
        "--ruleset", default="standard", metavar="NAME", help="rule preset (default standard)"
    )
    simulate.add_argument("--seed", type=int, default=1, help="base seed of walls and players (default 1)")
    simulate.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (default 1)")
    simulate.add_argument(
        "--duplicate",
        action="store_true",
        help="replay each wall with the players rotated through every seat (games: a multiple of the seats)",
    )
    simulate.add_argument("--json", type=Path, metavar="FILE", help="also write the results to FILE as JSON")
    simulate.add_argument(
        "--mjai-timeout",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="time an mjai bot has for each answer (default 2.0)",
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress line on standard error")


def simulate_help() -> str:
    """Description of the simulate command shown by `simulate --help`."""
    return """\
Play hanchan with no window and print a summary per seat spec: average rank, rank
distribution, average final score, win / deal-in / riichi / call rates, average win
points, tenpai at draw, the draw rate, and decision times per spec (p50/p95/max ms).

Seat specs: an AI level (easy, normal, strong), a simple bot (random, tsumogiri, greedy)
or mjai:COMMAND, an external mjai bot run as COMMAND (quote it if it has spaces), e.g.
  python main.py simulate --games 400 --players strong,normal,normal,normal --duplicate --jobs 2
  python main.py simulate --players "mjai:python bot.py",strong,strong,strong

Rates are per hand played by that spec's seats: win (won the hand; each winner of a double
ron counts), deal-in (its discard, kan or kita was ronned), riichi (accepted), call (made an
open call: chi, pon, daiminkan or shouminkan). tenpai at draw = tenpai hands at exhaustive
draws / exhaustive draws. Average win points = the wins' table value (no honba or sticks).
Draw rate = hands ending in an exhaustive draw (nagashi mangan included) / hands.
A run is reproducible from --seed and gives the same results for any --jobs.
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
  dora_indicators, ura_indicators   mpsz
  honba, riichi_sticks, kita        whole numbers (kita: north tiles set aside, 3 players)
  players          3 or 4
  ruleset          standard (default), tenhou, mahjong-soul, kobalab, seed-deluxe,
                   seed-netmahjong, tenhou-3p, mahjong-soul-3p
  rules            {"option": value, ...} overrides, e.g. {"kiriage_mangan": true}

Result: han, fu, yakuman (0 or the count), limit (null, mangan, haneman, baiman,
sanbaiman, kazoe_yakuman, yakuman), points (table value, no honba or sticks),
payments ({"ron": n} or {"dealer": n, "non_dealer": n}, honba included), winner_gain
(with honba and riichi sticks), yaku ([[id, han], ...]).
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
    """The menu scene `name` (one of CAPTURE_SCENES) for `app`."""
    from graphics.screens import navigation

    if name in ("settings", "reference"):
        return navigation.make(app, name, back=lambda: None)
    if name.startswith("tournament-") and name != "tournament-new":
        tournament = sample_tournament(app, finished=name != "tournament-lobby")
        return navigation.make(app, name.replace("-", "_"), tournament=tournament)
    screens = {"new-game": "new_game", "tournament-new": "tournament_new", "tournaments": "tournaments"}
    if name == "tournaments":
        sample_tournament(app, finished=True)
    return navigation.make(app, screens.get(name, "title"))


def sample_tournament(app: "App", finished: bool) -> int:
    """A tournament of seven AIs (east-only, 3 rounds, house seats) in the app's records: played through, or
    to the end of its first round; its id."""
    from game.terms import preset
    from game.tournament import PlayOut, create, parse_participants

    records = app.records()
    rules = preset("standard").with_overrides({"game_length": "east"})
    entries = parse_participants(SAMPLE_TOURNAMENT)
    tournament = create(records, "Friday club", entries, rules, rounds=3, seating="balanced", seed=2026)
    run = PlayOut(records, tournament, skip_people=True)
    while run.advance(200) and (finished or len(run.played) < 2):
        pass
    return tournament


def run_simulate(args: argparse.Namespace) -> int:
    """Run the simulate command: check the arguments, play, print the summary, write the JSON."""
    import json

    from game.simulate import (
        ProgressBar,
        SimulationError,
        SpecError,
        check_run,
        format_summary,
        parse_players,
        rules_for,
        simulate,
    )

    try:
        rules = rules_for(args.ruleset)
        specs = parse_players(args.players) if args.players is not None else ("normal",) * rules.players
        check_run(specs, args.games, rules, args.jobs, args.duplicate)
        if not args.mjai_timeout > 0:
            raise SpecError(f"--mjai-timeout must be a positive number of seconds, got {args.mjai_timeout}")
        if args.json is not None:
            check_writable(args.json)
    except SpecError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    progress = None if args.quiet else ProgressBar(sys.stderr)
    try:
        result = simulate(
            specs, args.games, rules, args.seed, args.jobs, args.duplicate, progress, args.mjai_timeout
        )
    except SimulationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        if progress is not None:
            progress.close()
    if args.json is not None:  # written before the summary, so a closed stdout (`| head`) cannot lose it
        try:
            args.json.write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            print(f"error: cannot write {args.json}: {error.strerror or error}", file=sys.stderr)
            print(format_summary(result))
            return 2
    print(format_summary(result))
    return 0


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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command named on the command line and return the exit status."""
    args = build_parser().parse_args(argv)
    try:
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
        if args.command == "capture":
            return run_capture(args)
        if args.command == "simulate":
            return run_simulate(args)
        if args.command == "tournament":
            from game.tournament_cli import run_tournament

            return run_tournament(args, sys.stdout, sys.stderr)
        if args.command == "mjai-bot":
            from game.mjai.bot import run_bot

            return run_bot(args.level, args.ruleset, sys.stdin, sys.stdout)
        if args.command == "demo":
            return run_demo(args)
        if args.command == "selftest":
            return run_selftest(args.seed)
        if args.command == "play":
            return run_play(args.size, args.frames)
        return run_play(None)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): point stdout at devnull so the flush at exit cannot fail again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    import multiprocessing

    # in the one-file executable, simulate --jobs workers start as this program again (spawn on Windows
    # and macOS): this makes them run their task instead of the game
    multiprocessing.freeze_support()
    sys.exit(main())
