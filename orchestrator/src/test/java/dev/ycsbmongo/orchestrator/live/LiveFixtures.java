package dev.ycsbmongo.orchestrator.live;

import dev.ycsbmongo.orchestrator.exec.ProgressListener.Measurement;
import dev.ycsbmongo.orchestrator.exec.ProgressListener.PhaseProgress;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A phase and YCSB status intervals as the runner reports them. */
final class LiveFixtures {

  static final Phase RUN = new Phase(2, "run/local/rw-50-50/threadcount=8/rep=1", PhaseKind.RUN, "local", "rw-50-50",
      Map.of("threadcount", "8"), 1, "local:-", Optional.empty(), Map.of(), 8, false, false, Duration.ofHours(1), 0.01,
      Optional.empty());

  static final Phase LOAD = new Phase(1, "load/local/rw-50-50/rep=0", PhaseKind.LOAD, "local", "rw-50-50",
      Map.of(), 0, "local:-", Optional.empty(), Map.of(), 4, false, false, Duration.ofHours(1), 0.01,
      Optional.empty());

  private LiveFixtures() {
  }

  /** {@code [NAME: Count=count, Max=max, Avg=avg, 90=..., 99=...]} with the 90th at twice and the 99th at three times the mean, the 99.9th at the largest. */
  static Measurement measurement(String name, long count, double avgMicros, double maxMicros) {
    TreeMap<Double, Double> percentiles = new TreeMap<>();
    percentiles.put(90.0, avgMicros * 2);
    percentiles.put(99.0, avgMicros * 3);
    percentiles.put(99.9, maxMicros);
    return new Measurement(name, count, avgMicros, maxMicros, percentiles);
  }

  /** A status of a phase of 100,000 operations. */
  static PhaseProgress status(long elapsed, long operations, double currentOpsPerSec, long errorsSoFar,
      Measurement... measurements) {
    return new PhaseProgress(elapsed, operations, 100_000L, null, currentOpsPerSec, errorsSoFar, List.of(measurements));
  }
}
