package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.report.StoredReport;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResolvedPlanTest {

  private static final String PLAN = """
      name: q
      targets:
        - {name: t, uri: "mongodb://bench:${PW}@127.0.0.1:27017/ycsb"}
      scenarios:
        - {name: a, workload: ../workloads/rw-50-50}
      sweep:
        threads: [1, 8]
      """;

  @Test
  void keepsThePlansComparisonsForEveryRedrawAndMasksThePassword() {
    String yaml = ResolvedPlan.yaml(PlanLoader.load(PLAN + "report:\n  compare:\n    - threads=1,8\n",
        Path.of("plan.yaml"), Map.of("PW", "s3cret")));
    assertTrue(yaml.endsWith("report:\n  compare:\n  - \"threads=1,8\"\n"), yaml);
    assertFalse(yaml.contains("s3cret"), yaml);
  }

  @Test
  void keepsThePlansShapedTablesInTheirOwnSyntaxForEveryRedraw() {
    var plan = PlanLoader.load(PLAN + """
        report:
          tables:
            - name: t
              title: 性能比較
              scenarios: [a]
              per: [scenario]
              rows: [{threads: スレッド}]
              across: target
              acrossHeaders: {t: the target}
              columns: [throughput, {ral: RAL}]
              figures: both
        """, Path.of("plan.yaml"), Map.of("PW", "x"));
    String yaml = ResolvedPlan.yaml(plan);
    var stored = PlanLoader.tables(yaml, Path.of("plan.yaml"));
    TableSpec written = plan.tables().get(0);
    TableSpec read = stored.get(0);
    assertEquals(written.name(), read.name());
    assertEquals(written.title(), read.title());
    assertEquals(written.scenarios(), read.scenarios());
    assertEquals(written.acrossHeaders(), read.acrossHeaders());
    assertEquals(TableSpec.Figures.BOTH, read.figures(), "a redraw shows the figures the plan asked for");
    assertEquals(written.all().stream().map(k -> k.written() + "=" + k.header()).toList(),
        read.all().stream().map(k -> k.written() + "=" + k.header()).toList());
    assertEquals(List.of("scenario", "threads", "target", "throughput", "ral"),
        read.all().stream().map(TableSpec.Key::written).toList());
  }

  @Test
  void writesAOneValuePropertyAsAScalarAndSeveralAsTheirSweep() {
    String yaml = ResolvedPlan.yaml(PlanLoader.load(PLAN.replace("workload: ../workloads/rw-50-50}",
        "workload: ../workloads/rw-50-50, properties: {fieldcount: 5, readproportion: [0.5, 0.9]}}"),
        Path.of("plan.yaml"), Map.of("PW", "x")));
    assertTrue(yaml.contains("    fieldcount: 5\n    readproportion:\n    - 0.5\n    - 0.9\n"), yaml);
  }

  @Test
  void saysNothingOfReportWhenThePlanAsksForNoComparison() {
    assertFalse(ResolvedPlan.yaml(PlanLoader.load(PLAN, Path.of("plan.yaml"), Map.of("PW", "x"))).contains("report:"),
        "no report: section (the workload paths may hold the word)");
  }

  @Test
  void keepsTheRulesOfAMappingEntryAndSplitBySoThatReportReadsThemBack() throws java.io.IOException {
    String yaml = ResolvedPlan.yaml(PlanLoader.load(PLAN.replace("uri:", "labels: {size: m}, uri:") + """
        report:
          compare:
            - threads=1,8
            - by: target=t,u
              differing: [recordcount, threads]
              rangesOver: [size]
          charts: {splitBy: size}
        """, Path.of("plan.yaml"), Map.of("PW", "x")));
    assertTrue(yaml.endsWith("""
        report:
          compare:
          - "threads=1,8"
          - by: "target=t,u"
            differing:
            - threads
            - recordcount
            rangesOver:
            - size
          charts:
            splitBy: size
        """), yaml);
    java.util.List<StoredReport.Redraw> back = StoredReport.comparisons(yaml, Path.of("no-such-comparisons.txt"));
    org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(
        new StoredReport.Redraw("threads=1,8", dev.ycsbmongo.orchestrator.plan.PairingRules.NONE),
        new StoredReport.Redraw("target=t,u", new dev.ycsbmongo.orchestrator.plan.PairingRules(java.util.Set.of(
            dev.ycsbmongo.orchestrator.plan.CellProperty.THREADS, dev.ycsbmongo.orchestrator.plan.CellProperty.RECORDCOUNT),
            java.util.List.of("size")))), back);
    org.junit.jupiter.api.Assertions.assertEquals("size", StoredReport.charts(yaml).splitBy());
  }
}
