package dev.ycsbmongo.orchestrator.kubernetes;

/**
 * Receives the client pods' log lines, one call per line, in order within one client, as the
 * lines are written. Called from several threads at once (one log follower per pod, one thread
 * for all lines of one client): an implementation must be thread-safe. Secret values are already
 * masked. What it throws fails {@link ClientFleet#run} (thrown from there).
 */
@FunctionalInterface
public interface ClientLineSink {

  /**
   * @param clientIndex the client's completion index, 0..N-1
   * @param line one line of its log, without the line terminator
   */
  void line(int clientIndex, String line);
}
