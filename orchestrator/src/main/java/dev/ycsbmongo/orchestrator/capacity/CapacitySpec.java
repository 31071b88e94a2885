package dev.ycsbmongo.orchestrator.capacity;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A capacity search as a plan states it: the orchestrator's own {@code capacity.*} properties of a scenario (or a
 * sweep, or the plan), which YCSB never sees, like {@code connections.*}. Flat keys rather than a nested block so
 * that each is checked with its file and line like any property, and any of them can be swept: two SLOs, or two
 * settings, give two capacities side by side.
 *
 * <pre>
 * capacity.slo: 10ms          # the intended-time latency bound; its presence makes the cell a capacity search
 * capacity.percentile: 99     # the percentile the bound applies to
 * capacity.sustain: 95%       # achieved / offered a step needs
 * capacity.precision: 5%      # stop when the bracket's hi / lo &lt;= 1 + precision
 * capacity.start: 1000        # first offered rate (ops/s); default: a closed-loop probe's throughput
 * capacity.max: 50000         # never offer more (ops/s); default: no bound
 * capacity.step: 20s          # each step's run time
 * capacity.threads: auto      # or a number over all clients; auto = Little's law with headroom
 * capacity.maxSteps: 12
 * </pre>
 *
 * @param percentile the latency percentile the SLO bounds, in (0, 100)
 * @param sloMicros the bound, microseconds
 * @param sustain the share of the offered rate a step must achieve, in (0, 1]
 * @param precision the search's relative precision, in (0, 1]
 * @param start the first offered rate, if the plan sets it
 * @param max the highest rate to offer, if the plan sets it
 * @param step each step's run time (YCSB {@code maxexecutiontime})
 * @param threads the threads of every step over all clients, if the plan sets them; empty: {@link ThreadSizing}
 * @param maxSteps the most steps the search takes before it states its bracket as it stands
 */
public record CapacitySpec(double percentile, double sloMicros, double sustain, double precision, OptionalDouble start,
    OptionalDouble max, Duration step, OptionalInt threads, int maxSteps) {

  public static final double DEFAULT_SUSTAIN = 0.95;
  public static final double DEFAULT_PRECISION = 0.05;
  public static final Duration DEFAULT_STEP = Duration.ofSeconds(20);
  public static final int DEFAULT_MAX_STEPS = 12;

  private static final Pattern LATENCY = Pattern.compile("(\\d{1,9}(?:\\.\\d{1,6})?)\\s*(us|ms|s)");
  private static final Pattern SHARE = Pattern.compile("(\\d{1,3}(?:\\.\\d{1,6})?)\\s*%");
  private static final Pattern STEP_FORM = Pattern.compile("(\\d{1,6})\\s*(s|m)?");

  public CapacitySpec {
    if (!(percentile > 0 && percentile < 100) || !(sloMicros > 0) || !(sustain > 0 && sustain <= 1)
        || !(precision > 0 && precision <= 1) || step.isNegative() || step.isZero() || maxSteps < 2) {
      throw new IllegalArgumentException("capacity spec out of range");
    }
  }

  /** "p99", "p99.9". */
  public String percentileLabel() {
    return "p" + number(percentile);
  }

  /** A latency in milliseconds as a table shows it: "23 ms", "0.85 ms". */
  public static String millis(double micros) {
    double ms = micros / 1000.0;
    return (ms >= 10 ? String.format(Locale.ROOT, "%.0f", ms) : String.format(Locale.ROOT, "%.3g", ms)) + " ms";
  }

  static String number(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }

  /** The coordinate naming a step's offered rate (ops/s, or "probe" for the closed-loop probe). */
  public static final String OFFERED = "offered";

  public static final String PREFIX = "capacity.";
  public static final String SLO = "capacity.slo";
  public static final String PERCENTILE = "capacity.percentile";
  public static final String SUSTAIN = "capacity.sustain";
  public static final String PRECISION = "capacity.precision";
  public static final String START = "capacity.start";
  public static final String MAX = "capacity.max";
  public static final String STEP = "capacity.step";
  public static final String THREADS = "capacity.threads";
  public static final String MAX_STEPS = "capacity.maxSteps";
  public static final List<String> ALL = List.of(SLO, PERCENTILE, SUSTAIN, PRECISION, START, MAX, STEP, THREADS,
      MAX_STEPS);

  /** True when {@code properties} ask for a capacity search (they set {@code capacity.slo}). */
  public static boolean requested(Map<String, String> properties) {
    return properties.containsKey(SLO);
  }

  /**
   * Why {@code value} is no good for the {@code capacity.*} key {@code key}, if it is not: one line, what is
   * accepted (the plan reader puts the file, line and key before it).
   */
  public static Optional<String> valueProblem(String key, String value) {
    try {
      read(key, value);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(e.getMessage());
    }
  }

  /**
   * The spec of a cell's properties (every key checked by {@link #valueProblem}; the {@code capacity.*} keys
   * together here). An {@link IllegalArgumentException} with one line says what is wrong.
   */
  public static CapacitySpec of(Map<String, String> properties) {
    for (String key : properties.keySet()) {
      if (key.startsWith(PREFIX) && !ALL.contains(key)) {
        throw new IllegalArgumentException(key + ": unknown capacity property; accepted: " + String.join(", ", ALL));
      }
    }
    if (!properties.containsKey(SLO)) {
      throw new IllegalArgumentException(SLO + ": not set; a capacity search needs its latency bound, such as 10ms");
    }
    java.util.function.Function<String, Object> v = key -> properties.containsKey(key)
        ? read(key, properties.get(key)) : null;
    double sloMicros = (Double) v.apply(SLO);
    double percentile = properties.containsKey(PERCENTILE) ? (Double) v.apply(PERCENTILE) : 99;
    double sustain = properties.containsKey(SUSTAIN) ? (Double) v.apply(SUSTAIN) : DEFAULT_SUSTAIN;
    double precision = properties.containsKey(PRECISION) ? (Double) v.apply(PRECISION) : DEFAULT_PRECISION;
    OptionalDouble start = properties.containsKey(START) ? OptionalDouble.of((Double) v.apply(START))
        : OptionalDouble.empty();
    OptionalDouble max = properties.containsKey(MAX) ? OptionalDouble.of((Double) v.apply(MAX))
        : OptionalDouble.empty();
    if (start.isPresent() && max.isPresent() && start.getAsDouble() > max.getAsDouble()) {
      throw new IllegalArgumentException(START + ": " + number(start.getAsDouble()) + " is above " + MAX + " ("
          + number(max.getAsDouble()) + "); expected a start rate at most the max");
    }
    Duration step = properties.containsKey(STEP) ? (Duration) v.apply(STEP) : DEFAULT_STEP;
    OptionalInt threads = properties.containsKey(THREADS) ? (OptionalInt) v.apply(THREADS) : OptionalInt.empty();
    int maxSteps = properties.containsKey(MAX_STEPS) ? (Integer) v.apply(MAX_STEPS) : DEFAULT_MAX_STEPS;
    return new CapacitySpec(percentile, sloMicros, sustain, precision, start, max, step, threads, maxSteps);
  }

  /** The typed value of one key; {@link IllegalArgumentException} with what is accepted otherwise. */
  private static Object read(String key, String value) {
    return switch (key) {
      case SLO -> latency(value);
      case PERCENTILE -> percentile(value);
      case SUSTAIN -> share(value, false);
      case PRECISION -> share(value, true);
      case START, MAX -> rate(value);
      case STEP -> step(value);
      case THREADS -> threads(value);
      case MAX_STEPS -> wholeNumber(value, 2, 100);
      default -> throw new IllegalArgumentException("unknown capacity property; accepted: " + String.join(", ", ALL));
    };
  }

  private static double percentile(String text) {
    try {
      double p = Double.parseDouble(text.strip());
      if (p > 0 && p < 100) {
        return p;
      }
    } catch (NumberFormatException e) {
      // falls through to the one message
    }
    throw bad(text, "a percentile above 0 and below 100, such as 99 or 99.9");
  }

  private static double latency(String text) {
    Matcher m = LATENCY.matcher(text.strip());
    if (m.matches()) {
      double v = Double.parseDouble(m.group(1));
      double micros = switch (m.group(2)) {
        case "us" -> v;
        case "ms" -> v * 1000;
        default -> v * 1_000_000;
      };
      if (micros > 0) {
        return micros;
      }
    }
    throw bad(text, "a latency above zero such as 10ms, 500us or 1s");
  }

  private static double share(String text, boolean precision) {
    Matcher m = SHARE.matcher(text.strip());
    if (m.matches()) {
      double v = Double.parseDouble(m.group(1)) / 100;
      if (v > 0 && v <= 1 && (!precision || v <= 0.5)) {
        return v;
      }
    }
    throw bad(text, precision ? "a share above 0% and at most 50%, such as 5%"
        : "a share above 0% and at most 100%, such as 95%");
  }

  private static double rate(String text) {
    try {
      double r = Double.parseDouble(text.strip());
      if (r >= 1 && r <= 1e9) {
        return r;
      }
    } catch (NumberFormatException e) {
      // falls through to the one message
    }
    throw bad(text, "operations per second, a number from 1 to 1e9");
  }

  private static Duration step(String text) {
    Matcher m = STEP_FORM.matcher(text.strip());
    if (m.matches()) {
      long v = Long.parseLong(m.group(1));
      Duration d = "m".equals(m.group(2)) ? Duration.ofMinutes(v) : Duration.ofSeconds(v);
      if (d.toSeconds() >= 2) {
        return d;
      }
    }
    throw bad(text, "a step of at least 2 s such as 20s or 1m (YCSB counts whole seconds)");
  }

  private static OptionalInt threads(String text) {
    if ("auto".equals(text.strip())) {
      return OptionalInt.empty();
    }
    try {
      int n = Integer.parseInt(text.strip());
      if (n >= 1 && n <= 10_000) {
        return OptionalInt.of(n);
      }
    } catch (NumberFormatException e) {
      // falls through to the one message
    }
    throw bad(text, "auto, or a whole number of threads from 1 to 10000");
  }

  private static int wholeNumber(String text, int min, int max) {
    try {
      int n = Integer.parseInt(text.strip());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // falls through to the one message
    }
    throw bad(text, "a whole number from " + min + " to " + max);
  }

  private static IllegalArgumentException bad(String text, String accepted) {
    return new IllegalArgumentException("'" + text + "' is not accepted; expected " + accepted);
  }
}
