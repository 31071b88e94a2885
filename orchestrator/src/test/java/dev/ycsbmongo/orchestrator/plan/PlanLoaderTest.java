package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanLoaderTest {

  private static final Map<String, String> ENV = Map.of("PW", "s3cret");

  private static final String FULL = """
      name: study-1.local_ssd
      description: throughput per instance size
      properties:
        recordcount: 10000
        readproportion: 0.5
        requestdistribution: zipfian
        insertorder: hashed
        threads: 2
        mongodb.upsert: yes
      sweep:
        mongodb.writeConcern: [1, majority]
        threads: [1, 2, 4]
      zip:
        - recordcount: [1000000, 2000000]
          fieldcount: [10, 20]
      targets:
        - name: 1c2g
          uri: mongodb://test:${PW}@10.0.0.1:3717/admin?authSource=admin
          labels: {memory: 2GB, cores: 1, storage: local-ssd}
          properties: {recordcount: 1000000, threads: 4}
        - name: embedded
          uri: embedded
          properties:
            operationcount: [1000, 2000]
      scenarios:
        - name: load
          kind: load
        - name: rw-50-50
          kind: run
          workload: workloads/rw
          properties: {readproportion: 0.5, updateproportion: [0.5]}
      execution:
        repetitions: 3
        warmup: {operationcount: 1000}
        load: {threads: 16, reload: per-cell, verify: false, properties: {mongodb.batchsize: 100}}
        phaseTimeout: 90m
        maxErrorRate: 2.5%
        rampUp: 500ms
        statusInterval: 10
      """;

  private static Plan loadFull(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("workloads"));
    Files.writeString(dir.resolve("workloads/rw"), "readproportion=0.5\n");
    Path file = dir.resolve("plan.yaml");
    Files.writeString(file, FULL);
    return PlanLoader.load(file, ENV);
  }

  @Test
  void readsEveryKeyOfAFullPlan(@TempDir Path dir) throws IOException {
    Plan plan = loadFull(dir);
    assertEquals("study-1.local_ssd", plan.name());
    assertEquals("throughput per instance size", plan.description());
    assertEquals(dir.resolve("plan.yaml"), plan.source());
    assertEquals(List.of(new Dimension(List.of("mongodb.writeConcern"), List.of(List.of("1"), List.of("majority"))),
        Dimension.of("threadcount", List.of("1", "2", "4")),
        new Dimension(List.of("recordcount", "fieldcount"),
            List.of(List.of("1000000", "10"), List.of("2000000", "20")))), plan.dimensions());

    Target t = plan.targets().get(0);
    assertEquals("1c2g", t.name());
    assertEquals("mongodb://test:${PW}@10.0.0.1:3717/admin?authSource=admin", t.uriTemplate());
    assertEquals("mongodb://test:s3cret@10.0.0.1:3717/admin?authSource=admin", t.uri());
    assertEquals(List.of("memory", "cores", "storage"), List.copyOf(t.labels().keySet()));
    assertEquals(Map.of("recordcount", List.of("1000000"), "threadcount", List.of("4")), t.properties());
    assertTrue(plan.targets().get(1).isEmbedded());
    assertEquals(Map.of("operationcount", List.of("1000", "2000")), plan.targets().get(1).properties());

    Scenario load = plan.scenarios().get(0);
    assertEquals(ScenarioKind.LOAD, load.kind());
    assertEquals(Optional.empty(), load.workload());
    Scenario rw = plan.scenarios().get(1);
    assertEquals(ScenarioKind.RUN, rw.kind());
    assertEquals(Optional.of(dir.resolve("workloads/rw")), rw.workload());
    assertEquals(Map.of("readproportion", List.of("0.5"), "updateproportion", List.of("0.5")), rw.properties());

    Settings s = plan.settings();
    assertEquals(3, s.repetitions());
    assertEquals(Map.of("operationcount", "1000"), s.warmup());
    assertEquals(16, s.loadThreads());
    assertEquals(ReloadPolicy.PER_CELL, s.reload());
    assertEquals(false, s.verifyLoad());
    assertEquals(Map.of("mongodb.batchsize", "100"), s.loadProperties());
    assertEquals(Duration.ofMinutes(90), s.phaseTimeout());
    assertEquals(0.025, s.maxErrorRate());
    assertEquals(Duration.ofMillis(500), s.rampUp());
    assertEquals(Duration.ofSeconds(10), s.statusInterval());
  }

  @Test
  void keepsNumbersAsWrittenNormalisesThreadsAndSpellsBooleansTrue(@TempDir Path dir) throws IOException {
    Plan plan = loadFull(dir);
    assertEquals(List.of("recordcount", "readproportion", "requestdistribution", "insertorder", "threadcount",
        "mongodb.upsert"), List.copyOf(plan.properties().keySet()));
    assertEquals("10000", plan.properties().get("recordcount"));
    assertEquals("0.5", plan.properties().get("readproportion"));
    assertEquals("2", plan.properties().get("threadcount"));
    assertEquals("true", plan.properties().get("mongodb.upsert"));
  }

  @Test
  void appliesEveryDefaultWithoutAnExecutionBlock() {
    Plan plan = PlanLoader.load("name: q\ntargets: [{name: l, uri: embedded}]\nscenarios: [{name: a}]\n",
        Path.of("plan.yaml"), Map.of());
    assertEquals(Settings.defaults(), plan.settings());
    assertEquals("", plan.description());
    assertEquals(Map.of(), plan.properties());
    assertEquals(List.of(), plan.dimensions());
  }

  @Test
  void fillsMissingExecutionKeysWithDefaults() {
    Plan plan = PlanLoader.load("name: q\ntargets: [{name: l, uri: embedded}]\nscenarios: [{name: a}]\n"
        + "execution:\n  repetitions: 2\n  load: {reload: per-cell}\n", Path.of("plan.yaml"), Map.of());
    Settings d = Settings.defaults();
    assertEquals(new Settings(2, Map.of(), d.loadThreads(), Map.of(), ReloadPolicy.PER_CELL, d.verifyLoad(),
        d.phaseTimeout(), d.maxErrorRate(), d.rampUp(), d.statusInterval(), d.acceptance(), d.onTargetDown()), plan.settings());
  }

  @Test
  void readsThePrecisionAsAPercentageAShareOrOff() {
    for (var c : Map.of("3%", 0.03, "0.03", 0.03, "2.5%", 0.025, "off", Double.POSITIVE_INFINITY).entrySet()) {
      Acceptance a = PlanLoader.load("name: q\ntargets: [{name: l, uri: embedded}]\nscenarios: [{name: a}]\n"
          + "execution:\n  acceptance: {precision: " + c.getKey() + "}\n", Path.of("plan.yaml"), Map.of())
          .settings().acceptance();
      assertEquals(c.getValue(), a.precision(), c.getKey());
      assertEquals(!c.getKey().equals("off"), a.stopsWhenPrecise(), c.getKey());
    }
    Acceptance unset = Settings.defaults().acceptance();
    assertEquals(null, unset.precision());
    assertEquals(Defaults.PRECISION, unset.precisionTarget());
    assertTrue(unset.judgesPrecision() && !unset.stopsWhenPrecise(), "the default judges, never stops a run");
  }

  @Test
  void substitutesEnvironmentVariablesAndKeepsEscapedDollarBrace() {
    Plan plan = PlanLoader.load("""
        name: q
        targets:
          - name: l
            uri: mongodb://${USER_NAME}:${PW}@h:27017/db?appName=$${literal}
        scenarios: [{name: a}]
        """, Path.of("plan.yaml"), Map.of("USER_NAME", "bench", "PW", "pa$$"));
    assertEquals("mongodb://bench:pa$$@h:27017/db?appName=${literal}", plan.targets().get(0).uri());
  }

  @Test
  void acceptsSrvUriWithoutResolvingIt() {
    Plan plan = PlanLoader.load("name: q\ntargets: [{name: atlas, uri: 'mongodb+srv://u:${PW}@cluster0.invalid/db'}]\n"
        + "scenarios: [{name: a}]\n", Path.of("plan.yml"), ENV);
    assertEquals("mongodb+srv://u:****@cluster0.invalid/db", plan.targets().get(0).maskedUri());
  }

  @Test
  void readsJsonPlan(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("plan.json");
    Files.writeString(file, """
        {"name": "q",
         "properties": {"recordcount": 1000, "readproportion": 0.95},
         "sweep": {"threads": [1, 2]},
         "targets": [{"name": "local", "uri": "mongodb://127.0.0.1:27017/ycsb"}],
         "scenarios": [{"name": "a", "kind": "load"}],
         "execution": {"maxErrorRate": 0.05}}
        """);
    Plan plan = PlanLoader.load(file, Map.of());
    assertEquals(Map.of("recordcount", "1000", "readproportion", "0.95"), plan.properties());
    assertEquals(List.of(Dimension.of("threadcount", List.of("1", "2"))), plan.dimensions());
    assertEquals(0.05, plan.settings().maxErrorRate());
  }

  @Test
  void readsJsonContentInAYamlFile() {
    Plan plan = PlanLoader.load("{\"name\": \"q\", \"targets\": [{\"name\": \"l\", \"uri\": \"embedded\"}],"
        + " \"scenarios\": [{\"name\": \"a\"}]}", Path.of("plan.yaml"), Map.of());
    assertEquals("q", plan.name());
  }

  @Test
  void resolvesWorkloadsFromThePlansDirectory(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("plans"));
    Files.writeString(dir.resolve("workloada"), "recordcount=1000\n");
    Plan plan = PlanLoader.load("name: q\ntargets: [{name: l, uri: embedded}]\n"
        + "scenarios: [{name: a, workload: ../workloada}]\n", dir.resolve("plans/plan.yaml"), Map.of());
    assertEquals(Optional.of(dir.resolve("workloada")), plan.scenarios().get(0).workload());
  }

  @Test
  void parsesDurationsInEveryAcceptedForm() {
    assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
    assertEquals(Duration.ofSeconds(30), Durations.parse("30s"));
    assertEquals(Duration.ofMinutes(5), Durations.parse("5m"));
    assertEquals(Duration.ofHours(2), Durations.parse("2h"));
    assertEquals(Duration.ofSeconds(90), Durations.parse("90"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("1.5h"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("-5s"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("5d"));
  }

  @Test
  void formatsDurationsInTheirShortestPlanSpelling() {
    assertEquals("2h", Durations.format(Duration.ofHours(2)));
    assertEquals("90m", Durations.format(Duration.ofMinutes(90)));
    assertEquals("90s", Durations.format(Duration.ofSeconds(90)));
    assertEquals("1500ms", Durations.format(Duration.ofMillis(1500)));
    assertEquals("0s", Durations.format(Duration.ZERO));
  }

  @Test
  void parsesErrorRatesAsSharesOrPercentages() {
    assertEquals(0.01, ErrorRates.parse("1%"));
    assertEquals(0.025, ErrorRates.parse("2.5%"));
    assertEquals(0.01, ErrorRates.parse("0.01"));
    assertEquals(0.0, ErrorRates.parse("0"));
    assertEquals(1.0, ErrorRates.parse("100%"));
    assertThrows(IllegalArgumentException.class, () -> ErrorRates.parse("-1%"));
    assertThrows(IllegalArgumentException.class, () -> ErrorRates.parse("1.01"));
    assertEquals("1%", ErrorRates.format(0.01));
    assertEquals("7%", ErrorRates.format(0.07));
    assertEquals("2.5%", ErrorRates.format(0.025));
  }
}
