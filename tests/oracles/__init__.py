"""Oracle tests: our hand calculator against results computed by independent engines."""
