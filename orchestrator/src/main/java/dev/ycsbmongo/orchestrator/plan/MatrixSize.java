package dev.ycsbmongo.orchestrator.plan;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How big a plan's matrix is and roughly how long it runs, worked out from the plan's axes by
 * arithmetic, before any phase is built: a sweep of 1,000 x 1,000 values must be refused in
 * milliseconds, not after the expansion has filled the heap.
 *
 * @param phases the number of phases: exact after expansion; before it, a lower bound (the
 *     loads that prepare data sets are counted once per target without load scenarios, or once
 *     per run cell with {@code reload: per-cell})
 * @param exact whether {@code phases} is the expanded count
 * @param timedSeconds the sum of {@code maxexecutiontime} over the phases that have one
 * @param untimedPhases phases without {@code maxexecutiontime}: their length depends on
 *     {@code operationcount} or {@code recordcount} and the server's speed
 */
public record MatrixSize(long phases, boolean exact, long timedSeconds, long untimedPhases) {

  private static final String MAX_EXECUTION_TIME = PlanExpander.MAX_EXECUTION_TIME;

  /** The size of {@code plan}'s matrix without expanding it. */
  public static MatrixSize of(Plan plan) {
    Settings settings = plan.settings();
    long reps = settings.repetitions();
    boolean warmups = !settings.warmup().isEmpty();
    long phases = 0;
    long seconds = 0;
    long untimed = 0;
    for (Target target : plan.targets()) {
      long runCells = 0;
      boolean loadCells = false;
      for (Scenario scenario : plan.scenarios()) {
        PlanExpander.Axes axes = PlanExpander.axes(plan, target, scenario);
        long n = axes.cells();
        Map<String, String> workload = scenario.workload().map(WorkloadFile::properties).orElse(Map.of());
        Timed cellTime = time(plan, axes, n, workload);
        switch (scenario.kind()) {
          case RUN -> {
            runCells = plus(runCells, n);
            phases = plus(phases, times(n, reps + (warmups ? 1 : 0)));
            seconds = plus(seconds, times(cellTime.seconds(), reps));
            untimed = plus(untimed, times(cellTime.untimedCells(), reps));
            if (warmups) {
              Optional<Long> warm = whole(settings.warmup().get(MAX_EXECUTION_TIME));
              seconds = plus(seconds, warm.map(w -> times(w, n)).orElse(cellTime.seconds()));
              untimed = plus(untimed, warm.isPresent() ? 0 : cellTime.untimedCells());
            }
          }
          case LOAD -> {
            loadCells |= n > 0;
            phases = plus(phases, times(n, reps));
            // a load keeps a time limit only where its own scenario sets it
            boolean ownLimit = scenario.properties().containsKey(MAX_EXECUTION_TIME);
            seconds = plus(seconds, ownLimit ? times(cellTime.seconds(), reps) : 0);
            untimed = plus(untimed, times(ownLimit ? cellTime.untimedCells() : n, reps));
          }
          case CONNECTIONS -> phases = plus(phases, times(n, reps));
        }
      }
      // per data set, a run cell may read what a load scenario's cell just loaded: then no load of its own
      long preparing = runCells == 0 ? 0 : settings.reload() == ReloadPolicy.PER_CELL ? runCells : loadCells ? 0 : 1;
      phases = plus(phases, preparing);
      untimed = plus(untimed, preparing);
    }
    return new MatrixSize(phases, false, seconds, untimed);
  }

  /** This size with the expanded matrix's exact phase count (the preparing loads are known then). */
  public MatrixSize exactly(long expandedPhases) {
    return new MatrixSize(expandedPhases, true, timedSeconds, untimedPhases + Math.max(0, expandedPhases - phases));
  }

  /** E.g. {@code 1,001,000 phases; maxexecutiontime adds up to 2,780 h 33 min; 1,000 phases have no time limit}. */
  public String describe() {
    StringBuilder s = new StringBuilder();
    s.append(exact ? "" : "at least ").append(count(phases)).append(phases == 1 ? " phase" : " phases");
    if (timedSeconds > 0) {
      s.append("; maxexecutiontime adds up to ").append(duration(timedSeconds));
    }
    if (untimedPhases > 0) {
      s.append(timedSeconds > 0 ? ", and " : "; ").append(count(untimedPhases))
          .append(untimedPhases == 1 ? " phase has no maxexecutiontime (it lasts" : " phases have no maxexecutiontime"
              + " (they last").append(" as long as the operations or records asked for take)");
    }
    return s.toString();
  }

  static String count(long n) {
    return n == Long.MAX_VALUE ? "more than 9 quintillion" : String.format(Locale.ROOT, "%,d", n);
  }

  static String duration(long seconds) {
    if (seconds == Long.MAX_VALUE) {
      return "more than anyone can wait";
    }
    long h = seconds / 3600;
    long m = (seconds % 3600) / 60;
    long s = seconds % 60;
    if (h > 0) {
      return String.format(Locale.ROOT, "%,d h %d min", h, m);
    }
    return m > 0 ? m + " min " + s + " s" : s + " s";
  }

  /** The pair's maxexecutiontime summed over its cells, and how many cells have none. */
  private record Timed(long seconds, long untimedCells) {
  }

  /** Sums by arithmetic: each value of a dimension appears in {@code n / its size} cells. */
  private static Timed time(Plan plan, PlanExpander.Axes axes, long n, Map<String, String> workload) {
    for (Dimension d : axes.dimensions()) {
      int k = d.keys().indexOf(MAX_EXECUTION_TIME);
      if (k >= 0) {
        long each = n / d.tuples().size();
        long sum = 0;
        for (var tuple : d.tuples()) {
          sum = plus(sum, times(whole(tuple.get(k)).orElse(0L), each));
        }
        return new Timed(sum, 0);
      }
    }
    String value = axes.fixed().getOrDefault(MAX_EXECUTION_TIME,
        plan.properties().getOrDefault(MAX_EXECUTION_TIME, workload.get(MAX_EXECUTION_TIME)));
    Optional<Long> fixed = whole(value).filter(v -> v > 0);
    return fixed.map(v -> new Timed(times(v, n), 0)).orElse(new Timed(0, n));
  }

  private static Optional<Long> whole(String value) {
    try {
      return value == null ? Optional.empty() : Optional.of(Long.parseLong(value.strip()));
    } catch (NumberFormatException e) {
      return Optional.empty();  // a bad value is reported by the property checks
    }
  }

  /** a * b, or {@link Long#MAX_VALUE} when it does not fit (sizes and sums are never negative). */
  static long times(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  static long plus(long a, long b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
