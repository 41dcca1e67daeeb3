"""Game logs: a neutral game record, and readers and writers for Tenhou mjlog, tenhou.net/6 JSON and mjai."""
