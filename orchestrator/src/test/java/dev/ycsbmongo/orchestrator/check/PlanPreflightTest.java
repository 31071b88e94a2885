package dev.ycsbmongo.orchestrator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.PlanExpander;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Connection-stress cells this machine cannot hold are refused before the plan runs, each named once.
 * Planning only: no connection is opened (192.0.2.10 is a documentation address, never contacted).
 */
class PlanPreflightTest {

  private static Matrix plan(String uri, String counts) {
    return PlanExpander.expand(PlanLoader.load("""
        name: stress
        targets: [{name: t, uri: "%s"}]
        scenarios: [{name: hold, kind: connections}]
        execution: {repetitions: 2}
        sweep: {connections.count: [%s]}
        """.formatted(uri, counts), Path.of("plan.yaml"), Map.of()));
  }

  @Test
  void acceptsCellsThatFit() {
    assertEquals(List.of(), PlanPreflight.connectionProblems(plan("embedded", "100, 5000")));
    assertEquals(List.of(), PlanPreflight.connectionProblems(plan("mongodb://127.0.0.1:27017/", "50000")));
  }

  @Test
  void refusesMoreConnectionsThanTheInProcessEmbeddedServerCanAccept() {
    List<String> problems = PlanPreflight.connectionProblems(plan("embedded", "100, 50000"));
    assertEquals(1, problems.size(), problems.toString());  // one line per cell, not per repetition
    assertTrue(problems.get(0).startsWith("phase connections/t/hold/connections.count=50000/rep=1: connections.count"
        + " 50,000 is more than the embedded test server can accept"), problems.get(0));
    assertTrue(problems.get(0).contains("ulimit -n"), problems.get(0));
  }

  @Test
  void namesThePortRangeWhenOneRemoteHostCannotTakeThemAll() {
    List<String> problems = PlanPreflight.connectionProblems(plan("mongodb://192.0.2.10:27017/", "200000"));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("net.ipv4.ip_local_port_range"), problems.get(0));
  }
}
