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
echo "==> type check (.venv/bin/mypy: strict, files from pyproject [tool.mypy]); errors per file, reported, not failing yet"
mypy_out="$(.venv/bin/mypy 2>&1 || true)"
printf '%s\n' "$mypy_out" | sed -nE 's/^([^:]+\.py):[0-9]+: error:.*/\1/p' | sort | uniq -c | sort -rn
printf '%s\n' "$mypy_out" | tail -n 1
exec .venv/bin/python -m pytest "$@"
