package dev.ycsbmongo.orchestrator.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Random;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {

  private static final CapacitySpec SPEC = new CapacitySpec(99, 10_000, 0.95, 0.05, OptionalDouble.empty(),
      OptionalDouble.empty(), Duration.ofSeconds(20), OptionalInt.empty(), 12);

  /**
   * A server that serves at most {@code capacity} operations per second, with 1 ms service time: below it the
   * intended p99 is a few ms; above it the backlog grows for the whole step, so the intended p99 is seconds.
   * {@code noise} scatters the achieved rate as a real step's would.
   */
  private static DoubleFunction<StepFigures> rateLimited(double capacity, double noise, long seed) {
    Random random = new Random(seed);
    return offered -> {
      double achieved = Math.min(offered, capacity) * (1 + noise * (random.nextDouble() * 2 - 1));
      double utilisation = offered / capacity;
      double p99 = utilisation < 1 ? 1000 + 2000 * utilisation : 1000 + 20e6 * (1 - 1 / utilisation);
      int threads = ThreadSizing.perClient(SPEC, offered, 1);
      return new StepFigures(offered, achieved, threads, p99, 900, p99, p99 * 1.5, 1000, 1000);
    };
  }

  private static CapacitySearch run(CapacitySpec spec, double first, DoubleFunction<StepFigures> server) {
    CapacitySearch search = new CapacitySearch(spec, first);
    for (OptionalDouble next = search.next(); next.isPresent(); next = search.next()) {
      search.record(server.apply(next.getAsDouble()));
    }
    return search;
  }

  @Test
  void aRateLimitedServerIsFoundWithinThePrecisionFromAnyStart() {
    for (double capacity : List.of(300.0, 2_500.0, 40_000.0)) {
      for (double start : List.of(capacity / 7, capacity / 2, capacity * 0.9, capacity * 3)) {
        CapacitySearch search = run(SPEC, start, rateLimited(capacity, 0.01, 7));
        String what = "capacity " + capacity + " from " + start + ": " + search.steps();
        assertEquals(CapacitySearch.Ending.CONVERGED, search.ending(), what);
        double found = search.capacity().getAsDouble();
        assertTrue(found >= capacity * (1 - SPEC.precision()) && found <= capacity, what);
        // doubling to a bracket (log2 of 7 rounds up to 3), the step that fails, then at most the bisection of a
        // factor 2 at 5%
        assertTrue(search.steps().size() <= 3 + 1 + CapacitySearch.bisectionSteps(2, 0.05), what);
      }
    }
  }

  @Test
  void aStartNearTheCapacityTakesFewSteps() {
    CapacitySearch search = run(SPEC, 900, rateLimited(1_000, 0, 1));
    double found = search.capacity().getAsDouble();
    assertTrue(found >= 950 && found <= 1_000, search.steps().toString());
    assertTrue(search.steps().size() <= 4, search.steps().toString());
  }

  /** Latency that grows smoothly with load (an M/M/1 queue's p99): the search bisects on the SLO alone. */
  @Test
  void anSloBoundIsFoundByBisection() {
    double mu = 5_000;  // service rate: p99 = ln(100) / (mu - r) seconds
    DoubleFunction<StepFigures> server = r -> {
      double p99 = r < mu ? Math.log(100) / (mu - r) * 1e6 : 1e9;
      return new StepFigures(r, Math.min(r, mu), 64, p99, p99 / 6, p99, p99 * 1.5, 200, p99 / 3);
    };
    double bound = mu - Math.log(100) / (SPEC.sloMicros() / 1e6);  // p99 = 10 ms here: 4539.5 ops/s
    CapacitySearch search = run(SPEC, 500, server);
    String what = search.steps().toString();
    assertEquals(CapacitySearch.Ending.CONVERGED, search.ending(), what);
    double found = search.capacity().getAsDouble();
    assertTrue(found >= bound * (1 - SPEC.precision()) && found <= bound, what);
    assertTrue(search.steps().stream().filter(s -> !s.verdict().passed()).map(s -> s.verdict().reason())
        .anyMatch(r -> r.startsWith("SLO breached: p99 ") && r.endsWith(" > 10 ms")), what);
    // 500 -> 4000 in 3 doublings, 8000 fails, then the bisection of a factor 2
    assertTrue(search.steps().size() <= 4 + 1 + CapacitySearch.bisectionSteps(2, 0.05), what);
  }

  @Test
  void bisectionStepsAreTheArgumentsCount() {
    assertEquals(4, CapacitySearch.bisectionSteps(2, 0.05));
    assertEquals(0, CapacitySearch.bisectionSteps(1.04, 0.05));
    assertEquals(1, CapacitySearch.bisectionSteps(1 / 0.95, 0.05));
  }

  @Test
  void aServerFasterThanTheMaxEndsAtTheMax() {
    CapacitySpec spec = new CapacitySpec(99, 10_000, 0.95, 0.05, OptionalDouble.empty(), OptionalDouble.of(5_000),
        Duration.ofSeconds(20), OptionalInt.empty(), 12);
    CapacitySearch search = run(spec, 1_000, rateLimited(1e6, 0, 1));
    assertEquals(CapacitySearch.Ending.AT_MAX, search.ending());
    assertEquals(5_000, search.capacity().getAsDouble());
    assertEquals(4, search.steps().size());  // 1000, 2000, 4000, 5000
  }

  @Test
  void aServerThatNeverMeetsTheSloEndsWithoutACapacity() {
    DoubleFunction<StepFigures> slow = r -> new StepFigures(r, r, 8, 50_000, 40_000, 50_000, 60_000, 40_000, 50_000);
    CapacitySearch search = run(SPEC, 1_000, slow);
    assertTrue(search.ending() == CapacitySearch.Ending.NONE_PASSED
        || search.ending() == CapacitySearch.Ending.STEP_LIMIT, String.valueOf(search.ending()));
    assertTrue(search.capacity().isEmpty());
    assertTrue(search.steps().size() <= SPEC.maxSteps());
  }

  @Test
  void verdictsSayWhatFailed() {
    assertEquals("not sustained: achieved 91% of offered",
        StepVerdict.of(SPEC, new StepFigures(1000, 910, 64, 5_000, 1, 5_000, 1, 1_000, 1)).reason());
    assertEquals("SLO breached: p99 23 ms > 10 ms",
        StepVerdict.of(SPEC, new StepFigures(1000, 1000, 64, 23_000, 1, 23_000, 1, 1_000, 1)).reason());
    // 64 threads each 70 ms per operation carry 914 ops/s: all busy
    StepVerdict bound = StepVerdict.of(SPEC, new StepFigures(1000, 900, 64, 80_000, 1, 80_000, 1, 70_000, 1));
    assertEquals(StepVerdict.Outcome.CLIENT_BOUND, bound.outcome());
    assertEquals("client-bound: all 64 threads busy, add threads or clients", bound.reason());
    assertTrue(StepVerdict.of(SPEC, new StepFigures(1000, 990, 64, 4_200, 1, 4_200, 1, 1_000, 1)).passed());
    assertFalse(StepVerdict.of(SPEC, new StepFigures(1000, 990, 64, 10_001, 1, 4_200, 1, 1_000, 1)).passed());
  }

  @Test
  void threadsFollowLittlesLawWithHeadroom() {
    assertEquals(200, ThreadSizing.perClient(SPEC, 10_000, 1));  // 10000/s x 10 ms x 2
    assertEquals(50, ThreadSizing.perClient(SPEC, 10_000, 4));
    assertEquals(1, ThreadSizing.perClient(SPEC, 10, 1));
    CapacitySpec fixed = CapacitySpec.of(Map.of("capacity.slo", "10ms", "capacity.threads", "32"));
    assertEquals(11, ThreadSizing.perClient(fixed, 10_000, 3));
  }
}
