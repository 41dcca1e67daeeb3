"""Benchmarks run by ``python -m benchmarks``: each module's ``run()`` returns name -> value figures."""
