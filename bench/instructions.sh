#!/bin/bash
# CPU instructions per whole hand, counted by valgrind (deterministic, unlike timings on a shared machine).
#
#     bash bench/instructions.sh GAME [N]     # GAME: a game name (razz, triple-draw-27...) or check-down
#
# Deals N+10 and 2N+10 hands (random play, six players, as bench_hands.py's per-game rows; check-down:
# 6-player Hold'em, everyone checks to the river) under callgrind and prints (second - first) / N,
# so start-up, imports and the first hands' caches cancel out (PokerKit is not imported: its import varies by
# more than a hand costs). PYTHONHASHSEED is fixed: string
# hashing otherwise moves the count by 3-4% run to run. Needs Debian's valgrind; about 2 min for N=20.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
GAME=${1:?usage: bench/instructions.sh GAME [N]}; N=${2:-20}
PY=${PYTHON:-$ROOT/.venv/bin/python}
SCRIPT=$(mktemp --suffix=.py); OUT=$(mktemp)
trap 'rm -f "$SCRIPT" "$OUT"*' EXIT
cat > "$SCRIPT" <<PY
import sys
sys.path[:0] = ["$ROOT", "$ROOT/bench"]
sys.modules["pokerkit"] = None   # not needed here; its import alone counts more, and less steadily, than the hands
import bench_hands as bh
from engine.games.registry import GAMES
from engine.hand.machine import Hand; from engine.hand.players import RandomPlayer
n, game = int(sys.argv[1]), "$GAME"
if game == "check-down":
    scenarios = [bh.holdem_scenario(s) for s in range(n + 10)]
    build = lambda i, sc: Hand(sc, decide=bh.check_down)
else:
    scenarios = [bh.game_scenario(GAMES[game], 1_000_000 + s) for s in range(n + 10)]
    build = lambda i, sc: Hand(sc, decide=RandomPlayer(1_000_000 + i))
for i, sc in enumerate(scenarios):
    bh.deal(build(i, sc))
PY
count() {
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file="$OUT" "$PY" "$SCRIPT" "$1" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
first=$(count "$N"); second=$(count $((2 * N)))
echo "$GAME: $(( (second - first) / N )) instructions/hand"
