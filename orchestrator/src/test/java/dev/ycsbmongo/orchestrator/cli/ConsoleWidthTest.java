package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.exec.ProgressListener.PhaseProgress;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The live line drawn on a terminal of 80 and 120 columns never wraps, so no update leaves a dead row. */
class ConsoleWidthTest {

  /** A quickstart-like run cell, its line about 125 characters in full. */
  private static final Phase RUN = new Phase(3, "run/embedded/rw-95-5/threadcount=8/rep=1", PhaseKind.RUN, "embedded",
      "rw-95-5", Map.of("threadcount", "8", "recordcount", "10000"), 1, "embedded:-", Optional.empty(), Map.of(), 8,
      false, false, Duration.ofHours(1), 0.01, Optional.empty());
  /** A long name on both sides: the description itself must give way. */
  private static final Phase LONG = new Phase(7, "run/x/y/rep=2", PhaseKind.RUN,
      "atlas-m30-eu-west-1-primary-preferred", "instance-sizes-read-mostly-zipfian-95-5",
      Map.of("threadcount", "256", "mongodb.maxPoolSize", "512"), 2, "x:-", Optional.empty(), Map.of(), 256, false,
      false, Duration.ofHours(1), 0.01, Optional.empty());

  @ParameterizedTest(name = "{0} columns")
  @ValueSource(ints = {80, 120})
  void theLiveLineNeverWraps(int columns) {
    StringWriter out = new StringWriter();
    AtomicLong clock = new AtomicLong();
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), true, clock::get, () -> columns);
    int updates = 0;
    for (Phase phase : List.of(RUN, LONG)) {
      p.phaseStarted(phase, phase.index(), 212, Optional.of(Duration.ofHours(3).plusMinutes(25)));
      for (int s = 1; s <= 60; s++) {
        clock.addAndGet(1000);
        p.status(phase, new PhaseProgress(s, s * 123_457L, 100_000_000L, 60L, 123_456.7 + s, s * 1_000L));
        updates++;
      }
    }
    Screen screen = Screen.of(out.toString(), columns);
    assertEquals(0, screen.wrapped(), "rows wrapped:\n" + String.join("\n", screen.rows()));
    // the two phases' closing lines are not written here: everything was drawn on one row
    assertEquals(1, screen.rows().size(), String.join("\n", screen.rows()));
    assertTrue(updates > 100);
  }

  @Test
  void followsAWindowNarrowedDuringAPhase() {
    StringWriter out = new StringWriter();
    AtomicLong clock = new AtomicLong();
    AtomicInteger columns = new AtomicInteger(120);
    ConsoleProgress p = new ConsoleProgress(new PrintWriter(out), true, clock::get, columns::get);
    p.phaseStarted(RUN, 3, 212, Optional.of(Duration.ofHours(1)));
    columns.set(80);
    for (int s = 1; s <= 30; s++) {
      clock.addAndGet(1000);
      p.status(RUN, new PhaseProgress(s, s * 1000L, 100_000_000L, null, 1000.0, 0));
    }
    String[] drawn = out.toString().split("\r");
    String last = drawn[drawn.length - 1].replace("\033[K", "");
    assertTrue(LiveLine.width(last) <= 79, "read again within " + ConsoleProgress.WIDTH_EVERY_MILLIS + " ms: " + last);
    assertTrue(LiveLine.width(drawn[2].replace("\033[K", "")) > 79, "the first seconds still drawn at 120: " + drawn[2]);
  }

  @Test
  void keepsRateAndErrorsAndDropsTheLeastUsefulPartsFirst() {
    LiveLine line = new LiveLine("3/212", "3h25m", "run rw-95-5 threadcount=8 rep 1 on embedded",
        "1,234,567/100,000,000 ops (1%)", "123,457 ops/s, 12,000 errors", "60s");
    assertEquals("[phase 3/212, plan ETA 3h25m] run rw-95-5 threadcount=8 rep 1 on embedded: 1,234,567/100,000,000"
        + " ops (1%), 123,457 ops/s, 12,000 errors, 60s", line.fit(200));
    assertEquals("[phase 3/212, plan ETA 3h25m] run rw-95-5 threadcount=8 rep 1 on embedded: 1,234,567/100,000,000"
        + " ops (1%), 123,457 ops/s, 12,000 errors", line.fit(140));
    assertEquals("[phase 3/212] run rw-95-5 threadcount=8 rep 1 on embedded: 1,234,567/100,000,000 ops (1%),"
        + " 123,457 ops/s, 12,000 errors", line.fit(120));
    assertEquals("[phase 3/212] run rw-95-5 threadcount=8 rep 1 on embedded: 123,457 ops/s, 12,000 errors",
        line.fit(100));
    String narrow = line.fit(60);
    assertEquals(59, LiveLine.width(narrow), narrow);
    // the description loses its middle: where it runs and the figures stay
    assertEquals("[phase 3/212] run rw-…mbedded: 123,457 ops/s, 12,000 errors", narrow);
    assertTrue(LiveLine.width(line.fit(30)) <= 29, line.fit(30));
  }

  @Test
  void countsWideCharactersTwice() {
    assertEquals(8, LiveLine.width("読み取り"));
    String cut = LiveLine.middleCut("読み取り中心の負荷", 8);
    assertTrue(LiveLine.width(cut) <= 9, cut);
  }

  @Test
  void readsTheWidthFromColumnsOrStty() {
    assertEquals(OptionalInt.of(132), TerminalWidth.columns(Map.of("COLUMNS", "132")));
    assertEquals(OptionalInt.empty(), TerminalWidth.columns(Map.of("COLUMNS", "wide")));
    assertEquals(OptionalInt.empty(), TerminalWidth.columns(Map.of("COLUMNS", "0")));
    assertEquals(OptionalInt.of(203), TerminalWidth.sttyColumns("52 203\n"));
    assertEquals(OptionalInt.empty(), TerminalWidth.sttyColumns("0 0\n"));
    assertEquals(OptionalInt.empty(), TerminalWidth.sttyColumns("stty: 'standard input': Inappropriate ioctl\n"));
  }

  /**
   * What a terminal of {@code columns} shows for the text written to it: {@code \r} returns to the row's
   * start, {@code \n} opens a row, {@code ESC[K} clears to the row's end; a character past the last column
   * wraps to a new row, as terminals with automatic margins do.
   */
  record Screen(List<String> rows, int wrapped) {

    static Screen of(String written, int columns) {
      List<StringBuilder> rows = new ArrayList<>();
      rows.add(new StringBuilder());
      int col = 0;
      int wrapped = 0;
      int[] cps = written.codePoints().toArray();
      for (int i = 0; i < cps.length; i++) {
        int cp = cps[i];
        StringBuilder row = rows.get(rows.size() - 1);
        if (cp == '\r') {
          col = 0;
        } else if (cp == '\n') {
          rows.add(new StringBuilder());
          col = 0;
        } else if (cp == 0x1b && i + 2 < cps.length && cps[i + 1] == '[' && cps[i + 2] == 'K') {
          row.setLength(Math.min(row.length(), col));
          i += 2;
        } else {
          int w = LiveLine.width(new String(Character.toChars(cp)));
          if (col + w > columns) {
            wrapped++;
            rows.add(new StringBuilder());
            row = rows.get(rows.size() - 1);
            col = 0;
          }
          if (col < row.length()) {
            row.setCharAt(col, (char) cp);  // the tests overwrite ASCII only
          } else {
            row.appendCodePoint(cp);
          }
          col += w;
        }
      }
      List<String> shown = rows.stream().map(StringBuilder::toString).filter(r -> !r.isEmpty()).toList();
      return new Screen(shown, wrapped);
    }
  }
}
