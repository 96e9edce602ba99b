"""End-to-end tests: the real Claude Code binary, offline, against a scripted stand-in API."""
