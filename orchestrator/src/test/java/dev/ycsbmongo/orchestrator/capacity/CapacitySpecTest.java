package dev.ycsbmongo.orchestrator.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapacitySpecTest {

  private static Map<String, Object> block(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("slo", Map.of("percentile", 99, "latency", "10ms"));
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void readsEveryKey() {
    CapacitySpec s = CapacitySpec.parse(block("sustain", "90%", "precision", "2.5%", "start", 500, "max", "20000",
        "step", "30s", "threads", "auto", "maxSteps", 8), "scenarios[0].capacity");
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
  }

  @Test
  void defaults() {
    CapacitySpec s = CapacitySpec.parse(Map.of("slo", Map.of("latency", "500us")), "c");
    assertEquals(99, s.percentile());
    assertEquals(500, s.sloMicros());
    assertEquals(CapacitySpec.DEFAULT_SUSTAIN, s.sustain());
    assertEquals(CapacitySpec.DEFAULT_PRECISION, s.precision());
    assertEquals(CapacitySpec.DEFAULT_STEP, s.step());
    assertTrue(s.start().isEmpty());
    assertEquals("p99.9", CapacitySpec.parse(Map.of("slo", Map.of("percentile", "99.9", "latency", "1.5s")), "c")
        .percentileLabel());
  }

  @Test
  void badValuesGetOneLineSayingWhereAndWhatIsAccepted() {
    List<Object[]> cases = List.of(
        new Object[] {Map.of(), "c.slo: is missing; expected a map such as {percentile: 99, latency: 10ms}"},
        new Object[] {Map.of("slo", "10ms"), "c.slo: is '10ms'; expected a map"},
        new Object[] {Map.of("slo", Map.of("percentile", 99)), "c.slo.latency: is missing; expected a latency"},
        new Object[] {Map.of("slo", Map.of("latency", "10")), "c.slo.latency: is '10'; expected a latency above zero"},
        new Object[] {Map.of("slo", Map.of("latency", "0ms")), "c.slo.latency: is '0ms'"},
        new Object[] {Map.of("slo", Map.of("latency", "1ms", "percentile", 100)),
            "c.slo.percentile: is '100'; expected a percentile above 0 and below 100"},
        new Object[] {Map.of("slo", Map.of("latency", "1ms", "pct", 99)),
            "c.slo.pct: is not a key here; expected one of percentile, latency"},
        new Object[] {block("sustain", "0.95"), "c.sustain: is '0.95'; expected a share above 0% and at most 100%"},
        new Object[] {block("sustain", "120%"), "c.sustain: is '120%'"},
        new Object[] {block("precision", "60%"), "c.precision: is '60%'; expected a share above 0% and at most 50%"},
        new Object[] {block("start", "fast"), "c.start: is 'fast'; expected operations per second"},
        new Object[] {block("start", 0), "c.start: is '0'"},
        new Object[] {block("start", 900, "max", 100), "c.start: (900) is above max (100)"},
        new Object[] {block("step", "1s"), "c.step: is '1s'; expected a step of at least 2 s"},
        new Object[] {block("threads", "many"), "c.threads: is 'many'; expected auto, or a whole number"},
        new Object[] {block("threads", 0), "c.threads: is '0'"},
        new Object[] {block("maxSteps", 1), "c.maxSteps: is '1'; expected a whole number from 2 to 100"},
        new Object[] {block("rate", 1), "c.rate: is not a key here; expected one of slo, sustain"},
        new Object[] {"yes", "c: is 'yes'; expected a map"});
    for (Object[] c : cases) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CapacitySpec.parse(c[0], "c"),
          String.valueOf(c[0]));
      assertTrue(e.getMessage().startsWith((String) c[1]), e.getMessage() + " <> " + c[1]);
      assertFalse(e.getMessage().contains("\n"));
    }
  }
}
