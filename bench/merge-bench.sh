#!/bin/sh
#
# bench/merge-bench.sh [REPETITIONS]: how long the orchestrator takes to read N clients' frames and
# merge them into one cell (package dev.ycsbmongo.orchestrator.clients), for N = 1, 2, 4,
# 16, 64 clients x 60 one-second intervals x 4 operations (1000 latencies per interval and
# operation). Merge time is the median of REPETITIONS (default 9) after 3 warm-up merges; read
# time is one pass over all clients' frame text. Needs `mvn package` first. POSIX sh.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
[ -e "$root/bench/target/bench-0.1.0-SNAPSHOT.jar" ] && [ -e "$root/orchestrator/target/lib" ] \
  || { echo "bench: run mvn package first" >&2; exit 2; }
. "$root/bench/header.sh"
bench_header "$root" "java: $(java -version 2>&1 | head -1)"
exec java -Xmx1g -cp "$root/bench/target/bench-0.1.0-SNAPSHOT.jar:$root/orchestrator/target/orchestrator-0.1.0-SNAPSHOT.jar:$root/orchestrator/target/lib/*" \
  dev.ycsbmongo.bench.MergeBench "${1:-9}"
