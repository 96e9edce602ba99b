"""The shell model: bash text → `Command` values (`parse`) and what each one touches (`effects`)."""
