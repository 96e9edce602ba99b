"""The command-line commands other than `hook` and `check`, one module each."""
