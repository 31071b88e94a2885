#!/bin/sh
#
# bench/host-watch.sh [EXTRA...]: what watching the client host costs (package
# dev.ycsbmongo.orchestrator.host): one reading, taken once a second through every cell (/proc/stat
# and every process's /proc/[pid]/stat, for this process tree's CPU time), in CPU and wall
# microseconds, with the machine's own processes and with EXTRA idle processes added (default 0
# 1000); a cell's fixed cost (its first and last readings); and finding the process that listens on
# a port (a local target's server). No server. Needs `mvn package`
# first. Linux only. POSIX sh.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
[ -e "$root/bench/target/bench-0.1.0-SNAPSHOT.jar" ] && [ -e "$root/orchestrator/target/lib" ] \
  || { echo "bench: run mvn package first" >&2; exit 2; }
. "$root/bench/header.sh"
bench_header "$root" "no server; java: $(java -version 2>&1 | head -1)"
exec java -Xmx256m -cp "$root/bench/target/bench-0.1.0-SNAPSHOT.jar:$root/orchestrator/target/orchestrator-0.1.0-SNAPSHOT.jar:$root/orchestrator/target/lib/*" \
  dev.ycsbmongo.bench.HostWatchBench "$@"
