package dev.ycsbmongo.orchestrator.exec;

/**
 * A stretch of a phase in which the client recorded no progress, and what showed it: a run of
 * status intervals without one successful operation (the server or the network held the
 * operations), an interval far longer than the status interval (the client's JVM did not run at
 * all: stopped, a paused VM, a frozen host), or a pause in the child's GC log.
 *
 * @param seconds how long it lasted
 * @param startSeconds when it started, seconds after the phase's first interval started
 * @param cause what it was, the subject of the verdict's sentence ("client or server froze")
 */
record Stall(double seconds, double startSeconds, String cause) {

  static final String NO_OPERATIONS = "throughput fell to 0";
  static final String FROZE = "client or server froze";
  static final String GC = "GC paused the client";

  /**
   * Shorter than this, a late status tick or a GC pause is not named: at the status interval's
   * one-second resolution it cannot be told from a busy machine's scheduling.
   */
  static final double SHORTEST_NAMED_SECONDS = 1.0;

  static final Stall NONE = new Stall(0, 0, null);

  boolean longerThan(Stall other) {
    return seconds > other.seconds;
  }
}
