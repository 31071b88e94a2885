package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The durations of a plan's {@code execution} block: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 2h}, or bare seconds. */
public final class Durations {

  static final String ACCEPTED = "a duration such as 500ms, 30s, 5m, 2h, or a whole number of seconds";

  private static final Pattern FORM = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|h)?");

  private Durations() {
  }

  /** The duration written as {@code text}; {@link IllegalArgumentException} (message: what is accepted) otherwise. */
  static Duration parse(String text) {
    Matcher m = FORM.matcher(text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a duration; expected " + ACCEPTED);
    }
    long amount = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    return switch (unit) {
      case "ms" -> Duration.ofMillis(amount);
      case "m" -> Duration.ofMinutes(amount);
      case "h" -> Duration.ofHours(amount);
      default -> Duration.ofSeconds(amount);
    };
  }

  /** The shortest plan spelling of {@code d}, e.g. {@code 2h}, {@code 90s}, {@code 500ms}. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms != 0 && ms % 3_600_000 == 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms != 0 && ms % 60_000 == 0) {
      return ms / 60_000 + "m";
    }
    if (ms % 1000 == 0) {
      return ms / 1000 + "s";
    }
    return ms + "ms";
  }
}
