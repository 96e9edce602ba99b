# The two commands of the README: `make demo` and `make test`. Everything else is a helper.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test lint typecheck pytest clean peers bench fuzz

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files: re-install only when the packaging changes.
$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml $(wildcard plugins/*/pyproject.toml)
	$(BIN)/python -m pip install --quiet -e '.[test]' $(patsubst %/pyproject.toml,-e %,$(wildcard plugins/*/pyproject.toml))
	touch $(VENV)/.installed $@

demo: $(VENV)/.installed
	$(BIN)/python examples/demo.py

# Latency and throughput against the interpreter's floor (docs/performance.md); writes
# bench-results.json. BENCH_ARGS passes options, e.g. BENCH_ARGS="--rounds 3".
bench: $(VENV)/.installed
	$(BIN)/python bench/run.py $(BENCH_ARGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests examples bench conftest.py plugins docs

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

# One worker per core (pytest-xdist), idle workers taking queued tests from busy ones: the
# suite is ~5,700 tests, many of them processes and hypothesis runs. PYTEST_ARGS adds options,
# e.g. PYTEST_ARGS="-n 0" for one process.
pytest: $(VENV)/.installed-test
	$(BIN)/pytest -n auto --dist worksteal $(PYTEST_ARGS)

test: lint typecheck pytest

# The deep run of the property tests, not part of `make test`: hypothesis's `fuzz` profile
# (conftest.py), fresh random seeds and GK_FUZZ_EXAMPLES examples (20,000) per test.
fuzz: $(VENV)/.installed-test
	$(BIN)/pytest -n 0 tests/test_metamorphic.py tests/test_differential.py --hypothesis-profile=fuzz --hypothesis-show-statistics $(PYTEST_ARGS)

# The peers' corpora (../shared/peer-data, or PEER_DATA=dir) → docs/peer-comparison.md.
peers: $(VENV)/.installed-test
	$(BIN)/python -m tests.peer_corpora $(if $(PEER_DATA),--data $(PEER_DATA))

clean:
	rm -rf $(VENV) .cache .pytest_cache .mypy_cache .ruff_cache
