package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.PlanComparison;
import dev.ycsbmongo.orchestrator.plan.PlanExpander;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every comparison each plan in workloads/plans/ asks for pairs something, as {@code validate}
 * predicts it from the expanded plan (every cell taken to succeed): a comparison that pairs nothing
 * is found here, not after hours of measuring.
 */
class ExamplePlanPairsTest {

  private static final Path PLANS = Path.of("..", "workloads", "plans");

  static List<Path> plans() throws IOException {
    try (Stream<Path> files = Files.list(PLANS)) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  private static Matrix expand(Path plan) throws IOException {
    Map<String, String> env = new HashMap<>();
    Matcher m = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}").matcher(Files.readString(plan));
    while (m.find()) {
      env.put(m.group(1), "mongodb://bench:pw@127.0.0.1:27017/ycsb");
    }
    return PlanExpander.expand(PlanLoader.load(plan, env));
  }

  @ParameterizedTest
  @MethodSource("plans")
  void everyComparisonOfThePlanIsPredictedToPairSomething(Path plan) throws IOException {
    Matrix matrix = expand(plan);
    for (PlanComparison c : matrix.plan().comparisons()) {
      Comparison.Preview p = PairingPreview.preview(matrix, c).orElseThrow();
      assertTrue(p.pairs() > 0, plan.getFileName() + ": '" + c.spec() + "' is predicted to pair nothing: "
          + PairingPreview.warnings(matrix));
    }
    assertTrue(PairingPreview.warnings(matrix).stream().noneMatch(w -> w.contains("will pair nothing")),
        plan.getFileName() + ": " + PairingPreview.warnings(matrix));
  }
}
