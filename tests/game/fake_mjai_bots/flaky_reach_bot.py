"""Our own mjai bot, except that it answers the line showing its own reach with garbage (argument: rules)."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root, for game and rules

from game.mjai.bot import MjaiBot
from rules.ruleset import preset

bot = MjaiBot("normal", preset(sys.argv[1]))
seat = None
for line in sys.stdin:
    events = json.loads(line)
    if events and events[0].get("type") == "start_game":
        seat = events[0]["id"]
    answer = bot.react(events)
    if events == [{"type": "reach", "actor": seat}]:
        print("a riichi? which tile?", flush=True)
    else:
        print(json.dumps(answer), flush=True)
