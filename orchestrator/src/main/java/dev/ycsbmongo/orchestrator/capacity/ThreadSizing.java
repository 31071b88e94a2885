package dev.ycsbmongo.orchestrator.capacity;

/**
 * The YCSB threads a step at an offered rate needs. By Little's law a rate {@code r} whose operations each
 * take {@code L} keeps {@code r x L} operations in flight; within the SLO, {@code L <= SLO}, so {@code r x SLO}
 * threads carry the rate at the bound. A YCSB thread runs one operation at a time, so fewer threads make the
 * client, not the server, the limit; {@link #HEADROOM} doubles the count so a step near the bound is not
 * client-bound by the arithmetic's own edge.
 */
public final class ThreadSizing {

  public static final double HEADROOM = 2.0;
  /** Per client process: beyond this many threads a YCSB JVM spends itself on scheduling. */
  public static final int MAX_PER_CLIENT = 1024;

  private ThreadSizing() {
  }

  /** Threads per client for {@code rate} over {@code clients} processes: the plan's, or Little's law's. */
  public static int perClient(CapacitySpec spec, double rate, int clients) {
    if (spec.threads().isPresent()) {
      return Math.max(1, (int) Math.ceil(spec.threads().getAsInt() / (double) clients));
    }
    double total = rate * spec.sloMicros() / 1e6 * HEADROOM;
    int per = (int) Math.ceil(total / clients);
    return Math.max(1, Math.min(MAX_PER_CLIENT, per));
  }
}
