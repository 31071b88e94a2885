package dev.ycsbmongo.orchestrator.capacity;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A capacity search as a plan states it:
 *
 * <pre>
 * capacity:
 *   slo: {percentile: 99, latency: 10ms}   # intended-time latency bound
 *   sustain: 95%                           # achieved / offered a step needs
 *   precision: 5%                          # stop when the bracket's hi / lo &lt;= 1 + precision
 *   start: 1000                            # first offered rate (ops/s); default: a closed-loop probe's
 *   max: 50000                             # never offer more (ops/s); default: no bound
 *   step: 20s                              # each step's run time
 *   threads: auto                          # or a number; auto = Little's law with headroom
 *   maxSteps: 12
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

  public static final List<String> KEYS = List.of("slo", "sustain", "precision", "start", "max", "step", "threads",
      "maxSteps");
  public static final List<String> SLO_KEYS = List.of("percentile", "latency");
  public static final double DEFAULT_SUSTAIN = 0.95;
  public static final double DEFAULT_PRECISION = 0.05;
  public static final Duration DEFAULT_STEP = Duration.ofSeconds(20);
  public static final int DEFAULT_MAX_STEPS = 12;

  private static final Pattern LATENCY = Pattern.compile("(\\d{1,9}(?:\\.\\d{1,6})?)\\s*(us|ms|s)");
  private static final Pattern SHARE = Pattern.compile("(\\d{1,3}(?:\\.\\d{1,6})?)\\s*%");
  private static final Pattern STEP = Pattern.compile("(\\d{1,6})\\s*(s|m)?");

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

  /**
   * The spec written as {@code block} (a YAML map read into maps, strings and numbers). Bad input is an
   * {@link IllegalArgumentException} whose message is one line: the key under {@code where}, what was found, and
   * what is accepted.
   */
  public static CapacitySpec parse(Object block, String where) {
    Map<?, ?> map = map(block, where);
    unknownKeys(map, KEYS, where);
    Object slo = map.get("slo");
    if (slo == null) {
      throw bad(where + ".slo", "is missing", "a map such as {percentile: 99, latency: 10ms}");
    }
    Map<?, ?> sloMap = map(slo, where + ".slo");
    unknownKeys(sloMap, SLO_KEYS, where + ".slo");
    double percentile = sloMap.containsKey("percentile") ? percentile(sloMap.get("percentile"), where + ".slo.percentile")
        : 99;
    if (!sloMap.containsKey("latency")) {
      throw bad(where + ".slo.latency", "is missing", "a latency such as 10ms, 500us or 1s");
    }
    double sloMicros = latency(sloMap.get("latency"), where + ".slo.latency");
    double sustain = map.containsKey("sustain") ? share(map.get("sustain"), where + ".sustain", false)
        : DEFAULT_SUSTAIN;
    double precision = map.containsKey("precision") ? share(map.get("precision"), where + ".precision", true)
        : DEFAULT_PRECISION;
    OptionalDouble start = map.containsKey("start") ? OptionalDouble.of(rate(map.get("start"), where + ".start"))
        : OptionalDouble.empty();
    OptionalDouble max = map.containsKey("max") ? OptionalDouble.of(rate(map.get("max"), where + ".max"))
        : OptionalDouble.empty();
    if (start.isPresent() && max.isPresent() && start.getAsDouble() > max.getAsDouble()) {
      throw bad(where + ".start", "(" + number(start.getAsDouble()) + ") is above max (" + number(max.getAsDouble())
          + ")", "a start rate at most max");
    }
    Duration step = map.containsKey("step") ? step(map.get("step"), where + ".step") : DEFAULT_STEP;
    OptionalInt threads = map.containsKey("threads") ? threads(map.get("threads"), where + ".threads")
        : OptionalInt.empty();
    int maxSteps = map.containsKey("maxSteps") ? wholeNumber(map.get("maxSteps"), where + ".maxSteps", 2, 100)
        : DEFAULT_MAX_STEPS;
    return new CapacitySpec(percentile, sloMicros, sustain, precision, start, max, step, threads, maxSteps);
  }

  private static Map<?, ?> map(Object o, String where) {
    if (!(o instanceof Map<?, ?> m)) {
      throw bad(where, "is " + describe(o), "a map");
    }
    return m;
  }

  private static void unknownKeys(Map<?, ?> map, List<String> accepted, String where) {
    for (Object k : map.keySet()) {
      if (!accepted.contains(String.valueOf(k))) {
        throw bad(where + "." + k, "is not a key here", "one of " + String.join(", ", accepted));
      }
    }
  }

  private static double percentile(Object o, String where) {
    String text = text(o);
    try {
      double p = Double.parseDouble(text);
      if (p > 0 && p < 100) {
        return p;
      }
    } catch (NumberFormatException e) {
      // falls through to the one message
    }
    throw bad(where, "is " + describe(o), "a percentile above 0 and below 100, such as 99 or 99.9");
  }

  private static double latency(Object o, String where) {
    Matcher m = LATENCY.matcher(text(o).strip());
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
    throw bad(where, "is " + describe(o), "a latency above zero such as 10ms, 500us or 1s");
  }

  private static double share(Object o, String where, boolean precision) {
    Matcher m = SHARE.matcher(text(o).strip());
    if (m.matches()) {
      double v = Double.parseDouble(m.group(1)) / 100;
      if (v > 0 && v <= 1 && (!precision || v <= 0.5)) {
        return v;
      }
    }
    throw bad(where, "is " + describe(o), precision ? "a share above 0% and at most 50%, such as 5%"
        : "a share above 0% and at most 100%, such as 95%");
  }

  private static double rate(Object o, String where) {
    try {
      double r = Double.parseDouble(text(o).strip());
      if (r >= 1 && r <= 1e9) {
        return r;
      }
    } catch (NumberFormatException e) {
      // falls through to the one message
    }
    throw bad(where, "is " + describe(o), "operations per second, a number from 1 to 1e9");
  }

  private static Duration step(Object o, String where) {
    Matcher m = STEP.matcher(text(o).strip());
    if (m.matches()) {
      long v = Long.parseLong(m.group(1));
      Duration d = "m".equals(m.group(2)) ? Duration.ofMinutes(v) : Duration.ofSeconds(v);
      if (d.toSeconds() >= 2) {
        return d;
      }
    }
    throw bad(where, "is " + describe(o), "a step of at least 2 s such as 20s or 1m (YCSB counts whole seconds)");
  }

  private static OptionalInt threads(Object o, String where) {
    if ("auto".equals(text(o).strip())) {
      return OptionalInt.empty();
    }
    try {
      int n = Integer.parseInt(text(o).strip());
      if (n >= 1 && n <= 10_000) {
        return OptionalInt.of(n);
      }
    } catch (NumberFormatException e) {
      // falls through to the one message
    }
    throw bad(where, "is " + describe(o), "auto, or a whole number of threads from 1 to 10000");
  }

  private static int wholeNumber(Object o, String where, int min, int max) {
    try {
      int n = Integer.parseInt(text(o).strip());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // falls through to the one message
    }
    throw bad(where, "is " + describe(o), "a whole number from " + min + " to " + max);
  }

  private static String text(Object o) {
    return o == null || o instanceof Map<?, ?> || o instanceof List<?> ? "" : o.toString();
  }

  private static String describe(Object o) {
    if (o == null) {
      return "empty";
    }
    if (o instanceof Map<?, ?>) {
      return "a map";
    }
    if (o instanceof List<?>) {
      return "a list";
    }
    return "'" + o + "'";
  }

  private static IllegalArgumentException bad(String where, String found, String accepted) {
    return new IllegalArgumentException(where + ": " + found + "; expected " + accepted);
  }
}
