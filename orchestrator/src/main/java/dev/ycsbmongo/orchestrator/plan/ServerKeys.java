package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The plan's {@code server.*} properties: settings the orchestrator applies to the target's
 * replica set before a cell, and how it samples the server while a phase runs. They vary like
 * any property (sweep, zip, target, scenario) but never reach YCSB.
 */
public final class ServerKeys {

  public static final String PREFIX = "server.";
  /** The replica set's {@code settings.chainingAllowed}, changed with replSetReconfig. */
  public static final String CHAINING_ALLOWED = "server.chainingAllowed";
  /** How server settings are applied: {@link ApplyMode}. */
  public static final String APPLY = "server.apply";
  /** How often the sampler polls serverStatus during a phase, or {@code off}. */
  public static final String SAMPLE_INTERVAL = "server.sampleInterval";

  /**
   * The server host's cores to divide its CPU time by, instead of {@code hostInfo.system.numCores}: a managed
   * node in a container reports its host's cores, not the instance's (a 4-core instance on a 64-core host).
   */
  public static final String CORES = "server.cores";
  /** The most cores {@link #CORES} accepts: beyond any machine, so a typo (40000 for 4) is caught. */
  static final int MAX_CORES = 4096;

  public static final List<String> ALL = List.of(CHAINING_ALLOWED, APPLY, SAMPLE_INTERVAL, CORES);
  /** The keys that change the server (the others only change how the orchestrator watches it). */
  public static final List<String> SETTINGS = List.of(CHAINING_ALLOWED);

  public static final Duration DEFAULT_SAMPLE_INTERVAL = Duration.ofSeconds(1);
  static final Duration MIN_SAMPLE_INTERVAL = Duration.ofMillis(100);
  private static final String OFF = "off";

  /** {@code off}, or {@code false}: YAML reads an unquoted {@code off} as the boolean false. */
  private static boolean isOff(String v) {
    return v.strip().equalsIgnoreCase(OFF) || v.strip().equals("false");
  }

  /**
   * {@code auto}: the orchestrator runs replSetReconfig itself; {@code manual}: it pauses and asks
   * the user to change the setting (managed services without the privilege), then checks it where
   * the config is readable; {@code skip}: cells whose setting differs from the server's are skipped.
   */
  public enum ApplyMode {
    AUTO, MANUAL, SKIP;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    static List<String> labels() {
      return java.util.Arrays.stream(values()).map(ApplyMode::label).toList();
    }

    public static ApplyMode parse(String text) {
      for (ApplyMode m : values()) {
        if (m.label().equals(text.strip().toLowerCase(Locale.ROOT))) {
          return m;
        }
      }
      throw new IllegalArgumentException("'" + text + "' is not an apply mode; accepted: "
          + String.join(", ", labels()) + Section.didYouMean(text, labels()));
    }
  }

  private ServerKeys() {
  }

  /** The sampling interval a phase's properties ask for; empty when sampling is off. */
  public static Optional<Duration> sampleInterval(java.util.Map<String, String> serverSettings) {
    String v = serverSettings.get(SAMPLE_INTERVAL);
    if (v == null) {
      return Optional.of(DEFAULT_SAMPLE_INTERVAL);
    }
    return isOff(v) ? Optional.empty() : Optional.of(Durations.parse(v));
  }

  /** The cores {@link #CORES} states for a phase; empty when it sets none (hostInfo's count is used). */
  public static java.util.OptionalInt cores(java.util.Map<String, String> serverSettings) {
    String v = serverSettings.get(CORES);
    return v == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(Integer.parseInt(v.strip()));
  }

  public static ApplyMode applyMode(java.util.Map<String, String> serverSettings) {
    String v = serverSettings.get(APPLY);
    return v == null ? ApplyMode.AUTO : ApplyMode.parse(v);
  }

  static Optional<String> valueProblem(String key, String value) {
    String v = value.strip();
    switch (key) {
      case CHAINING_ALLOWED:
        return v.equals("true") || v.equals("false") ? Optional.empty()
            : Optional.of("'" + value + "' is not a boolean; expected true or false");
      case APPLY:
        try {
          ApplyMode.parse(v);
          return Optional.empty();
        } catch (IllegalArgumentException e) {
          return Optional.of(e.getMessage());
        }
      case SAMPLE_INTERVAL:
        if (isOff(v)) {
          return Optional.empty();
        }
        try {
          Duration d = Durations.parse(v);
          return d.compareTo(MIN_SAMPLE_INTERVAL) >= 0 ? Optional.empty()
              : Optional.of("'" + value + "' is too short; expected " + Durations.format(MIN_SAMPLE_INTERVAL)
                  + " or more, or off");
        } catch (IllegalArgumentException e) {
          return Optional.of(e.getMessage() + ", or off");
        }
      case CORES:
        try {
          int n = Integer.parseInt(v);
          return n >= 1 && n <= MAX_CORES ? Optional.empty() : Optional.of("'" + value + "' is out of range; expected"
              + " the server host's cores, a whole number from 1 to " + MAX_CORES);
        } catch (NumberFormatException e) {
          return Optional.of("'" + value + "' is not a whole number; expected the server host's cores, from 1 to "
              + MAX_CORES + " (e.g. 4 for a 4-core instance whose hostInfo reports its host's 64)");
        }
      default:
        return Optional.empty();
    }
  }
}
