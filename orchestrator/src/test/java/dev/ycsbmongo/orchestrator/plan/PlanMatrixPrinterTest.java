package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The matrix {@code validate} prints: sealed by a golden file, and never a password. */
class PlanMatrixPrinterTest {

  private static final String GOLDEN = "golden/small-plan.txt";

  private static String printSmallPlan() throws URISyntaxException {
    Path plan = Path.of(PlanMatrixPrinterTest.class.getResource("/plans/small.yaml").toURI());
    return MatrixPrinter.render(PlanExpander.expand(PlanLoader.load(plan, Map.of("PW", "s3cret"))));
  }

  @Test
  void printsTheSmallPlanAsTheGoldenFileSays() throws Exception {
    String printed = printSmallPlan();
    if (Boolean.getBoolean("golden.update")) {
      // mvn ... -Dgolden.update=true rewrites the file after a deliberate format change; review the diff
      Files.writeString(Path.of("src/test/resources", GOLDEN), printed);
      return;
    }
    String golden = new String(PlanMatrixPrinterTest.class.getResourceAsStream("/" + GOLDEN).readAllBytes(),
        StandardCharsets.UTF_8);
    assertEquals(golden, printed);
  }

  @Test
  void printsTheSamePlanTheSameWayEveryTime() throws Exception {
    assertEquals(printSmallPlan(), printSmallPlan());
  }

  @Test
  void neverPrintsThePasswordFromTheEnvironment() throws Exception {
    String printed = printSmallPlan();
    assertFalse(printed.contains("s3cret"));
    assertTrue(printed.contains("target local: mongodb://bench:****@127.0.0.1:27017/ycsb?authSource=admin"
        + " (cores=8, memory=16GB)"), printed);
  }

  @Test
  void neverPrintsAPasswordWrittenInThePlan() {
    Plan plan = PlanLoader.load("""
        name: q
        targets: [{name: prod, uri: 'mongodb+srv://admin:hunter2@cluster0.invalid/ycsb'}]
        scenarios: [{name: a}]
        """, Path.of("plan.yaml"), Map.of());
    String printed = MatrixPrinter.render(PlanExpander.expand(plan));
    assertFalse(printed.contains("hunter2"), printed);
    assertTrue(printed.contains("target prod: mongodb+srv://admin:****@cluster0.invalid/ycsb\n"), printed);
  }

  @Test
  void countsPhasesByKindInTheHeader() {
    Plan plan = PlanLoader.load("name: q\ntargets: [{name: l, uri: embedded}]\nscenarios: [{name: a}]\n",
        Path.of("plan.yaml"), Map.of());
    assertTrue(MatrixPrinter.render(PlanExpander.expand(plan)).startsWith(
        "plan q: 2 phases (1 load, 0 warm-ups, 1 run)\ntarget l: embedded\n"));
  }
}
