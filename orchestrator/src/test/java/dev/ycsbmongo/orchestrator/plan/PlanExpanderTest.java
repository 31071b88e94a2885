package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanExpanderTest {

  private static final String LOCAL = "targets: [{name: local, uri: embedded}]\n";

  private static Matrix expand(String yaml) {
    return PlanExpander.expand(PlanLoader.load("name: q\n" + yaml, Path.of("plan.yaml"), Map.of("PW", "s3cret")));
  }

  private static List<String> ids(Matrix m) {
    return m.phases().stream().map(Phase::id).toList();
  }

  private static Phase phase(Matrix m, String id) {
    return m.phases().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
  }

  private static List<String> dependsOn(Matrix m) {
    return m.phases().stream().map(p -> p.dependsOn().orElse("-")).toList();
  }

  @Test
  void keepsAPlanWideTimeLimitForRunsOnly() {
    Matrix m = expand(LOCAL + """
        scenarios:
          - {name: ins, kind: load}
          - {name: capped-load, kind: load, properties: {maxexecutiontime: 30, recordcount: 7}}
          - {name: a}
        properties: {recordcount: 100, maxexecutiontime: 60}
        """);
    assertEquals(null, phase(m, "load/local/ins/-/rep=1").properties().get("maxexecutiontime"));
    assertEquals("30", phase(m, "load/local/capped-load/-/rep=1").properties().get("maxexecutiontime"));
    assertEquals("60", phase(m, "run/local/a/-/rep=1").properties().get("maxexecutiontime"));
    Matrix runsOnly = expand(LOCAL + """
        scenarios: [{name: a}]
        properties: {recordcount: 100, maxexecutiontime: 60}
        """);
    assertEquals("load/local/recordcount=100/#1", runsOnly.phases().get(0).id());
    assertEquals(null, runsOnly.phases().get(0).properties().get("maxexecutiontime"));
    assertEquals("60", runsOnly.phases().get(1).properties().get("maxexecutiontime"));
  }

  // ---- cells

  @Test
  void crossesSweepsWithTheFirstDimensionOutermost() {
    Matrix m = expand(LOCAL + """
        scenarios: [{name: a}]
        sweep:
          threads: [1, 2, 4]
          mongodb.writeConcern: [1, majority]
        """);
    assertEquals(List.of("load/local/-/#1",
        "run/local/a/threadcount=1,mongodb.writeConcern=1/rep=1",
        "run/local/a/threadcount=1,mongodb.writeConcern=majority/rep=1",
        "run/local/a/threadcount=2,mongodb.writeConcern=1/rep=1",
        "run/local/a/threadcount=2,mongodb.writeConcern=majority/rep=1",
        "run/local/a/threadcount=4,mongodb.writeConcern=1/rep=1",
        "run/local/a/threadcount=4,mongodb.writeConcern=majority/rep=1"), ids(m));
    Phase last = m.phases().get(6);
    assertEquals(Map.of("threadcount", "4", "mongodb.writeConcern", "majority"), last.coordinates());
    assertEquals(List.of("threadcount", "mongodb.writeConcern"), List.copyOf(last.coordinates().keySet()));
    assertEquals(4, last.threads());
    assertEquals(Map.of("threadcount", "4", "mongodb.writeConcern", "majority"), last.properties());
  }

  @Test
  void zipVariesItsKeysTogether() {
    Matrix m = expand(LOCAL + """
        scenarios: [{name: a}]
        zip:
          - recordcount: [1000, 2000]
            threads: [4, 8]
        """);
    assertEquals(List.of("load/local/recordcount=1000/#1", "run/local/a/recordcount=1000,threadcount=4/rep=1",
        "load/local/recordcount=2000/#1", "run/local/a/recordcount=2000,threadcount=8/rep=1"), ids(m));
    assertEquals(8, m.phases().get(3).threads());
  }

  @Test
  void targetPropertyReplacesTheSweepOfThatKeyForThatTargetOnly() {
    // study 1: the record count and threads scale with the instance size
    Matrix m = expand("""
        sweep:
          threads: [1, 2]
        targets:
          - {name: small, uri: embedded}
          - {name: big, uri: embedded, properties: {recordcount: 2000000, threads: 8}}
        scenarios: [{name: rw}]
        """);
    assertEquals(List.of("load/small/-/#1", "run/small/rw/threadcount=1/rep=1", "run/small/rw/threadcount=2/rep=1",
        "load/big/recordcount=2000000/#1", "run/big/rw/-/rep=1"), ids(m));
    Phase big = m.phases().get(4);
    assertEquals(8, big.threads());
    assertEquals(Map.of(), big.coordinates());
    assertEquals(Map.of("recordcount", "2000000", "threadcount", "8"), big.properties());
    assertEquals("big:recordcount=2000000", big.dataSet());
  }

  @Test
  void targetOverrideOfOneZipKeyKeepsTheGroupVaryingItsOtherKeys() {
    Matrix m = expand("""
        zip:
          - recordcount: [1000, 2000]
            threads: [4, 8]
        targets: [{name: big, uri: embedded, properties: {threads: 32}}]
        scenarios: [{name: a}]
        """);
    assertEquals(List.of("load/big/recordcount=1000/#1", "run/big/a/recordcount=1000/rep=1",
        "load/big/recordcount=2000/#1", "run/big/a/recordcount=2000/rep=1"), ids(m));
    assertTrue(m.phases().stream().filter(p -> p.kind() == PhaseKind.RUN).allMatch(p -> p.threads() == 32));
  }

  @Test
  void droppingAZipKeyDoesNotRepeatACell() {
    Matrix m = expand("""
        zip:
          - table: [t1, t1, t2]
            threads: [4, 8, 16]
        targets: [{name: local, uri: embedded, properties: {threads: 2}}]
        scenarios: [{name: a}]
        """);
    assertEquals(List.of("load/local/table=t1/#1", "run/local/a/table=t1/rep=1",
        "load/local/table=t2/#1", "run/local/a/table=t2/rep=1"), ids(m));
  }

  @Test
  void orderDimensionsPlanThenTargetThenScenario() {
    Matrix m = expand("""
        sweep:
          threads: [1, 2]
        targets:
          - name: local
            uri: embedded
            properties: {mongodb.readPreference: [primary, secondary]}
        scenarios:
          - name: a
            properties: {readproportion: [0.9, 0.5], updateproportion: [0.1]}
        """);
    assertEquals(9, m.phases().size());
    assertEquals("run/local/a/threadcount=1,mongodb.readPreference=primary,readproportion=0.9/rep=1",
        m.phases().get(1).id());
    assertEquals("run/local/a/threadcount=1,mongodb.readPreference=primary,readproportion=0.5/rep=1",
        m.phases().get(2).id());
    assertEquals("run/local/a/threadcount=2,mongodb.readPreference=secondary,readproportion=0.5/rep=1",
        m.phases().get(8).id());
    assertEquals("0.1", m.phases().get(8).properties().get("updateproportion"));
  }

  @Test
  void scenarioPropertyReplacesATargetListAndAPlanProperty() {
    Matrix m = expand("""
        properties: {operationcount: 5, readproportion: 1}
        targets: [{name: local, uri: embedded, properties: {operationcount: [1000, 2000]}}]
        scenarios:
          - name: a
          - name: b
            properties: {operationcount: 500, readproportion: 0.5}
        """);
    assertEquals(List.of("load/local/-/#1", "run/local/a/operationcount=1000/rep=1",
        "run/local/a/operationcount=2000/rep=1", "run/local/b/-/rep=1"), ids(m));
    assertEquals(Map.of("operationcount", "1000", "readproportion", "1"), m.phases().get(1).properties());
    assertEquals(Map.of("operationcount", "500", "readproportion", "0.5"), m.phases().get(3).properties());
  }

  @Test
  void oneElementListIsAPlainValue() {
    Matrix m = expand(LOCAL + "scenarios: [{name: a, properties: {threads: [8]}}]\n");
    assertEquals(List.of("load/local/-/#1", "run/local/a/-/rep=1"), ids(m));
    assertEquals(8, m.phases().get(1).threads());
  }

  @Test
  void cellWithoutThreadcountRunsOnTheDefaultThreads() {
    Matrix m = expand(LOCAL + "scenarios: [{name: l, kind: load}, {name: a}]\n");
    assertEquals(List.of(Defaults.THREADS, Defaults.THREADS), m.phases().stream().map(Phase::threads).toList());
  }

  // ---- orchestrator-only settings

  @Test
  void serverSettingsVaryCellsButNeverReachYcsbNorTheDataSet() {
    Matrix m = expand(LOCAL + """
        sweep: {server.chainingAllowed: [true, false], mongodb.writeConcern: [1, majority]}
        properties: {recordcount: 100, server.apply: manual}
        scenarios: [{name: ins, kind: load}]
        """);
    assertEquals(List.of("load/local/ins/server.chainingAllowed=true,mongodb.writeConcern=1/rep=1",
        "load/local/ins/server.chainingAllowed=true,mongodb.writeConcern=majority/rep=1",
        "load/local/ins/server.chainingAllowed=false,mongodb.writeConcern=1/rep=1",
        "load/local/ins/server.chainingAllowed=false,mongodb.writeConcern=majority/rep=1"), ids(m));
    Phase p = m.phases().get(2);
    assertEquals(Map.of("server.chainingAllowed", "false", "server.apply", "manual"), p.serverSettings());
    assertEquals(Map.of("mongodb.writeConcern", "1", "recordcount", "100"), p.ycsbProperties());
    assertEquals(m.phases().get(0).dataSet(), p.dataSet());
  }

  @Test
  void connectionsCellsNeedNoLoadAndLeaveTheLoadedDataSetAlone() {
    Matrix m = expand(LOCAL + """
        properties: {recordcount: 100}
        scenarios:
          - {name: a}
          - {name: stress, kind: connections, properties: {connections.count: [10, 20], connections.hold: 1s}}
          - {name: b}
        """);
    assertEquals(List.of("load/local/recordcount=100/#1", "run/local/a/-/rep=1", "run/local/b/-/rep=1",
        "connections/local/stress/connections.count=10/rep=1", "connections/local/stress/connections.count=20/rep=1"),
        ids(m));
    Phase stress = m.phases().get(4);
    assertEquals(PhaseKind.CONNECTIONS, stress.kind());
    assertTrue(stress.measured());
    // typed once at expansion: the runner and the preflight read these, not the strings
    assertEquals(20, stress.connectionStress().count());
    assertEquals(java.time.Duration.ofSeconds(1), stress.connectionStress().hold());
    assertTrue(m.phases().get(1).settings().connections().isEmpty());
    assertEquals(Optional.empty(), stress.dependsOn());
    assertEquals(Map.of("connections.count", "20", "connections.hold", "1s"), stress.connectionSettings());
    assertEquals(new ConnectionKeys.Settings(20, 0, Duration.ofSeconds(1), ConnectionKeys.DEFAULT_TIMEOUT),
        ConnectionKeys.settings(stress.properties()));
  }

  // ---- loads and order

  @Test
  void runScenariosOnOneDataSetShareOneLoad() {
    Matrix m = expand(LOCAL + "properties: {recordcount: 1000}\nscenarios: [{name: a}, {name: b}, {name: c}]\n");
    assertEquals(List.of("load/local/recordcount=1000/#1", "run/local/a/-/rep=1", "run/local/b/-/rep=1",
        "run/local/c/-/rep=1"), ids(m));
    assertEquals(List.of("-", "load/local/recordcount=1000/#1", "load/local/recordcount=1000/#1",
        "load/local/recordcount=1000/#1"), dependsOn(m));
  }

  @Test
  void twoDataSetsAreLoadedOnceEachWithTheirCellsGrouped() {
    Matrix m = expand(LOCAL + """
        sweep: {recordcount: [1000, 2000]}
        scenarios: [{name: a}, {name: b}]
        """);
    assertEquals(List.of("load/local/recordcount=1000/#1", "run/local/a/recordcount=1000/rep=1",
        "run/local/b/recordcount=1000/rep=1", "load/local/recordcount=2000/#1", "run/local/a/recordcount=2000/rep=1",
        "run/local/b/recordcount=2000/rep=1"), ids(m));
    assertEquals(List.of("-", "load/local/recordcount=1000/#1", "load/local/recordcount=1000/#1", "-",
        "load/local/recordcount=2000/#1", "load/local/recordcount=2000/#1"), dependsOn(m));
  }

  @Test
  void perCellReloadLoadsBeforeEveryRunCell() {
    Matrix m = expand(LOCAL + """
        scenarios: [{name: a}, {name: b}]
        execution: {load: {reload: per-cell}}
        """);
    assertEquals(List.of("load/local/-/#1", "run/local/a/-/rep=1", "load/local/-/#2", "run/local/b/-/rep=1"), ids(m));
    assertEquals(List.of("-", "load/local/-/#1", "-", "load/local/-/#2"), dependsOn(m));
  }

  @Test
  void loadScenarioProvidesTheDataOfTheRunScenariosAfterIt() {
    // study 1: load, then the read:write mixes on what it loaded
    Matrix m = expand("""
        properties: {recordcount: 1000000, operationcount: 5000000, requestdistribution: zipfian}
        targets:
          - {name: 1c2g, uri: embedded, properties: {threads: 4}}
          - {name: 2c4g, uri: embedded, properties: {threads: 8, recordcount: 2000000}}
        scenarios:
          - {name: load, kind: load}
          - {name: r100, properties: {readproportion: 1, updateproportion: 0}}
          - {name: rw50, properties: {readproportion: 0.5, updateproportion: 0.5}}
        """);
    assertEquals(List.of("load/1c2g/load/-/rep=1", "run/1c2g/r100/-/rep=1", "run/1c2g/rw50/-/rep=1",
        "load/2c4g/load/-/rep=1", "run/2c4g/r100/-/rep=1", "run/2c4g/rw50/-/rep=1"), ids(m));
    assertEquals(List.of("-", "load/1c2g/load/-/rep=1", "load/1c2g/load/-/rep=1", "-", "load/2c4g/load/-/rep=1",
        "load/2c4g/load/-/rep=1"), dependsOn(m));
    Phase load = m.phases().get(3);
    assertEquals(PhaseKind.LOAD, load.kind());
    assertTrue(load.measured());
    assertEquals(1, load.repetition());
    assertEquals(8, load.threads());
    assertTrue(load.dropBeforeLoad());
    assertEquals("2c4g:recordcount=2000000", load.dataSet());
  }

  @Test
  void loadScenarioCellsEachDropAndLoad() {
    // study 3: chained replication x write concern, measured on the load itself
    Matrix m = expand(LOCAL + """
        sweep: {mongodb.writeConcern: [1, majority]}
        scenarios: [{name: load, kind: load, properties: {recordcount: 5000000, threads: 8, table: test}}]
        """);
    assertEquals(List.of("load/local/load/mongodb.writeConcern=1/rep=1",
        "load/local/load/mongodb.writeConcern=majority/rep=1"), ids(m));
    for (Phase p : m.phases()) {
      assertTrue(p.dropBeforeLoad());
      assertTrue(p.verifyLoad());
      assertTrue(p.measured());
      assertEquals(Optional.empty(), p.dependsOn());
      assertEquals(8, p.threads());
      assertEquals("local:recordcount=5000000,table=test", p.dataSet());
    }
  }

  @Test
  void loadScenarioWithAScaleSweepIsFollowedByTheRunsOnEachScale() {
    // study 4: data scales x thread sweep; each scale loaded, then its mixes
    Matrix m = expand(LOCAL + """
        sweep: {recordcount: [5000000, 30000000]}
        scenarios:
          - {name: s1-insert, kind: load}
          - {name: s2-read90, properties: {threads: [64, 128]}}
        """);
    assertEquals(List.of("load/local/s1-insert/recordcount=5000000/rep=1",
        "run/local/s2-read90/recordcount=5000000,threadcount=64/rep=1",
        "run/local/s2-read90/recordcount=5000000,threadcount=128/rep=1",
        "load/local/s1-insert/recordcount=30000000/rep=1",
        "run/local/s2-read90/recordcount=30000000,threadcount=64/rep=1",
        "run/local/s2-read90/recordcount=30000000,threadcount=128/rep=1"), ids(m));
    assertEquals("load/local/s1-insert/recordcount=30000000/rep=1", m.phases().get(5).dependsOn().orElseThrow());
  }

  @Test
  void targetsRunOneAfterTheOtherInPlanOrder() {
    Matrix m = expand("""
        targets: [{name: b, uri: embedded}, {name: a, uri: embedded}]
        scenarios: [{name: x}, {name: y}]
        """);
    assertEquals(List.of("b", "b", "b", "a", "a", "a"), m.phases().stream().map(Phase::target).toList());
  }

  @Test
  void warmUpPrecedesTheRepetitionsOfEveryRunCell() {
    Matrix m = expand(LOCAL + """
        scenarios: [{name: l, kind: load}, {name: a, properties: {operationcount: 100000}}]
        execution:
          repetitions: 2
          warmup: {operationcount: 1000, threads: 2}
        """);
    assertEquals(List.of("load/local/l/-/rep=1", "load/local/l/-/rep=2", "warmup/local/a/-/warmup",
        "run/local/a/-/rep=1", "run/local/a/-/rep=2"), ids(m));
    assertEquals(List.of(1, 2, 0, 1, 2), m.phases().stream().map(Phase::repetition).toList());
    assertEquals(List.of(true, true, false, true, true), m.phases().stream().map(Phase::measured).toList());
    assertEquals(List.of("-", "-", "load/local/l/-/rep=2", "load/local/l/-/rep=2", "load/local/l/-/rep=2"),
        dependsOn(m));
    Phase warmup = m.phases().get(2);
    assertEquals(PhaseKind.WARMUP, warmup.kind());
    assertEquals(Map.of("operationcount", "1000", "threadcount", "2"), warmup.properties());
    assertEquals(2, warmup.threads());
    assertFalse(warmup.dropBeforeLoad());
    assertEquals(Map.of("operationcount", "100000"), m.phases().get(3).properties());
  }

  @Test
  void preparingLoadTakesPlanTargetDataAndLoadPropertiesButNotTheScenarios() {
    Matrix m = expand("""
        properties: {recordcount: 1000, requestdistribution: zipfian}
        targets:
          - name: local
            uri: embedded
            properties: {mongodb.writeConcern: majority, threads: 4, operationcount: [1, 2]}
        scenarios: [{name: a, properties: {readproportion: 0.9, table: t2}}]
        execution:
          warmup: {operationcount: 10}
          load: {threads: 16, verify: false, properties: {mongodb.batchsize: 100}}
        """);
    Phase load = m.phases().get(0);
    assertEquals("load/local/recordcount=1000,table=t2/#1", load.id());
    assertEquals(Map.of("recordcount", "1000", "requestdistribution", "zipfian", "mongodb.writeConcern", "majority",
        "threadcount", "16", "table", "t2", "mongodb.batchsize", "100"), load.properties());
    assertEquals(16, load.threads());
    assertEquals(0, load.repetition());
    assertEquals("a", load.scenario());
    assertEquals(Map.of(), load.coordinates());
    assertTrue(load.dropBeforeLoad());
    assertFalse(load.verifyLoad());
    assertFalse(load.measured());
    assertEquals(List.of("load/local/recordcount=1000,table=t2/#1", "warmup/local/a/operationcount=1/warmup",
        "run/local/a/operationcount=1/rep=1", "warmup/local/a/operationcount=2/warmup",
        "run/local/a/operationcount=2/rep=1"), ids(m));
  }

  @Test
  void preparingLoadCarriesTheDataShapingCoordinates() {
    Matrix m = expand(LOCAL + """
        zip:
          - recordcount: [1000, 2000]
            threads: [4, 8]
        scenarios: [{name: a}]
        """);
    assertEquals(Map.of("recordcount", "2000"), m.phases().get(2).coordinates());
  }

  @Test
  void dataSetIdNamesTheTargetAndTheSortedDataShapingValues() {
    Matrix m = expand(LOCAL + """
        properties: {table: usertable, recordcount: 10000, fieldcount: 10, operationcount: 5, mongodb.database: b}
        scenarios: [{name: a}]
        """);
    assertEquals("local:fieldcount=10,mongodb.database=b,recordcount=10000,table=usertable",
        m.phases().get(1).dataSet());
    assertEquals("load/local/fieldcount=10,mongodb.database=b,recordcount=10000,table=usertable/#1",
        m.phases().get(0).id());
  }

  // ---- every phase

  @Test
  void everyPhaseCarriesTheSettingsTheWorkloadAndAOneBasedIndex(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("rw"), "readproportion=0.5\n");
    Plan plan = PlanLoader.load("""
        name: q
        targets: [{name: local, uri: 'mongodb://u:${PW}@h:27017/ycsb'}]
        scenarios: [{name: a, workload: rw, properties: {zeta: 1, alpha: 2}}]
        execution: {phaseTimeout: 30m, maxErrorRate: 5%, warmup: {operationcount: 1}, repetitions: 2}
        customKeys: [zeta, alpha]
        """, dir.resolve("plan.yaml"), Map.of("PW", "s3cret"));
    Matrix m = PlanExpander.expand(plan);
    assertEquals(IntStream.rangeClosed(1, 4).boxed().toList(), m.phases().stream().map(Phase::index).toList());
    for (Phase p : m.phases()) {
      assertEquals(Duration.ofMinutes(30), p.timeout());
      assertEquals(0.05, p.maxErrorRate());
      assertEquals(Optional.of(dir.resolve("rw")), p.workload());
      assertFalse(p.properties().containsKey("mongodb.url"));
      assertFalse(p.properties().toString().contains("s3cret"));
    }
    assertEquals(List.of("alpha", "zeta"), List.copyOf(m.phases().get(2).properties().keySet()));
  }

  @Test
  void expandingTheSamePlanTwiceGivesTheSamePhases() {
    String yaml = """
        name: q
        sweep: {threads: [1, 2], mongodb.writeConcern: [1, majority]}
        zip: [{recordcount: [10, 20], fieldcount: [1, 2]}]
        targets: [{name: a, uri: embedded}, {name: b, uri: embedded, properties: {threads: [8, 16]}}]
        scenarios: [{name: l, kind: load}, {name: r}, {name: w, properties: {readproportion: [0, 1]}}]
        execution: {repetitions: 2, warmup: {operationcount: 5}}
        """;
    Plan plan = PlanLoader.load(yaml, Path.of("plan.yaml"), Map.of());
    Matrix first = PlanExpander.expand(plan);
    assertEquals(first, PlanExpander.expand(plan));
    assertEquals(first, PlanExpander.expand(PlanLoader.load(yaml, Path.of("plan.yaml"), Map.of())));
    assertEquals(first.phases().size(), first.phases().stream().map(Phase::id).distinct().count());
  }

  @Test
  void anUnquotedOffTurnsSamplingOffThoughYamlReadsItAsFalse() {
    Matrix m = expand(LOCAL + "scenarios: [{name: s, kind: connections, properties: {connections.count: 1}}]\n"
        + "sweep: {server.sampleInterval: [off, \"off\", 2s]}\n");
    List<java.util.Optional<java.time.Duration>> intervals = m.phases().stream()
        .map(p -> ServerKeys.sampleInterval(p.serverSettings())).toList();
    assertEquals(List.of(java.util.Optional.empty(), java.util.Optional.empty(),
        java.util.Optional.of(java.time.Duration.ofSeconds(2))), intervals);
  }

  @Test
  void aTargetsConnectionCountsShapeItsConnectionCellsOnlyNotTheYcsbCellsBeside() {
    Matrix m = expand("""
        targets: [{name: t, uri: embedded, properties: {connections.count: [80, 88]}}]
        scenarios:
          - {name: run, properties: {threads: 8}}
          - {name: hold, kind: connections}
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        sweep: {connections.rate: [100, 200]}
        """);
    assertEquals(List.of("load/t/recordcount=10/#1", "run/t/run/-/rep=1",
        "connections/t/hold/connections.rate=100,connections.count=80/rep=1",
        "connections/t/hold/connections.rate=100,connections.count=88/rep=1",
        "connections/t/hold/connections.rate=200,connections.count=80/rep=1",
        "connections/t/hold/connections.rate=200,connections.count=88/rep=1"), ids(m));
  }
}
