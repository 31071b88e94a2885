package dev.ycsbmongo.orchestrator.report.tables;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.TargetRecord;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Result records shaped like the studies' cells, and table specs read as a stored plan.yaml is. */
final class TableFixtures {

  private TableFixtures() {
  }

  /**
   * A run cell: {@code kOps} thousand ops/s over the steady window, read average {@code readAvg} µs,
   * on {@code target} with {@code labels}, {@code coordinates} and the YCSB properties {@code props}.
   */
  static PhaseResult cell(int index, String target, Map<String, String> labels, String scenario,
      Map<String, String> coordinates, Map<String, String> props, double kOps, double readAvg) {
    long half = (long) (kOps * 1000 * 50 / 2 * 6 / 5);
    PhaseResult r = ResultFixtures.run(index, target, scenario, 8, 1, readAvg / 0.9, readAvg * 1.5 / 0.9, half, half,
        ResultFixtures.MONGO);
    Map<String, String> properties = new LinkedHashMap<>(r.properties());
    // a real record's properties hold its coordinates (a swept threadcount too, which its parameters then carry)
    properties.putAll(coordinates);
    properties.putAll(props);
    String id = "run/" + target + "/" + scenario + "/" + coordinates + "/rep=1";
    return r.toBuilder().index(index).phaseId(id).kind(PhaseKind.RUN).scenario(scenario).coordinates(coordinates)
        .target(new TargetRecord(target, "mongodb://bench:****@" + target + ":27017/ycsb", labels))
        .properties(properties).parametersFromProperties().attempt(1).replacesAttempt(null).clients(null).build();
  }

  static PhaseResult failed(PhaseResult r, String cause) {
    return ResultFixtures.failed(r, PhaseStatus.FAILED, cause);
  }

  /** The table specs of a plan's {@code report:} section (the YAML of its entries under {@code tables:}). */
  static List<TableSpec> specs(String tablesYaml) {
    return PlanLoader.tables("report:\n  tables:\n" + tablesYaml, Path.of("plan.yaml"));
  }

  static TableSpec spec(String tablesYaml) {
    return specs(tablesYaml).get(0);
  }
}
