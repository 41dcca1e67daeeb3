"""Developer tools that are not part of the game or the test run (fuzzing)."""
