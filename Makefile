# The two commands of the README: `make demo` and `make test`. Everything else is a helper.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test lint typecheck pytest clean bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: re-install only when the packaging changes.
$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml $(wildcard plugins/*/pyproject.toml)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

demo: $(VENV)/.installed
	$(BIN)/python examples/demo.py

# Latency and throughput against the interpreter's floor (docs/performance.md); writes
# bench-results.json. BENCH_ARGS passes options, e.g. BENCH_ARGS="--rounds 3".
bench: $(VENV)/.installed
	$(BIN)/python bench/run.py $(BENCH_ARGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests examples bench conftest.py

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

pytest: $(VENV)/.installed-test
	$(BIN)/pytest

test: lint typecheck pytest

clean:
	rm -rf $(VENV) .cache .pytest_cache .mypy_cache .ruff_cache
