package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Phase values for exec tests. */
final class Phases {

  private Phases() {
  }

  static Phase of(PhaseKind kind, Map<String, String> props, int threads, Optional<Path> workload) {
    return new Phase(3, kind.label() + "/local/rw/threadcount=" + threads + "/rep=1", kind, "local", "rw",
        Map.of("threadcount", Integer.toString(threads)), 1, "local:recordcount=100", workload, props, threads,
        kind == PhaseKind.LOAD, kind == PhaseKind.LOAD, Duration.ofMinutes(5), 0.01, Optional.empty());
  }

  /** A phase of {@code kind} run by this distribution of clients. */
  static Phase distributed(PhaseKind kind, Map<String, String> props, dev.ycsbmongo.orchestrator.plan.Distribution d) {
    Phase p = of(kind, props, 2, Optional.empty());
    return new Phase(p.index(), p.id(), kind, p.target(), p.scenario(), p.coordinates(), p.repetition(), p.dataSet(),
        p.workload(), p.properties(), p.threads(), p.dropBeforeLoad(), p.verifyLoad(), p.timeout(), p.maxErrorRate(),
        p.dependsOn(), dev.ycsbmongo.orchestrator.plan.PhaseSettings.of(kind, props, d));
  }

  /** A load that prepares run cells' data (repetition 0): not measured, so not held to the figures' minimums. */
  static Phase preparingLoad(Map<String, String> props) {
    return new Phase(1, "load/local/recordcount=100/#1", PhaseKind.LOAD, "local", "rw", Map.of(), 0,
        "local:recordcount=100", Optional.empty(), props, 8, true, true, Duration.ofMinutes(5), 0.01, Optional.empty());
  }
}
