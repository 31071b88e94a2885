package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --uri, --only and --set as the loader applies them, every missing variable at once, and copied plans. */
class PlanOverridesTest {

  private static final Path SOURCE = Path.of("plan.yaml");

  /** Three targets whose connection strings all come from the environment, two scenarios, a threads sweep. */
  private static final String PLAN = """
      name: sizes
      targets:
        - {name: small, uri: "${SMALL_URI}", labels: {size: s}, properties: {recordcount: 1000}}
        - {name: medium, uri: "mongodb://bench:${MEDIUM_PW}@10.0.0.2:27017/ycsb", labels: {size: m}}
        - {name: large, uri: "${LARGE_URI}", labels: {size: l}}
      scenarios:
        - {name: rw-95-5, properties: {workload: site.ycsb.workloads.CoreWorkload, readproportion: 0.95}}
        - {name: rw-50-50, properties: {workload: site.ycsb.workloads.CoreWorkload, readproportion: 0.5, threads: 2}}
      properties:
        operationcount: 1000
      sweep:
        threads: [1, 8]
      """;

  private static Plan load(String yaml, Map<String, String> env, PlanOverrides overrides) {
    return PlanLoader.loadWithLines(yaml, SOURCE, env, overrides).plan();
  }

  private static String refusal(String yaml, Map<String, String> env, PlanOverrides overrides) {
    PlanException e = assertThrows(PlanException.class, () -> load(yaml, env, overrides));
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    return e.getMessage();
  }

  @Test
  void namesEveryMissingVariableAtOnceWithTheTargetsThatNeedThem() {
    assertEquals("plan.yaml:3: targets[0].uri: 3 environment variables are not set: SMALL_URI (small), MEDIUM_PW"
        + " (medium), LARGE_URI (large); export them, give the connection strings with --uri small=URI (or --uri-file"
        + " FILE), or leave the targets out with --only target=NAME", refusal(PLAN, Map.of(), PlanOverrides.NONE));
  }

  @Test
  void aTargetLeftOutOrGivenByUriNeedsNoVariable() {
    PlanOverrides o = PlanOverrides.NONE.withOnly("target=small,med*").withUri("small", "mongodb://10.0.0.1:27017");
    Plan plan = load(PLAN, Map.of("MEDIUM_PW", "hunter22"), o);
    assertEquals(List.of("small", "medium"), plan.targets().stream().map(Target::name).toList());
    assertEquals("mongodb://10.0.0.1:27017", plan.target("small").orElseThrow().uri());
    assertEquals("mongodb://bench:hunter22@10.0.0.2:27017/ycsb", plan.target("medium").orElseThrow().uri());
  }

  @Test
  void onlySelectsScenariosAndTheMatrixHasOnlyTheirCells() {
    Map<String, String> env = Map.of("SMALL_URI", "mongodb://10.0.0.1", "MEDIUM_PW", "pw", "LARGE_URI", "embedded");
    Plan plan = load(PLAN, env, PlanOverrides.NONE.withOnly("target=large").withOnly("scenario=rw-50-50"));
    assertEquals(List.of("rw-50-50"), plan.scenarios().stream().map(Scenario::name).toList());
    assertTrue(PlanExpander.expand(plan).phases().stream().allMatch(p -> p.target().equals("large")
        && (p.scenario().equals("rw-50-50") || p.kind() == PhaseKind.LOAD)));
  }

  @Test
  void anUnknownNameIsOneErrorListingTheKnownOnes() {
    Map<String, String> env = Map.of("SMALL_URI", "mongodb://10.0.0.1", "MEDIUM_PW", "pw", "LARGE_URI", "embedded");
    assertEquals("plan.yaml: --only target=smal: the plan has no target named so; its targets: small, medium, large"
        + " (did you mean 'small'?)", refusal(PLAN, env, PlanOverrides.NONE.withOnly("target=smal")));
    assertEquals("plan.yaml: --only scenario=*-0-*: the plan has no scenario named so; its scenarios: rw-95-5,"
        + " rw-50-50", refusal(PLAN, env, PlanOverrides.NONE.withOnly("scenario=*-0-*")));
    assertEquals("plan.yaml: --uri tiny: the plan has no target tiny; its targets: small, medium, large",
        refusal(PLAN, env, PlanOverrides.NONE.withUri("tiny", "mongodb://10.0.0.9")));
  }

  @Test
  void onlyTextIsParsedPerSelectorAndRefusedWithOneLine() {
    PlanOverrides o = PlanOverrides.NONE.withOnly("target=a,b, scenario=c");
    assertEquals(List.of("a", "b"), o.targets());
    assertEquals(List.of("c"), o.scenarios());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlanOverrides.NONE.withOnly("targte=a"));
    assertEquals("--only targte=a: 'targte' is not what --only selects; expected target=NAME,... and/or"
        + " scenario=NAME,... (did you mean 'target'?)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PlanOverrides.NONE.withOnly("a,b"));
  }

  @Test
  void aGivenUriIsCheckedAsThePlansAreWithoutShowingIt() {
    Map<String, String> env = Map.of("MEDIUM_PW", "pw", "LARGE_URI", "embedded");
    String m = refusal(PLAN, env, PlanOverrides.NONE.withUri("small", "postgres://u:Secret-991@h/db"));
    assertEquals("plan.yaml: --uri small: the scheme 'postgres://' is not a MongoDB connection string; expected a"
        + " mongodb:// or mongodb+srv:// connection string, or the word embedded", m);
    String bad = refusal(PLAN, env, PlanOverrides.NONE.withUri("small", "mongodb://u:Secret-992@h:notaport/db"));
    assertTrue(bad.startsWith("plan.yaml: --uri small: "), bad);
    assertFalse(bad.contains("Secret-992"), bad);
  }

  @Test
  void setReplacesTheValueWhereverThePlanSetsOrSweepsIt() {
    Map<String, String> env = Map.of("SMALL_URI", "mongodb://10.0.0.1", "MEDIUM_PW", "pw", "LARGE_URI", "embedded");
    Plan plan = load(PLAN, env, PlanOverrides.NONE.withSet("threads=4").withSet("recordcount=500")
        .withSet("execution.rampUp=3s"));
    assertEquals("4", plan.properties().get("threadcount"));
    assertTrue(plan.dimensions().isEmpty(), "the threads sweep is fixed: " + plan.dimensions());
    assertFalse(plan.scenario("rw-50-50").orElseThrow().properties().containsKey("threadcount"));
    assertFalse(plan.target("small").orElseThrow().properties().containsKey("recordcount"));
    assertEquals(Duration.ofSeconds(3), plan.settings().rampUp());
    List<Phase> phases = PlanExpander.expand(plan).phases();
    assertTrue(phases.stream().filter(p -> p.kind() == PhaseKind.RUN).allMatch(p -> p.threads() == 4
        && "500".equals(p.properties().get("recordcount"))), phases.toString());
  }

  @Test
  void setIsCheckedAsThePlansOwnProperties() {
    Map<String, String> env = Map.of("SMALL_URI", "mongodb://10.0.0.1", "MEDIUM_PW", "pw", "LARGE_URI", "embedded");
    String m = refusal(PLAN, env, PlanOverrides.NONE.withSet("threads=many"));
    assertTrue(m.startsWith("plan.yaml: --set threads=many: "), m);
    String url = refusal(PLAN, env, PlanOverrides.NONE.withSet("mongodb.url=mongodb://x"));
    assertTrue(url.startsWith("plan.yaml: --set mongodb.url=mongodb://x: connection strings do not go in properties"),
        url);
    String setting = refusal(PLAN, env, PlanOverrides.NONE.withSet("execution.rampUpp=1s"));
    assertTrue(setting.contains("execution.rampUpp: unknown key") && setting.contains("did you mean 'rampUp'"),
        setting);
    assertThrows(IllegalArgumentException.class, () -> PlanOverrides.NONE.withSet("novalue"));
  }

  @Test
  void setRefusesOneMemberOfAZipGroup() {
    String zipped = PLAN.replace("sweep:\n  threads: [1, 8]\n", "zip:\n  - {threads: [1, 8], recordcount: [10, 20]}\n");
    Map<String, String> env = Map.of("SMALL_URI", "mongodb://10.0.0.1", "MEDIUM_PW", "pw", "LARGE_URI", "embedded");
    String m = refusal(zipped, env, PlanOverrides.NONE.withSet("threads=2"));
    assertTrue(m.startsWith("plan.yaml: --set threadcount: varies together with recordcount in a zip group"), m);
  }

  @Test
  void aCopiedPlanFindsItsWorkloadsInTheProjectAndSaysSo(@TempDir Path dir) throws Exception {
    Path copy = dir.resolve("quickstart.yaml");
    Path shipped = ProjectWorkloads.directory().orElseThrow().resolve("plans/quickstart.yaml");
    Files.copy(shipped, copy);
    LoadedPlan loaded = PlanLoader.loadWithLines(Files.readString(copy), copy, Map.of(), PlanOverrides.NONE);
    Path expected = ProjectWorkloads.directory().orElseThrow().resolve("rw-95-5");
    assertEquals(expected, loaded.plan().scenario("rw-95-5").orElseThrow().workload().orElseThrow());
    assertEquals("scenarios[0].workload (line 22): ../rw-95-5 is not beside the plan; using the project's "
        + expected, loaded.notes().get(0));

    // a file of that name beside the plan wins, and nothing is said
    Files.writeString(dir.resolve("workloada"), "workload=site.ycsb.workloads.CoreWorkload\n");
    LoadedPlan beside = PlanLoader.loadWithLines("""
        name: q
        targets: [{name: e, uri: embedded}]
        scenarios: [{name: a, workload: workloada}, {name: b, workload: workloadb}]
        """, dir.resolve("q.yaml"), Map.of(), PlanOverrides.NONE);
    assertEquals(dir.resolve("workloada"), beside.plan().scenario("a").orElseThrow().workload().orElseThrow());
    assertEquals(ProjectWorkloads.directory().orElseThrow().resolve("workloadb"),
        beside.plan().scenario("b").orElseThrow().workload().orElseThrow());
    assertEquals(1, beside.notes().size(), beside.notes().toString());
  }

  @Test
  void aComparisonTheSelectedCellsCannotMakeIsLeftOutWithANote() throws Exception {
    Path plan = ProjectWorkloads.directory().orElseThrow().resolve("plans/instance-sizes.yaml");
    LoadedPlan loaded = PlanLoader.loadWithLines(Files.readString(plan), plan, Map.of(), PlanOverrides.NONE
        .withOnly("target=ssd-4c8g,scenario=rw-95-5").withUri("ssd-4c8g", "mongodb://10.0.0.1:27017"));
    assertEquals(List.of(), loaded.plan().comparisons());
    assertEquals("report.compare[0] (line 70): 'storage=cloud disk,local SSD' is left out, as the cells selected"
        + " cannot make it (storage has no value 'cloud disk' in the compared cells; storage takes: local SSD)",
        loaded.notes().get(0));
    // with a target of each storage selected, the comparison is made
    assertEquals(1, PlanLoader.loadWithLines(Files.readString(plan), plan, Map.of(), PlanOverrides.NONE
        .withOnly("target=ssd-4c8g,disk-4c8g").withUri("ssd-4c8g", "embedded").withUri("disk-4c8g", "embedded"))
        .plan().comparisons().size());
  }

  @Test
  void toStringMasksTheConnectionStrings() {
    String text = PlanOverrides.NONE.withUri("a", "mongodb://u:Pass-word-77@h/db").toString();
    assertFalse(text.contains("Pass-word-77"), text);
  }
}
