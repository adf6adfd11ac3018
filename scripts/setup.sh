# Sourced by serve.sh and test.sh: install what the trainer needs, idempotently.
# Debian packages come from apt (as root, or through sudo), Python packages
# into .venv from PyPI, htmx 2.x from the npm registry as pinned in package.json.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
APT_UPDATED=""

apt_install() {  # apt_install PACKAGE... : only what is missing
  if [ -z "$APT_UPDATED" ]; then
    echo "==> apt-get update"
    $SUDO apt-get update -qq
    APT_UPDATED=1
  fi
  echo "==> apt-get install $*"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
  echo "The trainer needs Python 3.11 or newer as '$PYTHON' (set PYTHON=/path/to/python3.11)." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv --help >/dev/null 2>&1 || ! "$PYTHON" -c 'import ensurepip' 2>/dev/null; then
    apt_install python3-venv
  fi
  echo "==> creating .venv"
  "$PYTHON" -m venv .venv
fi

if ! command -v npm >/dev/null 2>&1; then
  apt_install nodejs npm
fi

pip_install() {  # pip_install SPEC : quiet unless something goes wrong
  echo "==> pip install $1"
  .venv/bin/python -m pip install -q --disable-pip-version-check -e "$1"
}

npm_install() {
  if [ ! -f node_modules/htmx.org/dist/htmx.min.js ] || [ ! -f node_modules/codemirror/lib/codemirror.js ] \
     || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "==> npm ci (htmx and the lesson editor's CodeMirror 5, pinned in package.json)"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}
