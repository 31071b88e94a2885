#!/bin/sh
#
# bench/study1-table.sh: runs bench/plans/study1-local-ssd-embedded.yaml (study 1's local-SSD load table
# at 1/1000 of its record counts and 1/8 of its threads, each size on its own embedded test server: NOT
# MongoDB) and prints the shaped table README.md's Studies section shows beside the published one.
# Needs `mvn package` first.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
. "$root/bench/header.sh"
bench_header "$root" "server: embedded test server (mongo-java-server), not MongoDB"
status=0
"$root/scripts/orchestrator" run "$root/bench/plans/study1-local-ssd-embedded.yaml" -o "$out" --progress none \
  >/dev/null 2>"$out/err" || status=$?
echo "exit: $status"
[ "$status" -eq 0 ] || cat "$out/err"
cat "$out"/study1-local-ssd-embedded-*/tables/load.md
