#!/bin/sh
# scripts/lib/cds-dump.sh ycsb|orchestrator: builds the class data sharing archive the launcher
# starts java with (YCSBM_YCSB_CDS or YCSBM_ORCHESTRATOR_CDS in common.sh), from the class list
# scripts/lib/cds.classlist (bench/cds-classlist.sh writes it), for the launcher's own class path
# and with the java it will run. Run by `mvn package` once the jars and target/lib are in place.
#
# An archive is an optimisation: when java cannot build one, this prints one line and exits 0,
# and the launcher starts without it. java's own output goes to ARCHIVE.log.
YCSBM_SCRIPT_DIR=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd) || exit 2
YCSBM_PROG=cds-dump
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$YCSBM_SCRIPT_DIR/lib/common.sh"

case ${1:-} in
  ycsb) archive=$YCSBM_YCSB_CDS class_path=$YCSBM_YCSB_CLASS_PATH ;;
  orchestrator) archive=$YCSBM_ORCHESTRATOR_CDS class_path=$YCSBM_ORCHESTRATOR_CLASS_PATH ;;
  *) ycsbm_die 2 "usage: scripts/lib/cds-dump.sh ycsb|orchestrator" ;;
esac
ycsbm_find_java
mkdir -p "$(dirname -- "$archive")" || exit 2
rm -f "$archive"
partial=$archive.$$.tmp
if "$YCSBM_JAVA" -Xshare:dump -XX:SharedClassListFile="$YCSBM_SCRIPT_DIR/lib/cds.classlist" \
    -XX:SharedArchiveFile="$partial" -cp "$class_path" >"$archive.log" 2>&1 && [ -s "$partial" ]; then
  mv -f "$partial" "$archive"
else
  rm -f "$partial"
  printf '%s: no class data sharing archive for %s (java -Xshare:dump failed, see %s); the launcher starts without one\n' \
    "$YCSBM_PROG" "$1" "$archive.log"
fi
