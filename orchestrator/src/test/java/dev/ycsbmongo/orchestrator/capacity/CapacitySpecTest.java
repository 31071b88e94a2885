package dev.ycsbmongo.orchestrator.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapacitySpecTest {

  @Test
  void readsEveryKey() {
    CapacitySpec s = CapacitySpec.of(Map.of("capacity.slo", "10ms", "capacity.percentile", "99",
        "capacity.sustain", "90%", "capacity.precision", "2.5%", "capacity.start", "500", "capacity.max", "20000",
        "capacity.step", "30s", "capacity.threads", "auto", "capacity.maxSteps", "8", "readproportion", "0.95"));
    assertEquals(99, s.percentile());
    assertEquals(10_000, s.sloMicros());
    assertEquals(0.9, s.sustain(), 1e-12);
    assertEquals(0.025, s.precision(), 1e-12);
    assertEquals(500, s.start().getAsDouble());
    assertEquals(20_000, s.max().getAsDouble());
    assertEquals(Duration.ofSeconds(30), s.step());
    assertTrue(s.threads().isEmpty());
    assertEquals(8, s.maxSteps());
    assertEquals("p99", s.percentileLabel());
    assertTrue(CapacitySpec.requested(Map.of("capacity.slo", "1ms")));
    assertFalse(CapacitySpec.requested(Map.of("capacity.step", "10s")));
  }

  @Test
  void defaults() {
    CapacitySpec s = CapacitySpec.of(Map.of("capacity.slo", "500us"));
    assertEquals(99, s.percentile());
    assertEquals(500, s.sloMicros());
    assertEquals(CapacitySpec.DEFAULT_SUSTAIN, s.sustain());
    assertEquals(CapacitySpec.DEFAULT_PRECISION, s.precision());
    assertEquals(CapacitySpec.DEFAULT_STEP, s.step());
    assertTrue(s.start().isEmpty());
    assertEquals("p99.9", CapacitySpec.of(Map.of("capacity.slo", "1.5s", "capacity.percentile", "99.9"))
        .percentileLabel());
  }

  @Test
  void badValuesGetOneLineSayingWhatIsAccepted() {
    List<String[]> cases = List.of(
        new String[] {"capacity.slo", "10", "'10' is not accepted; expected a latency above zero such as 10ms"},
        new String[] {"capacity.slo", "0ms", "'0ms' is not accepted"},
        new String[] {"capacity.percentile", "100", "'100' is not accepted; expected a percentile above 0 and below"},
        new String[] {"capacity.percentile", "p99", "'p99' is not accepted"},
        new String[] {"capacity.sustain", "0.95", "'0.95' is not accepted; expected a share above 0% and at most 100%"},
        new String[] {"capacity.sustain", "120%", "'120%' is not accepted"},
        new String[] {"capacity.precision", "60%", "'60%' is not accepted; expected a share above 0% and at most 50%"},
        new String[] {"capacity.start", "fast", "'fast' is not accepted; expected operations per second"},
        new String[] {"capacity.start", "0", "'0' is not accepted"},
        new String[] {"capacity.step", "1s", "'1s' is not accepted; expected a step of at least 2 s"},
        new String[] {"capacity.threads", "many", "'many' is not accepted; expected auto, or a whole number"},
        new String[] {"capacity.threads", "0", "'0' is not accepted"},
        new String[] {"capacity.maxSteps", "1", "'1' is not accepted; expected a whole number from 2 to 100"},
        new String[] {"capacity.rate", "1", "unknown capacity property; accepted: capacity.slo, capacity.percentile"});
    for (String[] c : cases) {
      String problem = CapacitySpec.valueProblem(c[0], c[1]).orElseThrow(() -> new AssertionError(c[0] + "=" + c[1]));
      assertTrue(problem.startsWith(c[2]), problem + " <> " + c[2]);
      assertFalse(problem.contains("\n"));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> CapacitySpec.of(Map.of("capacity.slo", "10ms", c[0], c[1])));
      assertFalse(e.getMessage().contains("\n"));
    }
    assertTrue(CapacitySpec.valueProblem("capacity.slo", "10ms").isEmpty());
  }

  @Test
  void wholeSpecProblems() {
    assertEquals("capacity.slo: not set; a capacity search needs its latency bound, such as 10ms",
        assertThrows(IllegalArgumentException.class, () -> CapacitySpec.of(Map.of("capacity.step", "10s")))
            .getMessage());
    assertEquals("capacity.start: 900 is above capacity.max (100); expected a start rate at most the max",
        assertThrows(IllegalArgumentException.class, () -> CapacitySpec.of(Map.of("capacity.slo", "10ms",
            "capacity.start", "900", "capacity.max", "100"))).getMessage());
  }
}
