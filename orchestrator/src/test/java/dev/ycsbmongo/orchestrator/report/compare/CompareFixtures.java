package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Result records for comparisons: cells with a chaining switch, labels and repetitions. */
final class CompareFixtures {

  private CompareFixtures() {
  }

  /**
   * A run cell of {@code target} with server.chainingAllowed={@code chaining}; throughput is
   * {@code kOps} thousand ops/s over the 50 s steady window (reads and updates half each).
   */
  static PhaseResult cell(int index, String target, boolean chaining, int rep, double kOps, double readAvg) {
    long half = (long) (kOps * 1000 * 50 / 2 * 6 / 5);
    PhaseResult r = ResultFixtures.run(index, target, "rw-50-50", 8, rep, readAvg / 0.9, readAvg * 1.5 / 0.9, half, half,
        ResultFixtures.MONGO);
    Map<String, String> coords = new LinkedHashMap<>(r.coordinates());
    coords.put("server.chainingAllowed", Boolean.toString(chaining));
    return ResultFixtures.with(r, PhaseKind.RUN, coords, r.phaseId() + "/chaining=" + chaining, PhaseStatus.SUCCEEDED,
        null, null, null);
  }

  /** {@code r} on another target (name and labels), as when BY is a label or the target. */
  static PhaseResult on(PhaseResult r, String target, Map<String, String> labels) {
    return ResultFixtures.onTarget(r, r.phaseId().replace(r.target().name(), target), target, labels);
  }

  /**
   * Study 3 in small: two targets (cores=4 and cores=16), chaining on and off; aws-large's cells have
   * three repetitions each whose ranges overlap (n.s.), aws-medium's one each; a 16-thread cell only
   * with chaining on; a failed cell.
   */
  static List<PhaseResult> chainingStudy() {
    List<PhaseResult> r = new ArrayList<>();
    r.add(ResultFixtures.load(1, "aws-medium", ResultFixtures.MONGO));
    r.add(cell(2, "aws-medium", true, 1, 10, 400));
    r.add(cell(3, "aws-medium", false, 1, 8, 500));
    r.add(retagged(cell(4, "aws-medium", true, 1, 12, 300), 16));
    for (int rep = 1; rep <= 3; rep++) {
      r.add(cell(4 + rep, "aws-large", true, rep, 20 + rep, 250));
      r.add(cell(7 + rep, "aws-large", false, rep, 19 + rep * 2, 240));
    }
    r.add(ResultFixtures.failed(retagged(cell(11, "aws-large", true, 1, 1, 1), 16), PhaseStatus.FAILED, "error rate 5%"));
    r.add(retagged(cell(12, "aws-large", false, 1, 30, 200), 16));
    return r;
  }

  /** {@code r} at another thread count. */
  static PhaseResult retagged(PhaseResult r, int threads) {
    Map<String, String> coords = new LinkedHashMap<>(r.coordinates());
    coords.put("threadcount", Integer.toString(threads));
    return ResultFixtures.with(r, r.kind(), coords, r.phaseId().replace("threadcount=8", "threadcount=" + threads),
        r.status(), r.cause(), r.serverMetrics(), r.connections());
  }
}
