#!/usr/bin/env bash
# vitrine's benchmark against Hugo and the write floor. See bench/bench.py.
#   bench/run.sh               N = 1000 10000 100000
#   bench/run.sh 1000 10000    only these sizes
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared/bench
if [[ ! -f $shared/gen_catalog.py || ! -f $shared/hugo_site.py ]]; then
  echo "bench: $shared/gen_catalog.py and hugo_site.py are missing (expected next to this repository)" >&2
  exit 1
fi
as_root() { if [[ $(id -u) == 0 ]]; then "$@"; else sudo "$@"; fi; }
if [[ ! -x /usr/bin/time ]]; then as_root apt-get install -y time >&2; fi
if ! command -v hugo >/dev/null; then
  as_root apt-get install -y hugo >&2 || echo "bench: hugo could not be installed; its rows are skipped" >&2
fi
export BENCH_DIR=${BENCH_DIR:-/tmp/vitrine-bench}
mkdir -p "$BENCH_DIR"
cc -O2 -pthread -o "$BENCH_DIR/floor" bench/floor.c
# The binary users install (scripts/build-static.sh: the Swift runtime, Foundation and
# libcmark linked in, stripped): the dynamic loader's work for a plainly linked build took
# 6 ms of every run, a sixth of an unchanged rebuild at 10,000 items.
bash scripts/build-static.sh ${VITRINE_BUILD:+--scratch-path "$VITRINE_BUILD"} "$BENCH_DIR/vitrine" >&2
export VITRINE_BIN="$BENCH_DIR/vitrine/bin/vitrine"
exec python3 bench/bench.py "$@"
