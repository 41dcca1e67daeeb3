"""Developer bootstrap: builds .venv from pyproject.toml, then plays, tests or benchmarks.

Standard library only, so it runs on a fresh machine with nothing but Python 3.11+.
"""

from __future__ import annotations  # keeps annotations lazy so an old Python reaches the version check

import hashlib
import os
import subprocess
import sys
from pathlib import Path

MIN_PYTHON = (3, 11)
ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".dev-stamp"
FONTS_DIR = ROOT / "graphics" / "fonts"
# the UI fonts graphics/fonts.py builds from the CJK font dependency (its font_names(); a test checks)
FONT_FILES = (
    "NotoSansJP-Regular.ttf",
    "NotoSansJP-Bold.ttf",
    "NotoSansKR-Regular.ttf",
    "NotoSansKR-Bold.ttf",
)
# main.py's subcommands (its build_parser; a test checks): `dev.py play NAME ...` runs `main.py NAME ...`
GAME_COMMANDS = (
    "play",
    "score",
    "verify-log",
    "capture",
    "simulate",
    "stats",
    "tournament",
    "demo",
    "selftest",
    "mjai-bot",
    "review",
    "drill",
    "replay",
)
USAGE = """usage: python3 dev.py COMMAND [ARGS...]

commands:
  play [ARGS...]    set up .venv if needed, then open the game (python main.py play ARGS..., e.g.
                    --size 800x600; play --help lists the options); ARGS starting with one of main.py's
                    commands run that command instead (dev.py play selftest, dev.py play score ...)
  test [ARGS...]    set up .venv if needed, then run every test (pytest ARGS...)
  bench [ARGS...]   set up .venv if needed, then run the benchmarks (python -m benchmarks ARGS...)
  build [--onedir]  set up .venv if needed, then build the game with PyInstaller as one executable file,
                    dist/riichi-mahjong (.exe on Windows); --onedir: the folder dist/riichi-mahjong/"""


BUILD_NAME = "riichi-mahjong"  # build.spec's NAME


class SetupError(Exception):
    """A setup step failed; the message is the one line shown to the user."""


def venv_python() -> Path:
    """Path of the interpreter inside .venv on this platform."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def read_requirements() -> list[str]:
    """Runtime plus dev dependencies listed in pyproject.toml."""
    import tomllib  # imported here so the version check can run first on an old Python

    try:
        with (ROOT / "pyproject.toml").open("rb") as f:
            project = tomllib.load(f)["project"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        raise SetupError(f"cannot read the [project] table of {ROOT / 'pyproject.toml'}: {exc}") from exc
    return [*project.get("dependencies", []), *project.get("optional-dependencies", {}).get("dev", [])]


def setup_stamp() -> str:
    """What the installed .venv must match: pyproject.toml's content and the interpreter's version."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    digest.update(sys.version.encode())
    return digest.hexdigest()


def ensure_venv() -> Path:
    """Create .venv if missing and install the dependencies when pyproject.toml changed; return its python."""
    python = venv_python()
    if not python.exists():
        print(f"dev.py: creating {VENV} ...", flush=True)
        result = subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=False)
        if result.returncode != 0 or not python.exists():
            raise SetupError(
                f"could not create {VENV} with {sys.executable} -m venv "
                "(on Debian/Ubuntu install the python3-venv package)"
            )
    stamp = setup_stamp()
    if STAMP.exists() and STAMP.read_text(encoding="utf-8").strip() == stamp:
        if not all((FONTS_DIR / name).exists() for name in FONT_FILES):
            build_fonts(python)
        return python
    requirements = read_requirements()
    why = "pyproject.toml changed" if STAMP.exists() else "first run, this takes a while"
    print(f"dev.py: installing {len(requirements)} dependencies into {VENV} ({why}) ...")
    sys.stdout.flush()
    command = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", *requirements]
    if subprocess.run(command, check=False).returncode != 0:
        raise SetupError("pip could not install the dependencies (see pip's output above)")
    STAMP.write_text(stamp + "\n", encoding="utf-8")
    build_fonts(python)  # the font dependency may have changed; up-to-date fonts are skipped
    return python


def build_fonts(python: Path) -> None:
    """Build the Korean and Japanese UI fonts with graphics/fonts.py (skips up-to-date ones)."""
    print("dev.py: building fonts ...", flush=True)
    if subprocess.run([str(python), "-m", "graphics.fonts"], cwd=ROOT, check=False).returncode != 0:
        raise SetupError("could not build the UI fonts with graphics/fonts.py (see its output above)")


def has_worker_option(args: list[str]) -> bool:
    """Whether the user already chose pytest-xdist's worker count (or turned it off)."""
    for arg in args:
        if arg in ("-n", "--numprocesses", "--pdb", "-p") or arg.startswith(("-n", "--numprocesses=")):
            return True
    return False


def play_command(python: str, args: list[str]) -> list[str]:
    """The game's command line for `dev.py play ARGS`: main.py's own command when ARGS name one, else play."""
    if args and args[0] in GAME_COMMANDS:
        return [python, str(ROOT / "main.py"), *args]
    return [python, str(ROOT / "main.py"), "play", *args]


def build_command(python: str, onedir: bool) -> list[str]:
    """PyInstaller's command line for build.spec: one file, or the folder bundle (a spec option after --)."""
    command = [python, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm", "--log-level=WARN"]
    command += [f"--distpath={ROOT / 'dist'}", f"--workpath={ROOT / 'build' / 'pyinstaller'}"]
    return [*command, "--", "--onedir"] if onedir else command


def build_output(onedir: bool) -> Path:
    """The executable `dev.py build` makes: dist/riichi-mahjong[.exe], or inside dist/riichi-mahjong/."""
    executable = BUILD_NAME + (".exe" if os.name == "nt" else "")
    return ROOT / "dist" / BUILD_NAME / executable if onedir else ROOT / "dist" / executable


def build(python: str, onedir: bool) -> int:
    """Build the executable from build.spec and say where it is and how big."""
    kind = "folder" if onedir else "one-file"
    print(f"dev.py: building the {kind} executable with PyInstaller (a minute or two) ...", flush=True)
    status = run(build_command(python, onedir))
    output = build_output(onedir)
    if status != 0 or not output.exists():
        print("error: PyInstaller could not build the game (see its output above)", file=sys.stderr)
        return status or 1
    files = [path for path in output.parent.rglob("*") if not path.is_symlink()] if onedir else [output]
    size_mb = sum(path.stat().st_size for path in files if path.is_file()) / 1e6
    print(f"dev.py: built {output} ({size_mb:.1f} MB{' with its folder' if onedir else ''})")
    return 0


def run(command: list[str], env: dict[str, str] | None = None) -> int:
    """Run a command from the project root and return its exit status."""
    try:
        return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    except KeyboardInterrupt:
        return 130


def main(argv: list[str]) -> int:
    """Dispatch one dev.py command and return the process exit status."""
    if sys.version_info < MIN_PYTHON:
        found = ".".join(map(str, sys.version_info[:3]))
        print(f"error: Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]}+ is required, this is {found}", file=sys.stderr)
        return 1
    if not argv or argv[0] not in ("play", "test", "bench", "build"):
        print(USAGE, file=sys.stderr if argv and argv[0] not in ("-h", "--help") else sys.stdout)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    command, args = argv[0], argv[1:]
    unknown = [arg for arg in args if arg != "--onedir"] if command == "build" else []
    if unknown:
        print(f"error: build takes only --onedir, not {' '.join(unknown)}", file=sys.stderr)
        return 2
    try:
        python = str(ensure_venv())
    except SetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: setup interrupted; run the command again to finish it", file=sys.stderr)
        return 130
    if command == "play":
        return run(play_command(python, args))
    if command == "bench":
        return run([python, "-m", "benchmarks", *args])
    if command == "build":
        return build(python, onedir="--onedir" in args)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    # one hash seed for every xdist worker, so parametrizations built from sets collect in the same order
    env.setdefault("PYTHONHASHSEED", "0")
    workers = [] if has_worker_option(args) else ["-n", "auto"]
    status = run([python, "-m", "pytest", *workers, *args], env=env)
    if status == 5:
        print("error: pytest collected no tests", file=sys.stderr)
    return status


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # output piped into a reader that stopped early (e.g. `| head`)
        sys.stderr.close()
        sys.exit(1)
