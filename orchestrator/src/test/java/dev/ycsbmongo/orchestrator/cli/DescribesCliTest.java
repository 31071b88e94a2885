package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import dev.ycsbmongo.orchestrator.results.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report's label pairing in-process: the refusal naming the label, --describes, and plan.yaml's report.describes. */
class DescribesCliTest {

  private static final String CLOUD = "cloud=AWS,Azure";

  private static PhaseResult on(PhaseResult r, String target, String cloud, String size, String cores) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("cloud", cloud);
    labels.put("size", size);
    labels.put("cores", cores);
    return ResultFixtures.onTarget(r, r.phaseId().replace("/x/", "/" + target + "/"), target, labels);
  }

  /** Study 2's machines: medium AWS with 1 core, Azure with 2; large with 2 and 4; Azure 10% faster. */
  private static Path run(Path tmp) throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("clouds"));
    try (ResultsWriter w = ResultsWriter.open(dir)) {
      w.append(on(ResultFixtures.run(1, "x", "workload-a", 8, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO),
          "aws-medium", "AWS", "medium", "1"));
      w.append(on(ResultFixtures.run(2, "x", "workload-a", 8, 1, 400, 600, 330_000, 330_000, ResultFixtures.MONGO),
          "azure-medium", "Azure", "medium", "2"));
      w.append(on(ResultFixtures.run(3, "x", "workload-a", 8, 1, 400, 600, 300_000, 300_000, ResultFixtures.MONGO),
          "aws-large", "AWS", "large", "2"));
      w.append(on(ResultFixtures.run(4, "x", "workload-a", 8, 1, 400, 600, 330_000, 330_000, ResultFixtures.MONGO),
          "azure-large", "Azure", "large", "4"));
    }
    return dir;
  }

  @Test
  void namesTheLabelThatKeepsThePairApartAndPairsWithDescribes(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    InProcessCli refused = InProcessCli.run("report", dir.toString(), "--compare", CLOUD);
    assertEquals(0, refused.exit(), refused.err());
    assertTrue(refused.out().contains(": cores differs: 1 (AWS) vs 2 (Azure) (nearest pair: aws-medium vs"
        + " azure-medium); if it describes the target"), refused.out());
    assertFalse(refused.out().contains("no cell with"), refused.out());
    InProcessCli paired = InProcessCli.run("report", dir.toString(), "--compare", CLOUD, "--describes", "cores");
    assertEquals(0, paired.exit(), paired.err());
    assertTrue(paired.out().contains("| aws-medium → azure-medium | 1 → 2 |"), paired.out());
    assertEquals(CLOUD + "\tdescribes=cores\n", Files.readString(dir.resolve("comparisons.txt")));
    assertEquals(0, InProcessCli.run("report", dir.toString()).exit());
    assertEquals(3, Files.readString(dir.resolve("comparison-cloud-AWS-vs-Azure.csv")).lines().count(),
        "a redraw pairs them again: medium and large");
  }

  @Test
  void aPlansDescribesAppliesToAComparisonTheCommandLineAsksFor(@TempDir Path tmp) throws IOException {
    Path dir = run(tmp);
    Files.writeString(dir.resolve("plan.yaml"), "name: clouds\nreport:\n  describes: [cores]\n");
    InProcessCli r = InProcessCli.run("report", dir.toString(), "--compare", CLOUD);
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("| aws-medium → azure-medium | 1 → 2 |"), r.out());
  }

  @Test
  void rejectsALabelNoTargetHasInOneLine(@TempDir Path tmp) throws IOException {
    InProcessCli r = InProcessCli.run("report", run(tmp).toString(), "--compare", CLOUD, "--describes", "coers");
    assertEquals(2, r.exit());
    assertEquals("orchestrator: --describes: 'coers' is not a label of any target of this run; accepted: cloud, size,"
        + " cores\n", r.err());
    InProcessCli alone = InProcessCli.run("report", run(tmp.resolve("b")).toString(), "--describes", "cores");
    assertEquals(2, alone.exit());
    assertTrue(alone.err().contains("--differing, --ranges-over and --describes shape a comparison"), alone.err());
  }
}
