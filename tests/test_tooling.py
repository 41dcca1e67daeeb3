"""The code-quality gates as tests: ruff lint and format, mypy (pyproject.toml) and the import contract."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# console scripts sit beside the venv's interpreter (bin/ or Scripts/), so sys.executable is not resolved
SCRIPTS = Path(sys.executable).parent


def run_tool(*command: str) -> subprocess.CompletedProcess[str]:
    """Run a tool from the project root and capture everything it prints."""
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(
            (sys.executable, "-m", "ruff", "check", "--no-fix", "--output-format=concise", "."),
            id="ruff-check",
        ),
        pytest.param((sys.executable, "-m", "ruff", "format", "--check", "."), id="ruff-format"),
        pytest.param((sys.executable, "-m", "mypy"), id="mypy"),
        pytest.param((str(SCRIPTS / "lint-imports"), "--no-cache"), id="import-contract"),
    ],
)
def test_tool_passes(command: tuple[str, ...]) -> None:
    result = run_tool(*command)
    assert result.returncode == 0, f"{' '.join(command[1:])} failed:\n{result.stdout}\n{result.stderr}"
