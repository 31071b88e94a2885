package dev.ycsbmongo.orchestrator.plan;

import static dev.ycsbmongo.orchestrator.plan.ExamplePlans.expand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every plan in workloads/plans/ loads and expands, its ${VAR}s given dummy values. */
class ExamplePlansTest {

  private static final Path PLANS = ExamplePlans.DIR;

  @Test
  void everyExamplePlanLoadsAndExpands() throws IOException {
    List<Path> plans = ExamplePlans.all();
    assertTrue(plans.size() >= 5, "quickstart and one plan per field study: " + plans);
    for (Path plan : plans) {
      assertTrue(expand(plan).phases().size() > 0, plan.toString());
    }
  }

  @Test
  void everyStudyPlanOfRunsOrLoadsAsksForTheComparisonsItsStudyStates() throws IOException {
    Map<String, List<String>> expected = Map.of(
        "quickstart.yaml", List.of("threads=1,8"),
        "instance-sizes.yaml", List.of("storage=cloud disk,local SSD"),
        "cloud-comparison.yaml", List.of("size=medium,large", "cloud=AWS,Azure", "cloud=AWS,DigitalOcean"),
        "chaining-write-concern.yaml", List.of("server.chainingAllowed=true,false", "mongodb.writeConcern=1,majority"),
        "data-scale.yaml", List.of("recordcount=5000000,30000000", "recordcount=5000000,100000000"),
        "max-connections.yaml", List.of());
    for (Map.Entry<String, List<String>> e : expected.entrySet()) {
      assertEquals(e.getValue(), expand(PLANS.resolve(e.getKey())).plan().comparisons().stream()
          .map(c -> c.spec().toString()).toList(), e.getKey());
    }
  }

  @Test
  void studyOneAcceptsItsScaledThreadsAndRangesPerRatioAndStudyTwoSplitsItsChartsBySize() throws IOException {
    PlanComparison storage = expand(PLANS.resolve("instance-sizes.yaml")).plan().comparisons().get(0);
    assertEquals(new PairingRules(java.util.Set.of(CellProperty.THREADS), List.of("ratio")), storage.rules(),
        "8c32g at 32 vs 64 threads and 16c64g at 128 vs 96 are the document's; its finding is per ratio over all mixes");
    assertEquals("size", expand(PLANS.resolve("cloud-comparison.yaml")).plan().charts().splitBy(),
        "medium and large drawn apart");
  }

  @Test
  void quickstartIsOneLoadAndTwoScenariosAtTwoThreadCounts() throws IOException {
    Matrix m = expand(PLANS.resolve("quickstart.yaml"));
    assertEquals(5, m.phases().size());
    assertEquals(PhaseKind.LOAD, m.phases().get(0).kind());
    assertTrue(m.plan().targets().get(0).isEmbedded());
  }

  @Test
  void instanceSizesFollowsTheStudysTablesSizeBySize() throws IOException {
    Matrix m = expand(PLANS.resolve("instance-sizes.yaml"));
    long disks = m.plan().targets().stream().filter(t -> t.labels().get("storage").equals("cloud disk")).count();
    long ssds = m.plan().targets().stream().filter(t -> t.labels().get("storage").equals("local SSD")).count();
    assertEquals(10, ssds, "the document's first six tables (local SSD, physical servers, 4.2) list 10 sizes");
    assertEquals(8, disks, "its last six (cloud disk, ESSD PL1, 4.4) list 8");
    assertTrue(m.plan().targets().stream().allMatch(t -> t.labels().get("engine").equals(
        t.labels().get("storage").equals("local SSD") ? "4.2" : "4.4")), "local SSD ran 4.2, cloud disk 4.4");
    assertEquals(18 * 6, m.phases().size(), "18 targets x (a measured load + 5 mixes), no extra loads");
    Phase biggestRun = m.phases().stream().filter(p -> p.target().equals("ssd-16c128g") && p.kind() == PhaseKind.RUN)
        .findFirst().orElseThrow();
    assertEquals("64000000", biggestRun.properties().get("recordcount"));
    assertEquals("64000000", biggestRun.properties().get("operationcount"), "operationcount = recordcount per size");
    assertEquals(160, biggestRun.threads());
    Phase load = m.phases().stream().filter(p -> p.target().equals("ssd-16c128g") && p.kind() == PhaseKind.LOAD)
        .findFirst().orElseThrow();
    assertEquals(160, load.threads(), "the tables' load rows run at the size's own threads, not the command's 8");
    Phase disk16c64g = m.phases().stream().filter(p -> p.target().equals("disk-16c64g") && p.kind() == PhaseKind.RUN)
        .findFirst().orElseThrow();
    assertEquals(96, disk16c64g.threads(), "cloud disk 16 cores 64 GB: 96 threads, as its table says");
  }

  @Test
  void dataScaleLoadsEachScaleBeforeItsCells() throws IOException {
    Matrix m = expand(PLANS.resolve("data-scale.yaml"));
    long loads = m.phases().stream().filter(p -> p.kind() == PhaseKind.LOAD).count();
    assertEquals(3 * 9, loads, "S1 is a measured load per scale and thread count; runs reuse the last one");
    assertEquals(3 * 9 * 5, m.phases().size());
  }

  @Test
  void chainingPlanCrossesSetSizesChainingAndWriteConcernWithChainingSlowest() throws IOException {
    Matrix m = expand(PLANS.resolve("chaining-write-concern.yaml"));
    assertEquals(3 * 2 * 2, m.phases().size(), "3 sets x chaining on/off x w:1/majority, each a measured load");
    List<String> rs7 = m.phases().stream().filter(p -> p.target().equals("rs7"))
        .map(p -> p.serverSettings().get(ServerKeys.CHAINING_ALLOWED) + "/" + p.ycsbProperties().get("mongodb.writeConcern"))
        .toList();
    assertEquals(List.of("true/1", "true/majority", "false/1", "false/majority"), rs7);
    assertTrue(m.phases().stream().allMatch(p -> p.kind() == PhaseKind.LOAD && p.measured() && p.threads() == 8));
  }

  @Test
  void maxConnectionsPlanHoldsEachInstancesCountsAndRunsTheDocumentsYcsbLoadAndRunBeside() throws IOException {
    Matrix m = expand(PLANS.resolve("max-connections.yaml"));
    assertEquals(5 * 2, m.phases().stream().filter(p -> p.kind() == PhaseKind.CONNECTIONS).count(),
        "5 instances x (limit, limit + 10%)");
    List<Phase> loads = m.phases().stream().filter(p -> p.kind() == PhaseKind.LOAD).toList();
    List<Phase> runs = m.phases().stream().filter(p -> p.kind() == PhaseKind.RUN).toList();
    assertEquals(5, loads.size(), "one load per instance, not one per connection count");
    assertEquals(5, runs.size(), "one run per instance, not one per connection count");
    // the document's commands: load 10,000,000 records at 8 threads; run 5,000,000 50/50 zipfian operations at
    // 8,000 threads, one client, a pool of 8,000
    assertTrue(loads.stream().allMatch(p -> p.threads() == 8 && p.counts().expectedRecords().getAsLong() == 10_000_000));
    for (Phase r : runs) {
      assertEquals(8000, r.threads(), r.id());
      assertEquals(1, r.clients(), r.id());
      assertEquals("8000", r.ycsbProperties().get("mongodb.maxPoolSize"), r.id());
      assertEquals("zipfian", r.ycsbProperties().get("requestdistribution"), r.id());
      assertEquals("5000000", r.ycsbProperties().get("operationcount"), r.id());
    }
  }
}
