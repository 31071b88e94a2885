package dev.ycsbmongo.orchestrator.check;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.ExamplePlans;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.PlanComparison;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every comparison each plan in workloads/plans/ asks for pairs something, as {@code validate}
 * predicts it from the expanded plan (every cell taken to succeed): a comparison that pairs nothing
 * is found here, not after hours of measuring.
 */
class ExamplePlanPairsTest {

  static List<Path> plans() throws IOException {
    return ExamplePlans.all();
  }

  @ParameterizedTest
  @MethodSource("plans")
  void everyComparisonOfThePlanIsPredictedToPairSomething(Path plan) throws IOException {
    Matrix matrix = ExamplePlans.expand(plan);
    for (PlanComparison c : matrix.plan().comparisons()) {
      Comparison.Preview p = PairingPreview.preview(matrix, c).orElseThrow();
      assertTrue(p.pairs() > 0, plan.getFileName() + ": '" + c.spec() + "' is predicted to pair nothing: "
          + PairingPreview.warnings(matrix));
    }
    assertTrue(PairingPreview.warnings(matrix).stream().noneMatch(w -> w.contains("will pair nothing")),
        plan.getFileName() + ": " + PairingPreview.warnings(matrix));
  }
}
