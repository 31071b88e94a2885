package dev.ycsbmongo.orchestrator.kubernetes;

/**
 * Receives the client pods' log lines, one call per line, in order within one client. Called
 * from the thread running {@link ClientFleet#run}; secret values are already masked.
 */
@FunctionalInterface
public interface ClientLineSink {

  /**
   * @param clientIndex the client's completion index, 0..N-1
   * @param line one line of its log, without the line terminator
   */
  void line(int clientIndex, String line);
}
