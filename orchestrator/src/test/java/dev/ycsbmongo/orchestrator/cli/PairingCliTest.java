package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import dev.ycsbmongo.orchestrator.results.TargetRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report's pairing rules in-process: refused pairs, --differing, --ranges-over, and plan.yaml's report section. */
class PairingCliTest {

  private static final String STORAGE = "storage=cloud disk,local SSD";

  /** {@code r} on {@code target} (storage and ratio labels), run at {@code threads} set per target (no coordinate). */
  private static PhaseResult at(PhaseResult r, String target, String storage, String threads) {
    Map<String, String> properties = new LinkedHashMap<>(r.properties());
    properties.put("threadcount", threads);
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("storage", storage);
    labels.put("ratio", "1:4");
    return r.toBuilder().phaseId(r.phaseId().replace("threadcount=8/", "").replace("/x/", "/" + target + "/"))
        .coordinates(Map.of()).target(new TargetRecord(target, "mongodb://bench:****@" + target + ":27017/ycsb",
            labels)).properties(properties).parametersFromProperties().clients(null).build();
  }

  /**
   * Study 1's 8c32g: cloud disk at 64 threads, local SSD at 32 (as its tables give them), two mixes; local SSD
   * 10% and 20% faster.
   */
  private static Path run(Path tmp) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("sizes"));
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      int i = 1;
      for (String mix : new String[] {"rw-95-5", "rw-50-50"}) {
        long faster = mix.equals("rw-95-5") ? 330_000 : 360_000;
        w.append(at(ResultFixtures.run(i++, "x", mix, 8, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO),
            "disk-8c32g", "cloud disk", "64"));
        w.append(at(ResultFixtures.run(i++, "x", mix, 8, 1, 400, 600, faster, faster, ResultFixtures.MONGO),
            "ssd-8c32g", "local SSD", "32"));
      }
    }
    return dir;
  }

  @Test
  void refusesPairsRunAtDifferentThreadsAndSaysHowToAcceptThem(@TempDir Path tmp) throws IOException {
    InProcessCli r = InProcessCli.run("report", run(tmp).toString(), "--compare", STORAGE);
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("- A and B ratio=1:4: threads differ: 64 (A) vs 32 (B); if intended, accept it with"
        + " differing: [threads] on this comparison in the plan (or report --differing threads)\n"), r.out());
    assertTrue(!r.out().contains("| Throughput A"), "no pair compared: " + r.out());
  }

  @Test
  void acceptsTheDifferenceWithDifferingAndTakesRangesOverARatioAcrossMixes(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    InProcessCli r = InProcessCli.run("report", dir.toString(), "--compare", STORAGE, "--differing", "threads",
        "--ranges-over", "ratio");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("| disk-8c32g → ssd-8c32g | 64 → 32 |"), r.out());
    assertTrue(r.out().contains("At ratio=1:4 across rw-95-5, rw-50-50:\n- Throughput: storage=local SSD is 10.0% to"
        + " 20.0% faster than storage=cloud disk"), r.out());
    String base = "comparison-storage-cloud_disk-vs-local_SSD";
    assertTrue(Files.readString(dir.resolve(base + ".csv")).lines().findFirst().orElseThrow()
        .contains(",threads_a,threads_b,"));
    assertTrue(Files.readString(dir.resolve(base + "-ranges.csv")).contains(",ratio=1:4,rw-95-5;rw-50-50,throughput,2,0,"
        + "10.00,20.00,15.00\n"));
    assertEquals(STORAGE + "\tdiffering=threads\trangesOver=ratio\n", Files.readString(dir.resolve("comparisons.txt")));
    // a later redraw makes it again with its rules
    assertEquals(0, InProcessCli.run("report", dir.toString()).exit());
    assertTrue(Files.readString(dir.resolve(base + ".md")).contains("| 64 → 32 |"));
  }

  @Test
  void anUnknownDifferenceOrRangesOverKeyIsOneLineAndExitTwo(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    InProcessCli d = InProcessCli.run("report", dir.toString(), "--compare", STORAGE, "--differing", "threads,cores");
    assertEquals(2, d.exit());
    assertEquals("orchestrator: --differing: 'cores' is not a property a pair may differ in; accepted: threads"
        + " (threadcount), clients, recordcount, operationcount\n", d.err());
    InProcessCli k = InProcessCli.run("report", dir.toString(), "--compare", STORAGE, "--ranges-over", "ratoi");
    assertEquals(2, k.exit());
    assertEquals("orchestrator: --ranges-over: 'ratoi' is not a target label or coordinate of the compared cells;"
        + " rangesOver can be: storage, ratio (did you mean 'ratio'?)\n", k.err());
    InProcessCli alone = InProcessCli.run("report", dir.toString(), "--differing", "threads");
    assertEquals(2, alone.exit());
    assertEquals(1, alone.err().lines().count(), alone.err());
  }

  @Test
  void reportReadsThePlansMappingEntriesAndSplitByFromPlanYaml(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    try (ResultsWriter w = ResultsWriter.open(dir)) {  // a thread sweep on two sizes, for the split charts
      int i = 10;
      for (String target : new String[] {"small", "large"}) {
        for (int t : new int[] {1, 2}) {
          w.append(ResultFixtures.run(i++, target, "sweep", t, 1, 100 * t, 300, 5000L * t, 5000L * t,
              ResultFixtures.MONGO));
        }
      }
    }
    Files.writeString(dir.resolve("plan.yaml"), """
        name: sizes
        report:
          compare:
          - by: storage=cloud disk,local SSD
            differing:
            - threads
          charts:
            splitBy: cores
        """);
    InProcessCli r = InProcessCli.run("report", dir.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(Files.readString(dir.resolve("comparison-storage-cloud_disk-vs-local_SSD.md")).contains("| 64 → 32 |"));
    String charts = Files.readString(dir.resolve("charts/charts.json"));
    assertTrue(charts.contains("\"id\" : \"throughput-vs-threads-sweep-run-cores-4\"")
        && charts.contains("\"id\" : \"throughput-vs-threads-sweep-run-cores-16\""), charts);
    assertTrue(Files.exists(dir.resolve("charts/latency-vs-threads-sweep-run-cores-16.svg")));
    InProcessCli again = InProcessCli.run("report", dir.toString(), "--compare", STORAGE);
    assertTrue(again.out().contains("| 64 → 32 |"), "--compare of a comparison the plan names keeps its rules: "
        + again.out());
  }
}
