package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HDR logs read as they grow give what the final read of the same bytes gives, a line being written left for later. */
class HdrLogTailTest {

  private static final long BASE = 1_795_000_000_437L;

  @TempDir
  Path phase;

  /** The header YCSB writes, then lines for intervals ending at each of {@code ends} (ms after BASE). */
  private static byte[] log(String name, boolean header, long from, long... ends) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    HistogramLogWriter w = new HistogramLogWriter(out);
    if (header) {
      w.outputComment("[Logging for: " + name + "]");
      w.outputLogFormatVersion();
      w.outputStartTime(BASE);
      w.outputLegend();
    }
    w.setBaseTime(BASE);
    long start = from;
    for (long end : ends) {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(120, 100 + end % 97);
      h.setStartTimeStamp(BASE + start);
      h.setEndTimeStamp(BASE + end);
      w.outputIntervalHistogram(h);
      start = end;
    }
    out.flush();
    return bytes.toByteArray();
  }

  private void append(String name, byte[] bytes) throws Exception {
    Files.write(phase.resolve("hdr").resolve(name + ".hdr"), bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  @Test
  void readsWhatTheFinalReadReadsAsFarAsCompleteLinesGo() throws Exception {
    Files.createDirectories(phase.resolve("hdr"));
    HdrLogTail tail = new HdrLogTail(phase);
    assertEquals(List.of(), tail.intervalCounts(), "no log yet");

    append("READ", log("READ", true, 0, 1003, 2001));
    append("UPDATE", log("UPDATE", true, 2, 1005, 2004));
    append("POOL-CHECKOUT", log("POOL-CHECKOUT", true, 0, 1003));  // not an operation: not read
    assertEquals(YcsbOutput.intervalCounts(phase), tail.intervalCounts());
    assertEquals(2, tail.intervalCounts().size());

    byte[] next = log("READ", false, 2001, 3007);
    append("READ", Arrays.copyOf(next, next.length / 2));  // YCSB's writer formats a line in several writes
    List<YcsbOutput.IntervalCount> half = tail.intervalCounts();
    assertEquals(2, half.size(), "half a line is not read");
    append("READ", Arrays.copyOfRange(next, next.length / 2, next.length));
    append("UPDATE", log("UPDATE", false, 2004, 3009));
    assertEquals(YcsbOutput.intervalCounts(phase), tail.intervalCounts());
    assertEquals(3, tail.intervalCounts().size());
  }
}
