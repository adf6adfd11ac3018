#!/usr/bin/env bash
# Install the trainer (first run only does real work) and serve it.
# Extra arguments go to `python -m webapp`, e.g. --host 0.0.0.0 --port 8000 --workers 4
# (granian, one worker process per core by default).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
pip_install .
npm_install
exec .venv/bin/python -m webapp "$@"
