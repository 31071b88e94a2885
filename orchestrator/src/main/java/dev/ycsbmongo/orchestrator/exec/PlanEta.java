package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Phase;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The plan's time left, re-estimated from the phases already run in this session: a phase with
 * maxexecutiontime takes that plus the start-up overhead measured on the capped phases run so far
 * (a fixed guess until one has run); any other phase the mean time of the uncapped phases run so far
 * (of all phases, until one has run). Unknown until one phase has run.
 */
final class PlanEta {

  /** A child JVM's start and exit around YCSB's own run time (BENCHMARKS.md: about 0.4 s here). */
  static final long STARTUP_MILLIS = 500;

  private int ran;
  private long allMillis;
  private int capped;
  private long overheadMillis;
  private int uncapped;
  private long uncappedMillis;

  /** One phase finished after {@code runtimeSeconds}. */
  void ran(Phase phase, double runtimeSeconds) {
    long millis = (long) (runtimeSeconds * 1000);
    ran++;
    allMillis += millis;
    OptionalLong cap = cap(phase);
    if (cap.isPresent()) {
      capped++;
      overheadMillis += Math.max(0, millis - cap.getAsLong() * 1000);
    } else {
      uncapped++;
      uncappedMillis += millis;
    }
  }

  /** Time left for {@code left} (the phase about to start included). */
  Optional<Duration> estimate(List<Phase> left) {
    if (ran == 0) {
      return Optional.empty();
    }
    long overhead = capped == 0 ? STARTUP_MILLIS : overheadMillis / capped;
    long mean = uncapped == 0 ? allMillis / ran : uncappedMillis / uncapped;
    long total = 0;
    for (Phase p : left) {
      OptionalLong cap = cap(p);
      total += cap.isPresent() ? cap.getAsLong() * 1000 + overhead : mean;
    }
    return Optional.of(Duration.ofMillis(total));
  }

  private static OptionalLong cap(Phase p) {
    return p.counts().maxExecutionTimeSeconds();
  }
}
