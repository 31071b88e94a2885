package dev.ycsbmongo.orchestrator.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The child JVM's GC log (JDK unified logging, {@code -Xlog:gc}): the stop-the-world pauses, so a
 * long one is named as what froze the client rather than only seen as a long status interval. One
 * line per collection, so the log costs nothing measurable.
 */
final class GcLog {

  /** The log's file name in the phase directory. */
  static final String FILE = "gc.log";

  /**
   * {@code [2026-11-26T02:26:34.494+0000][0.704s][info][gc] GC(0) Pause Young (Allocation Failure) 15M->4M(61M) 5.115ms};
   * the wall-clock decorator is optional (a log without it cannot be placed on the phase's clock).
   */
  private static final Pattern PAUSE = Pattern.compile(
      "^(?:\\[(\\d{4}-\\d\\d-\\d\\dT[^\\]]+)\\])?\\[([0-9.]+)s\\](?:\\[[^\\]]*\\])*\\s*GC\\(\\d+\\) (Pause .*?)"
          + "(?: \\d+[BKMG]->\\d+[BKMG]\\(\\d+[BKMG]\\))? ([0-9.]+)ms\\s*$");
  private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

  private GcLog() {
  }

  /**
   * One stop-the-world pause.
   *
   * @param endEpochMillis when it ended (the line is written then), null when the log has no wall-clock decorator
   * @param uptimeSeconds when it ended, seconds after the JVM started
   * @param seconds how long it lasted
   * @param kind the collector's words, e.g. {@code Pause Full (Allocation Failure)}
   */
  record Pause(Long endEpochMillis, double uptimeSeconds, double seconds, String kind) {
  }

  /** The JVM option writing the log to {@code file} (quoted: a run directory's path may hold ':' or spaces). */
  static String option(Path file) {
    return "-Xlog:gc:file=\"" + file + "\":utctime,uptime,level,tags";
  }

  static List<Pause> parse(Stream<String> lines) {
    List<Pause> out = new ArrayList<>();
    lines.forEach(line -> {
      Matcher m = PAUSE.matcher(line);
      if (!m.matches()) {
        return;
      }
      Long end = null;
      if (m.group(1) != null) {
        try {
          end = OffsetDateTime.parse(m.group(1), UTC_TIME).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
          // another wall-clock form: the pause is still counted, only not placed
        }
      }
      out.add(new Pause(end, Double.parseDouble(m.group(2)), Double.parseDouble(m.group(4)) / 1000.0,
          m.group(3).strip()));
    });
    return out;
  }

  /** The pauses in {@code file}; none when the child wrote no log (an older run, a child that never started). */
  static List<Pause> read(Path file) {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return parse(lines);
    } catch (IOException | java.io.UncheckedIOException e) {
      return List.of();  // the log only names a stall; the intervals still show it
    }
  }

  /**
   * The pauses long enough to name ({@link Stall#SHORTEST_NAMED_SECONDS}) as stalls on the phase's
   * clock, whose second 0 is {@code t0EpochMillis}.
   */
  static List<Stall> stalls(List<Pause> pauses, long t0EpochMillis, String cause) {
    return pauses.stream().filter(p -> p.endEpochMillis() != null && p.seconds() >= Stall.SHORTEST_NAMED_SECONDS)
        .map(p -> new Stall(p.seconds(), (p.endEpochMillis() - t0EpochMillis) / 1000.0 - p.seconds(), cause))
        .toList();
  }
}
