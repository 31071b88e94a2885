package dev.ycsbmongo.orchestrator.capacity;

/**
 * What one open-loop step measured, over its steady window.
 *
 * @param offered the rate asked of YCSB ({@code -target}, over all threads and clients), operations per second
 * @param achieved the operations per second completed
 * @param threads the YCSB threads driving the step, over all clients
 * @param intendedMicros the plan's percentile of intended-time latency (from when each operation should have
 *     started: queueing behind a slow server counts), microseconds
 * @param intendedP50Micros intended-time p50
 * @param intendedP99Micros intended-time p99
 * @param intendedP999Micros intended-time p99.9
 * @param operationAvgMicros YCSB's operation latency (from when the operation actually started), average: with
 *     {@code achieved} it gives the threads busy (Little's law), which tells a client-bound step
 * @param operationMicros the plan's percentile of operation latency, shown beside the intended one
 */
public record StepFigures(double offered, double achieved, int threads, double intendedMicros,
    double intendedP50Micros, double intendedP99Micros, double intendedP999Micros, double operationAvgMicros,
    double operationMicros) {

  /** Achieved over offered. */
  public double sustainedShare() {
    return offered <= 0 ? 0 : achieved / offered;
  }

  /** Threads busy on average (Little's law: throughput x time in the system), over the threads there are. */
  public double busyShare() {
    return threads <= 0 ? 0 : achieved * operationAvgMicros / 1e6 / threads;
  }
}
