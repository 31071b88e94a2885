package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.check.PlanCheck;
import dev.ycsbmongo.orchestrator.plan.ExamplePlans;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The example plans shape their tables as their studies publish them, and every key of those tables
 * passes the checks {@code validate} and {@code run} make against the expanded cells.
 */
class ExamplePlanTablesTest {

  private static Plan checked(String file) throws IOException {
    Path plan = ExamplePlans.DIR.resolve(file);
    String text = Files.readString(plan);
    PlanCheck.Options unlimited = new PlanCheck.Options(false, HostLimits.fixed(1_000_000, "a test"));
    return PlanCheck.load(text, plan, ExamplePlans.dummyEnv(text), unlimited).matrix().plan();
  }

  /** Each key's published heading where the plan gives one, else the key. */
  private static List<String> headings(List<TableSpec.Key> keys) {
    return keys.stream().map(k -> k.header().orElse(k.written())).toList();
  }

  @Test
  void study1HasOneTablePerScenarioAndStorageHeadedAsTheDocument() throws IOException {
    List<TableSpec> tables = checked("instance-sizes.yaml").tables();
    assertEquals(List.of("load", "mixes"), tables.stream().map(TableSpec::name).toList());
    for (TableSpec t : tables) {
      assertEquals(List.of("scenario", "storage"), headings(t.per()));
      assertEquals(List.of("CPU: メモリ", "インスタンスタイプ"), headings(t.rows()));
    }
    assertEquals(List.of("recordcount", "スレッド", "スループット", "RAL", "WAL"), headings(tables.get(0).columns()));
    assertEquals(List.of("operationcount", "スレッド", "スループット", "RAL", "WAL"), headings(tables.get(1).columns()));
  }

  @Test
  void study3IsTransposedPerTopologyAndWriteConcernWithChainingAcross() throws IOException {
    TableSpec t = checked("chaining-write-concern.yaml").tables().get(0);
    assertEquals(true, t.transposed());
    assertEquals(List.of("target", "mongodb.writeConcern"), t.per().stream().map(TableSpec.Key::written).toList());
    assertEquals("server.chainingAllowed", t.across().orElseThrow().key());
    assertEquals(Map.of("true", "Replikasi berantai diaktifkan", "false", "Replikasi berantai dinonaktifkan"),
        t.acrossHeaders());
    assertEquals(List.of("throughput", "cpu", "qps", "serverWriteLatency", "wal"),
        t.columns().stream().map(TableSpec.Key::written).toList());
  }

  @Test
  void study4NamesTheBestThreadCountPerDataScaleAndScenario() throws IOException {
    TableSpec t = checked("data-scale.yaml").tables().get(0);
    assertEquals(List.of("scenario"), t.per().stream().map(TableSpec.Key::written).toList());
    assertEquals(List.of("recordcount"), t.rows().stream().map(TableSpec.Key::written).toList());
    assertEquals(List.of("bestThreads", "peakThroughput", "kneeThreads"),
        t.columns().stream().map(TableSpec.Key::written).toList());
  }
}
