#!/usr/bin/env bash
#
# bench/install-size.sh: what the orchestrator puts on every user's class path. Empties
# orchestrator/target/lib (maven-dependency-plugin's copy never removes a jar an earlier build left
# there), runs `mvn -o package -DskipTests` for the orchestrator, and prints the jar count and size of
# that directory, in all and for the groups that matter: fabric8 (the Kubernetes backend: io.fabric8
# and the snakeyaml-engine only it brings) and the Prometheus client (run --metrics-port). No server.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/bench/header.sh"
LIB=$ROOT/orchestrator/target/lib
rm -rf "$LIB"
mvn -B -q -o -f "$ROOT/pom.xml" -pl orchestrator -am package -DskipTests >/dev/null
bench_header "$ROOT" "no server: orchestrator/target/lib after a fresh package"
for jar in "$LIB"/*.jar; do
  printf '%s %s\n' "$(stat -c %s "$jar")" "$(basename "$jar")"
done | awk '
  { n++; b += $1 }
  $2 ~ /^(kubernetes-|zjsonpatch-|snakeyaml-engine-)/ { fn++; fb += $1; fabric8 = fabric8 " " $2 }
  $2 ~ /^prometheus-metrics-/ { pn++; pb += $1; prom = prom " " $2 }
  END {
    printf "all jars: %d, %.1f MB\n", n, b / 1e6
    printf "fabric8 (Kubernetes backend): %d jars, %.1f MB:%s\n", fn, fb / 1e6, fabric8
    printf "Prometheus client (--metrics-port): %d jars, %.2f MB:%s\n", pn, pb / 1e6, prom
  }'
