package dev.ycsbmongo.orchestrator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Study 5's chart: per instance, connections asked, accepted (measured) and the published limit. */
class ConnectionLimitChartTest {

  private static PhaseResult stress(int index, String target, String limit, ConnectionStressResult c) throws Exception {
    PhaseResult r = ResultFixtures.with(ResultFixtures.run(index, target, "hold", 1, 1, 1, 1, 1, 1, ResultFixtures.MONGO),
        PhaseKind.CONNECTIONS, Map.of("connections.count", Long.toString(c.requested())),
        "connections/" + target + "/hold/connections.count=" + c.requested() + "/rep=1", PhaseStatus.SUCCEEDED, null,
        null, c);
    ObjectNode tree = ResultsJson.mapper().valueToTree(r);
    if (limit != null) {
      ((ObjectNode) tree.get("target").get("labels")).put("limit", limit);
    }
    return ResultsJson.mapper().treeToValue(tree, PhaseResult.class);
  }

  private static List<Double> ys(ChartSpec spec, int series) {
    return spec.series().get(series).points().stream().map(ChartSpec.Point::y).toList();
  }

  @Test
  void perInstanceAskedAcceptedAndThePublishedLimit() throws Exception {
    ChartSpec spec = ConnectionLimitChart.plan(List.of(
        stress(1, "essd-4c8g", "8000", ResultFixtures.connections(8000, 8000)),
        stress(2, "essd-4c8g", "8000", ResultFixtures.connections(8800, 8000)),
        stress(3, "local-2c16g", "8,000", ResultFixtures.connections(8800, 7990))), "footer").orElseThrow();
    assertEquals(ChartSpec.Kind.BAR, spec.kind());
    assertEquals(List.of("essd-4c8g", "local-2c16g"), spec.categories());
    assertEquals(List.of(8800.0, 8800.0), ys(spec, 0), "the largest count asked");
    assertEquals(List.of(8000.0, 7990.0), ys(spec, 1), "what each accepted before refusing");
    assertEquals(List.of(8000.0, 8000.0), ys(spec, 2), "the label, thousands separator or not");
    assertTrue(!spec.note().contains("Missing bars"), spec.note());
  }

  @Test
  void aMissingLabelOrAClientThatRanOutFirstLeavesAGapTheNoteNames() throws Exception {
    ConnectionStressResult ranOut = ConnectionStressResult.builder().schemaVersion(1).requested(35200).opened(28000)
        .failed(7200).failuresByCause(new java.util.TreeMap<>(Map.of("local ports exhausted", 7200L)))
        .openSeconds(1.0).openLatencyP50Millis(1.0).openLatencyP99Millis(1.0).openLatencyMaxMillis(1.0)
        .holdSeconds(20.0).droppedWhileHeld(0L).workers(1).targetHosts(List.of("db:27017")).limits("").build();
    ChartSpec spec = ConnectionLimitChart.plan(List.of(
        stress(1, "a", null, ResultFixtures.connections(100, 100)),
        stress(2, "b", "32000", ranOut)), "footer").orElseThrow();
    assertEquals(List.of(100.0), ys(spec, 1), "b has no measured maximum");
    assertEquals(List.of(32000.0), ys(spec, 2), "a has no limit label");
    assertTrue(spec.note().contains("a: no limit label") && spec.note().contains("b: no measured maximum (not the"
        + " server's: local ports exhausted 7,200)"), spec.note());
  }

  @Test
  void oneInstanceOrNoConnectionCellHasNoSuchChart() throws Exception {
    assertEquals(Optional.empty(), ConnectionLimitChart.plan(List.of(
        stress(1, "a", "100", ResultFixtures.connections(100, 100))), "f"));
    assertEquals(Optional.empty(), ConnectionLimitChart.plan(List.of(
        ResultFixtures.run(1, "a", "r", 1, 1, 1, 1, 1, 1, ResultFixtures.MONGO)), "f"));
  }
}
