package dev.ycsbmongo.orchestrator.kubernetes;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where one pod's followed log has got to, so that a dropped stream resumes without losing or
 * repeating a line. Lines are requested with {@code timestamps=true}: each starts with the
 * runtime's RFC 3339 timestamp and a space. A resumed request asks for {@code sinceTime} = the last
 * delivered line's timestamp, cut to the second (the API server keeps only seconds of it), so it
 * repeats lines: those older than the last timestamp are skipped, and of those carrying exactly
 * the last timestamp (several lines may share one) as many as were already delivered.
 *
 * <p>The kubelet writes a line the runtime split (over 16 KiB in containerd) as its parts, each
 * with its own timestamp, on one line: {@link #accept} removes those inner timestamps too. A
 * log line of the client's own that contains such a timestamp followed by a space loses it; frames
 * (base64 and digits) cannot contain one. Not thread-safe: one follower owns it.
 */
final class LogCursor {

  /** What the kubelet writes before a line or part: RFC 3339 with optional fraction, Z or an offset, a space. */
  private static final Pattern STAMP = Pattern.compile(
      "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2}) ");

  private Instant last;
  private int deliveredAtLast;
  private int toSkipAtLast;

  /** Call before each request: its lines may repeat what was delivered since {@link #sinceTime()}. */
  void reopened() {
    toSkipAtLast = deliveredAtLast;
  }

  /** The {@code sinceTime} for the next request, RFC 3339 in whole seconds; empty before the first line. */
  Optional<String> sinceTime() {
    return Optional.ofNullable(last).map(t -> t.truncatedTo(ChronoUnit.SECONDS).toString());
  }

  /**
   * Takes one complete line as the API server sent it; returns its text without timestamps when
   * it is new, empty when it was delivered before. A line without a timestamp (none should come) is
   * passed on and leaves the cursor where it was.
   */
  Optional<String> accept(String line) {
    Matcher m = STAMP.matcher(line);
    if (!m.lookingAt()) {
      return Optional.of(line);
    }
    Instant at;
    try {
      at = OffsetDateTime.parse(line.substring(0, m.end() - 1)).toInstant();
    } catch (DateTimeParseException e) {
      return Optional.of(line);
    }
    String text = STAMP.matcher(line.substring(m.end())).replaceAll("");
    if (last != null && at.isBefore(last)) {
      return Optional.empty();
    }
    if (at.equals(last)) {
      if (toSkipAtLast > 0) {
        toSkipAtLast--;
        return Optional.empty();
      }
      deliveredAtLast++;
      return Optional.of(text);
    }
    last = at;
    deliveredAtLast = 1;
    toSkipAtLast = 0;
    return Optional.of(text);
  }
}
