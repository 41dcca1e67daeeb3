"""The mjai protocol: our AI as an mjai bot on stdin/stdout, and external mjai bots as seats at our table."""
