"""Sound cues for shown events, made by our own code, behind a mixer that is silent without audio."""

import os

# pygame prints a banner on import; keep stdout clean for the command-line tools and tests
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
