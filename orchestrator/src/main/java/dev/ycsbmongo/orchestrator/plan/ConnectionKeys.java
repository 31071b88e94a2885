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
  /** Which servers of the connection string take {@code connections.count} each: {@link To}. */
  public static final String TO = "connections.to";

  public static final List<String> ALL = List.of(COUNT, RATE, HOLD, TIMEOUT, TO);

  public static final double DEFAULT_RATE = 0;
  public static final Duration DEFAULT_HOLD = Duration.ofSeconds(20);
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  public static final To DEFAULT_TO = To.EACH;

  /**
   * Where {@code connections.count} goes. EACH: that many to every host the connection string
   * names (one host: that host), so each server is probed to the count. PRIMARY: that many to the
   * replica set's primary alone, found with {@code hello} on the listed hosts when the run starts.
   * EACH is the default for every URI, replica set or not, because it depends on the URI alone:
   * validate can plan it offline and the count never moves with an election.
   */
  public enum To {
    EACH, PRIMARY;

    public static final String ACCEPTED = "each|primary";

    /** The plan's spelling: each, primary. */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** From the plan's spelling; {@link IllegalArgumentException} naming the accepted words. */
    public static To parse(String value) {
      for (To t : values()) {
        if (t.word().equals(value.strip())) {
          return t;
        }
      }
      throw new IllegalArgumentException("'" + value + "' is not accepted; expected " + ACCEPTED
          + " (each: connections.count to every host of the URI; primary: to the primary only)");
    }
  }

  /** A connections phase's settings, defaults filled in; {@code count} is per server ({@link To}). */
  public record Settings(int count, double ratePerSecond, Duration hold, Duration timeout, To to) {

    public Settings {
      if (to == null) {
        throw new IllegalArgumentException(TO + ": expected " + To.ACCEPTED);
      }
    }

    /** Connections to each host of the URI. */
    public Settings(int count, double ratePerSecond, Duration hold, Duration timeout) {
      this(count, ratePerSecond, hold, timeout, DEFAULT_TO);
    }
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
        Optional.ofNullable(properties.get(TIMEOUT)).map(Durations::parse).orElse(DEFAULT_TIMEOUT),
        Optional.ofNullable(properties.get(TO)).map(To::parse).orElse(DEFAULT_TO));
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
      case TO:
        try {
          To.parse(v);
          return Optional.empty();
        } catch (IllegalArgumentException e) {
          return Optional.of(e.getMessage());
        }
      default:
        return Optional.empty();
    }
  }
}
