"""A misbehaving mjai bot for the seat tests: ``bad_bot.py MODE [N]`` plays as our own AI (rule set
"standard") for its first N lines, then misbehaves once as MODE says, then plays well again (so only the
seat's benching keeps its later answers out of the game):

``crash`` exits; ``stall`` sleeps (no answer); ``garbage`` writes a line that is not JSON; ``illegal`` answers
its next real action (not "none") with a discard of no tile; ``deep`` writes ``"[" * 100000``; ``bignum`` an
action holding an integer of 5000 digits; ``huge`` a 2 MB action; ``not-utf8`` bytes that are not UTF-8;
``chatty`` writes every answer from then on twice. ``crash-start`` exits before reading anything.
"""

import json
import sys
import time
from pathlib import Path

mode = sys.argv[1]
quiet_lines = int(sys.argv[2]) if len(sys.argv) > 2 else 0
if mode == "crash-start":
    sys.exit(3)

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root, for game and rules

from game.mjai.bot import MjaiBot  # noqa: E402 - after the path is set
from rules.ruleset import preset  # noqa: E402

SHAPES = {
    "garbage": b"this is not json",
    "deep": b"[" * 100000,
    "bignum": b'{"type":"none","n":' + b"9" * 5000 + b"}",
    "huge": json.dumps({"type": "none", "pad": "x" * 2_000_000}).encode(),
    "not-utf8": b'\xff\xfe{"type":"none"}',
    "illegal": json.dumps({"type": "dahai", "pai": "?", "tsumogiri": True}).encode(),
}


def write(line: bytes) -> None:
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


bot = MjaiBot("normal", preset("standard"))
misbehaved = False
for number, line in enumerate(sys.stdin.buffer, start=1):
    answer = json.dumps(bot.react(json.loads(line))).encode()
    if number <= quiet_lines or misbehaved:
        write(answer)
        continue
    if mode == "crash":
        sys.exit(4)
    if mode == "stall":
        time.sleep(600)
    if mode == "chatty":
        write(answer)
        write(answer)
        continue
    if mode == "illegal" and json.loads(answer)["type"] == "none":
        write(answer)  # a pass is often legal: spoil a real action instead
        continue
    misbehaved = True
    write(SHAPES[mode])
