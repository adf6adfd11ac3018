#!/usr/bin/env bash
# Install the test dependencies (Debian's chromium for Playwright) and run
# the whole suite, slow exhaustive checks and browser tests included.
# Extra arguments go to pytest, e.g. -m "not slow" for a quick local run.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
pip_install ".[test]"
npm_install
if [ -z "${CHROMIUM:-}" ]; then
  CHROMIUM="$(command -v chromium || true)"
  if [ -z "$CHROMIUM" ]; then
    apt_install chromium
    CHROMIUM="$(command -v chromium)"
  fi
fi
export CHROMIUM
echo "==> lesson library check (python -m webapp.lessons check lessons)"
.venv/bin/python -m webapp.lessons check lessons
echo "==> type check (mypy --strict on engine/, as pyproject's [tool.mypy] says)"
.venv/bin/mypy
# One worker per core (pytest-xdist): the browser tests are most of the time.
exec .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-auto}" "$@"
