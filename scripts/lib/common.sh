# shellcheck shell=sh
# The YCSBM_* variables set here are used by the launchers that source this file.
# shellcheck disable=SC2034
#
# Shared helpers for the launchers in scripts/ (ycsb, embedded-mongo, orchestrator).
# Sourced, never executed. POSIX sh only.
#
# The caller sets, before sourcing:
#   YCSBM_SCRIPT_DIR  the physical directory of the launcher (symlinks already followed)
#   YCSBM_PROG        the launcher's name, used as the prefix of every message
#
# After sourcing, the caller has:
#   YCSBM_ROOT        the project root (the parent of scripts/)
#   YCSBM_*_JAR/_LIB  where `mvn package` puts the jars and their dependencies
#   YCSBM_*_CLASS_PATH, YCSBM_*_CDS  each launcher's class path, and its class data sharing archive
#   ycsbm_die, ycsbm_version, ycsbm_require_built, ycsbm_find_java, ycsbm_quote_args, ycsbm_cds_options

# The project version in the jar names; keep in step with <version> in pom.xml.
YCSBM_PROJECT_VERSION=0.1.0-SNAPSHOT

YCSBM_ROOT=$(CDPATH='' cd -P -- "$YCSBM_SCRIPT_DIR/.." && pwd) || {
  printf '%s: cannot find the project root from %s\n' "$YCSBM_PROG" "$YCSBM_SCRIPT_DIR" >&2
  exit 2
}

YCSBM_BINDING_JAR=$YCSBM_ROOT/mongodb-binding/target/mongodb-binding-$YCSBM_PROJECT_VERSION.jar
YCSBM_BINDING_LIB=$YCSBM_ROOT/mongodb-binding/target/lib
YCSBM_ORCHESTRATOR_JAR=$YCSBM_ROOT/orchestrator/target/orchestrator-$YCSBM_PROJECT_VERSION.jar
YCSBM_ORCHESTRATOR_LIB=$YCSBM_ROOT/orchestrator/target/lib

# The class paths, exactly as java gets them: scripts/lib/cds-dump.sh builds each archive for
# this very string (a class data sharing archive serves only the class path it was dumped with).
YCSBM_YCSB_CLASS_PATH="$YCSBM_BINDING_JAR:$YCSBM_BINDING_LIB/*"
YCSBM_ORCHESTRATOR_CLASS_PATH="$YCSBM_ORCHESTRATOR_JAR:$YCSBM_ORCHESTRATOR_LIB/*:$YCSBM_YCSB_CLASS_PATH"
YCSBM_YCSB_CDS=$YCSBM_ROOT/mongodb-binding/target/cds/ycsb.jsa
YCSBM_ORCHESTRATOR_CDS=$YCSBM_ROOT/orchestrator/target/cds/orchestrator.jsa

# ycsbm_die STATUS MESSAGE...: print "PROG: MESSAGE" on stderr and exit with STATUS.
ycsbm_die() {
  _ycsbm_status=$1
  shift
  printf '%s: %s\n' "$YCSBM_PROG" "$*" >&2
  exit "$_ycsbm_status"
}

# ycsbm_version: print "PROG VERSION, commit COMMIT (YCSB 0.17.0)" from the build's build.properties
# (written by mvn package: mongodb-binding/pom.xml), as the Java side's --version says it; no JVM starts.
ycsbm_version() {
  _ycsbm_props=$YCSBM_ROOT/mongodb-binding/target/classes/dev/ycsbmongo/binding/build.properties
  if [ -r "$_ycsbm_props" ]; then
    _ycsbm_version=$(sed -n 's/^version=//p' "$_ycsbm_props")
    _ycsbm_commit=$(sed -n 's/^commit=//p' "$_ycsbm_props" | cut -c1-12)
    _ycsbm_changes=
    [ "$(sed -n 's/^modified=//p' "$_ycsbm_props")" = true ] && _ycsbm_changes=' with local changes'
    printf '%s %s, commit %s%s (YCSB 0.17.0)\n' "$YCSBM_PROG" "$_ycsbm_version" "${_ycsbm_commit:-unknown}" \
      "$_ycsbm_changes"
  else
    printf '%s %s, commit unknown: not built (mvn package records it) (YCSB 0.17.0)\n' "$YCSBM_PROG" \
      "$YCSBM_PROJECT_VERSION"
  fi
}

# ycsbm_require_built PATH...: exit 2 with one line (never a Java stack trace) unless every
# PATH exists. Pass the jars and lib directories the launcher puts on the class path.
ycsbm_require_built() {
  for _ycsbm_path in "$@"; do
    if [ ! -e "$_ycsbm_path" ]; then
      ycsbm_die 2 "the project is not built: run mvn package first (in $YCSBM_ROOT)"
    fi
  done
}

# ycsbm_find_java: set YCSBM_JAVA to $JAVA_HOME/bin/java when JAVA_HOME is set, else to the
# java found on PATH; exit 2 with one line when there is none.
ycsbm_find_java() {
  if [ -n "${JAVA_HOME:-}" ]; then
    YCSBM_JAVA=$JAVA_HOME/bin/java
    if [ ! -x "$YCSBM_JAVA" ]; then
      ycsbm_die 2 "JAVA_HOME is set to '$JAVA_HOME' but $YCSBM_JAVA is not an executable; fix or unset JAVA_HOME"
    fi
  else
    YCSBM_JAVA=java
    if ! command -v java >/dev/null 2>&1; then
      ycsbm_die 2 "java not found on PATH: install a JDK 17 or newer, or set JAVA_HOME"
    fi
  fi
}

# ycsbm_quote_args ARG...: print the arguments on one line, each quoted for sh where needed,
# so a printed command can be read unambiguously (used by the debug output).
ycsbm_quote_args() {
  _ycsbm_line=
  for _ycsbm_arg in "$@"; do
    case $_ycsbm_arg in
      '' | *[!A-Za-z0-9_./:=+,@%-]*)
        _ycsbm_arg="'$(printf '%s' "$_ycsbm_arg" | sed "s/'/'\\\\''/g")'"
        ;;
    esac
    _ycsbm_line="$_ycsbm_line $_ycsbm_arg"
  done
  printf '%s\n' "${_ycsbm_line# }"
}

# ycsbm_cds_options ARCHIVE [JVM OPTION...]: set YCSBM_CDS_OPTIONS to the options that start java
# with the class data sharing archive ARCHIVE (classes loaded and verified once, at mvn package:
# about 0.4 s less CPU per JVM start, BENCHMARKS.md), or to nothing when ARCHIVE is missing, its
# path has blanks (the options are split on blanks), or the given JVM options already choose
# (-Xshare:off, another archive, a class list dump). A stale archive (a jar rebuilt since, another
# JDK) is refused by java itself, which then starts as without it; -Xlog:cds=off keeps that quiet.
ycsbm_cds_options() {
  YCSBM_CDS_OPTIONS=
  _ycsbm_archive=$1
  shift
  [ -f "$_ycsbm_archive" ] || return 0
  case $_ycsbm_archive in *[[:space:]]*) return 0 ;; esac
  for _ycsbm_option in "$@"; do
    case $_ycsbm_option in
      -Xshare:* | -XX:SharedArchiveFile=* | -XX:ArchiveClassesAtExit=* | -XX:DumpLoadedClassList=* | -XX:SharedClassListFile=*)
        return 0 ;;
    esac
  done
  YCSBM_CDS_OPTIONS="-XX:SharedArchiveFile=$_ycsbm_archive -Xlog:cds=off"
}
