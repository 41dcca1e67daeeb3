"""A misbehaving mjai bot for the seat tests: ``bad_bot.py MODE [N]`` answers "none" to its first N lines.

After that: ``crash`` exits, ``stall`` sleeps (no answer), ``garbage`` writes a line that is not JSON,
``illegal`` keeps answering "none" (never legal on its own turn), ``chatty`` writes two lines per input line.
``crash-start`` exits before reading anything.
"""

import json
import sys
import time

mode = sys.argv[1]
quiet_lines = int(sys.argv[2]) if len(sys.argv) > 2 else 0
if mode == "crash-start":
    sys.exit(3)
NONE = json.dumps({"type": "none"})
for number, _line in enumerate(sys.stdin, start=1):
    if number > quiet_lines:
        if mode == "crash":
            sys.exit(4)
        if mode == "stall":
            time.sleep(600)
        if mode == "garbage":
            print("this is not json", flush=True)
            continue
        if mode == "chatty":
            print(NONE, flush=True)
    print(NONE, flush=True)
