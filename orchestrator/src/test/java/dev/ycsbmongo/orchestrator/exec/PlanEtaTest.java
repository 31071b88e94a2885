package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanEtaTest {

  private static Phase phase(int i, Map<String, String> props) {
    return new Phase(i, "run/local/a/rep=" + i, PhaseKind.RUN, "local", "a", Map.of(), i, "local:-", Optional.empty(),
        props, 8, false, false, Duration.ofHours(1), 0.01, Optional.empty());
  }

  private static Phase capped(int i, int seconds) {
    return phase(i, Map.of("maxexecutiontime", String.valueOf(seconds)));
  }

  @Test
  void takesTheCapAWorkloadFileSets(@TempDir Path dir) throws IOException {
    Path workload = dir.resolve("w");
    Files.writeString(workload, "maxexecutiontime=30\n");
    Phase fromFile = new Phase(2, "run/local/a/rep=2", PhaseKind.RUN, "local", "a", Map.of(), 2, "local:-",
        Optional.of(workload), Map.of(), 8, false, false, Duration.ofHours(1), 0.01, Optional.empty());
    PlanEta eta = new PlanEta();
    eta.ran(capped(1, 10), 12.0);
    assertEquals(Optional.of(Duration.ofSeconds(30 + 2)), eta.estimate(List.of(fromFile)));
  }

  @Test
  void isUnknownUntilOnePhaseHasRun() {
    assertTrue(new PlanEta().estimate(List.of(capped(1, 10))).isEmpty());
  }

  @Test
  void cappedPhasesTakeTheirCapPlusTheOverheadMeasuredSoFar() {
    PlanEta eta = new PlanEta();
    eta.ran(capped(1, 10), 13.0); // a 3 s start-up here, not the 0.5 s guessed
    assertEquals(Optional.of(Duration.ofSeconds(2 * (20 + 3))), eta.estimate(List.of(capped(2, 20), capped(3, 20))));
  }

  @Test
  void uncappedPhasesTakeTheMeanOfTheUncappedPhasesRun() {
    PlanEta eta = new PlanEta();
    eta.ran(capped(1, 40), 41.0);
    assertEquals(Optional.of(Duration.ofSeconds(41)), eta.estimate(List.of(phase(2, Map.of()))), "all phases' mean first");
    eta.ran(phase(2, Map.of()), 6.0);
    eta.ran(phase(3, Map.of()), 4.0);
    assertEquals(Optional.of(Duration.ofSeconds(5 + 41)), eta.estimate(List.of(phase(4, Map.of()), capped(5, 40))));
  }
}
