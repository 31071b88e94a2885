package dev.ycsbmongo.orchestrator.host;

/**
 * One reading of the client host.
 *
 * @param nanos when ({@link System#nanoTime})
 * @param host the machine's CPU time, null when unknown
 * @param treeTicks this process tree's CPU ticks, null when unknown
 */
record HostSample(long nanos, CpuTimes host, Long treeTicks) {

  boolean complete() {
    return host != null && treeTicks != null;
  }
}
