package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code connections.*} properties of a {@code kind: connections} scenario (the connection
 * stress of study 5): how many connections to open, how fast, how long to hold them. Other
 * scenarios ignore them, and they never reach YCSB.
 */
public final class ConnectionKeys {

  public static final String PREFIX = "connections.";
  public static final String COUNT = "connections.count";
  /** New connections per second over all workers; 0 opens them as fast as the target accepts. */
  public static final String RATE = "connections.rate";
  public static final String HOLD = "connections.hold";
  /** How long one connection may take to connect and answer its command. */
  public static final String TIMEOUT = "connections.timeout";

  public static final List<String> ALL = List.of(COUNT, RATE, HOLD, TIMEOUT);

  public static final double DEFAULT_RATE = 0;
  public static final Duration DEFAULT_HOLD = Duration.ofSeconds(20);
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /** A connections phase's settings, defaults filled in. */
  public record Settings(int count, double ratePerSecond, Duration hold, Duration timeout) {
  }

  private ConnectionKeys() {
  }

  /** The settings of a phase whose properties passed {@link #valueProblem}; count is required. */
  public static Settings settings(Map<String, String> properties) {
    String count = properties.get(COUNT);
    if (count == null) {
      throw new IllegalArgumentException(COUNT + " is not set");
    }
    return new Settings(Integer.parseInt(count.strip()),
        Optional.ofNullable(properties.get(RATE)).map(v -> Double.parseDouble(v.strip())).orElse(DEFAULT_RATE),
        Optional.ofNullable(properties.get(HOLD)).map(Durations::parse).orElse(DEFAULT_HOLD),
        Optional.ofNullable(properties.get(TIMEOUT)).map(Durations::parse).orElse(DEFAULT_TIMEOUT));
  }

  /**
   * Settings from text spellings (a command line's), each value checked as in a plan; an
   * {@link IllegalArgumentException} "KEY: problem" for the first bad one. Count is required.
   */
  public static Settings parse(Map<String, String> values) {
    for (Map.Entry<String, String> e : values.entrySet()) {
      Optional<String> problem = valueProblem(e.getKey(), e.getValue());
      if (problem.isPresent()) {
        throw new IllegalArgumentException(e.getKey() + ": " + problem.get());
      }
    }
    return settings(values);
  }

  static Optional<String> valueProblem(String key, String value) {
    String v = value.strip();
    switch (key) {
      case COUNT:
        return PropertyRules.wholeNumberAtLeastOne(v) ? Optional.empty()
            : Optional.of("'" + value + "' is not a connection count; expected a whole number >= 1");
      case RATE:
        try {
          double r = Double.parseDouble(v);
          if (r >= 0 && Double.isFinite(r)) {
            return Optional.empty();
          }
        } catch (NumberFormatException e) {
          // falls through to the message
        }
        return Optional.of("'" + value + "' is not a rate; expected new connections per second >= 0 (0: as fast as"
            + " the target accepts)");
      case HOLD:
      case TIMEOUT:
        try {
          Duration d = Durations.parse(v);
          if (key.equals(TIMEOUT) && d.isZero()) {
            return Optional.of("'0' would fail every connection; expected a duration above zero such as 10s");
          }
          return Optional.empty();
        } catch (IllegalArgumentException e) {
          return Optional.of(e.getMessage());
        }
      default:
        return Optional.empty();
    }
  }
}
