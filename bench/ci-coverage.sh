#!/bin/sh
#
# bench/ci-coverage.sh [REPLICATES]: how often the orchestrator's 95% intervals (package
# dev.ycsbmongo.orchestrator.stats) hold the truth on synthetic series of known mean and
# autocorrelation, and how its precision rule and early stop behave. Prints: the coverage of
# batch-means intervals (5 and 10 batches) on AR(1) series with lag-1 correlation 0, 0.5, 0.8, 0.95
# and lengths 20-300, and on a series with a level shift; the coverage of the average-latency and
# percentile intervals; the share of stationary and drifting series the precision rule calls
# precise / not precise / drifting; and the early stop's coverage. REPLICATES per case (default
# 2,000; the percentile rows use a tenth of it). Fixed seeds: the figures repeat exactly. No server,
# no files; about a minute on 2 cores. Runs CoverageTable from the orchestrator's test classes, so
# needs `mvn package -DskipTests` first (which compiles them). POSIX sh.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
classes="$root/orchestrator/target/test-classes"
[ -e "$classes/dev/ycsbmongo/orchestrator/stats/CoverageTable.class" ] && [ -e "$root/orchestrator/target/lib" ] \
  || { echo "bench: run mvn package -DskipTests first (it compiles the orchestrator's test classes)" >&2; exit 2; }
. "$root/bench/header.sh"
bench_header "$root" "synthetic series, no server; java: $(java -version 2>&1 | head -1)"
exec java -Xmx512m -cp "$classes:$root/orchestrator/target/orchestrator-0.1.0-SNAPSHOT.jar:$root/orchestrator/target/lib/*" \
  dev.ycsbmongo.orchestrator.stats.CoverageTable "${1:-2000}"
