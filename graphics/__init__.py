"""Presentation with pygame: the window loop, scenes, layout math and procedurally drawn tile art."""

import os

# pygame prints a banner on import; keep stdout clean for the command-line tools and tests
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
