package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The work of the phases without maxexecutiontime, counted from the expanded matrix, and its time at a rate. */
class UntimedWorkTest {

  private static Matrix expand(String yaml) {
    return PlanExpander.expand(PlanLoader.load(yaml, Path.of("plan.yaml"), Map.of()));
  }

  @Test
  void theDataScaleStudyInserts1point2BillionDocumentsInItsUntimedLoads() throws Exception {
    Path plan = Path.of("..", "workloads", "plans", "data-scale.yaml");
    Map<String, String> env = new HashMap<>();
    env.put("REVIEW_URI", "mongodb://127.0.0.1:27017/ycsb");
    UntimedWork w = UntimedWork.of(PlanExpander.expand(PlanLoader.load(plan, env)));
    // 9 thread counts x 3 scales, each scale's cell loading its records: (5M + 30M + 100M) x 9
    assertEquals(27, w.loads());
    assertEquals(1_215_000_000L, w.inserts());
    assertEquals(0, w.runs());  // every run cell has maxexecutiontime 120
    assertEquals("unbounded: 27 loads insert 1,215,000,000 records; at an assumed 20,000 operations/s"
        + " (--assume-rate) about 16 h 52 min", w.describe(OptionalDouble.of(20_000)));
    assertTrue(w.describe(OptionalDouble.empty()).endsWith("pass --assume-rate OPS_PER_S (e.g. a load's throughput"
        + " in an earlier run) for an estimate"), w.describe(OptionalDouble.empty()));
  }

  @Test
  void runsWithoutATimeLimitCountTheirOperationsAndTimedOnesNothing() {
    Matrix m = expand("""
        name: p
        targets: [{name: t, uri: embedded}]
        scenarios:
          - {name: counted, properties: {operationcount: 5000}}
          - {name: timed, properties: {operationcount: 9999999, maxexecutiontime: 60}}
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 1000}
        sweep: {threads: [1, 2]}
        """);
    UntimedWork w = UntimedWork.of(m);
    assertEquals(1, w.loads());
    assertEquals(1000, w.inserts());
    assertEquals(2, w.runs());
    assertEquals(10_000, w.operations());
    assertEquals("unbounded: 1 load inserts 1,000 records, 2 runs complete 10,000 operations; at an assumed"
        + " 100 operations/s (--assume-rate) about 1 min 50 s", w.describe(OptionalDouble.of(100)));
  }

  @Test
  void aPlanWhosePhasesAreAllTimedSaysNothing() {
    Matrix m = expand("""
        name: p
        targets: [{name: t, uri: embedded}]
        scenarios: [{name: hold, kind: connections, properties: {connections.count: 10}}]
        """);
    assertTrue(UntimedWork.of(m).isEmpty());
    assertEquals("", UntimedWork.of(m).describe(OptionalDouble.of(5)));
  }

  @Test
  void anAbsurdlyLargeCountSaysSoInsteadOfOverflowing() {
    UntimedWork w = new UntimedWork(2, Long.MAX_VALUE, 0, 0, 0);
    assertEquals("unbounded: 2 loads insert more than 9 quintillion records; at an assumed 1 operations/s"
        + " (--assume-rate) about more than anyone can wait", w.describe(OptionalDouble.of(1)));
  }
}
