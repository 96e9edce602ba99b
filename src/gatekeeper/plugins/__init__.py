"""gatekeeper's built-in checkers, one module per domain; each module docstring documents its rules."""
