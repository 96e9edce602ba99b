"""The implementations of the `gatekeeper` subcommands (cli.py only parses arguments)."""
