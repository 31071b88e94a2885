package dev.ycsbmongo.orchestrator.results;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * A phase's HDR interval logs read while YCSB writes them: each {@link #intervalCounts()} decodes the complete
 * lines appended since the last call and gives {@link YcsbOutput#intervalCounts(YcsbOutput.Logs)} of the logs so
 * far, as it would read them from the files at that moment. Lines are decoded by HdrHistogram's own reader, as
 * the final read decodes them (the header lines seen so far ahead of the new lines, so its times come out the
 * same to the millisecond): what the live early stop judges is then the series the record is judged on,
 * interval for interval. Only each interval's bounds and count are kept (a decoded histogram holds tens of
 * kilobytes of counts; a 10-minute run of three series would hold a hundred megabytes).
 */
public final class HdrLogTail {

  private final Path dir;
  private final Map<String, FileTail> files = new TreeMap<>();

  /** @param phaseDir the phase's directory, whose {@value YcsbOutput#HDR_DIR}/ YCSB writes into */
  public HdrLogTail(Path phaseDir) {
    this.dir = phaseDir.resolve(YcsbOutput.HDR_DIR);
  }

  /**
   * The phase's intervals as far as the logs' complete lines go. The last may still lack a series YCSB had not
   * written yet when the files were read: it is not to be trusted until a later one follows it.
   */
  public synchronized List<YcsbOutput.IntervalCount> intervalCounts() throws IOException {
    if (Files.isDirectory(dir)) {
      try (Stream<Path> s = Files.list(dir)) {
        for (Path f : s.filter(f -> f.getFileName().toString().endsWith(".hdr")).sorted().toList()) {
          String name = f.getFileName().toString();
          String series = name.substring(0, name.length() - ".hdr".length());
          if (YcsbOutput.isOperationSeries(series)) {
            files.computeIfAbsent(series, k -> new FileTail(f)).poll();
          }
        }
      }
    }
    Map<String, List<YcsbOutput.Interval>> byName = new TreeMap<>();
    files.forEach((name, tail) -> byName.put(name, List.copyOf(tail.intervals)));
    return YcsbOutput.intervalCounts(YcsbOutput.logsOf(byName));
  }

  /** A histogram of {@code h}'s total count and times, in the least memory: all the series needs of it. */
  private static Histogram countOnly(Histogram h) {
    Histogram c = new Histogram(2, 0);
    if (h.getTotalCount() > 0) {
      c.recordValueWithCount(1, h.getTotalCount());
    }
    c.setStartTimeStamp(h.getStartTimeStamp());
    c.setEndTimeStamp(h.getEndTimeStamp());
    return c;
  }

  /** One log: how far it was read, its header lines, and its intervals so far. */
  private static final class FileTail {
    private final Path file;
    private long offset;
    private final StringBuilder header = new StringBuilder();
    private final List<YcsbOutput.Interval> intervals = new ArrayList<>();

    FileTail(Path file) {
      this.file = file;
    }

    void poll() throws IOException {
      byte[] bytes;
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
        long length = f.length();
        if (length <= offset) {
          return;
        }
        bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, length - offset)];
        f.seek(offset);
        f.readFully(bytes);
      }
      int end = bytes.length - 1;
      while (end >= 0 && bytes[end] != '\n') {
        end--;
      }
      if (end < 0) {
        return;  // a line still being written: YCSB's writer formats one in several writes
      }
      offset += end + 1;
      String text = new String(bytes, 0, end + 1, StandardCharsets.UTF_8);
      // the reader places interval times from the StartTime and BaseTime header lines: give it those first
      byte[] input = (header + text).getBytes(StandardCharsets.UTF_8);
      try (org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(
          new ByteArrayInputStream(input))) {
        while (reader.hasNext()) {
          if (reader.nextIntervalHistogram() instanceof Histogram h) {
            intervals.add(new YcsbOutput.Interval(h.getStartTimeStamp(), h.getEndTimeStamp(), countOnly(h)));
          }
        }
      } catch (RuntimeException e) {
        throw new IOException(file.getFileName() + ": " + e.getMessage(), e);
      }
      text.lines().filter(l -> l.startsWith("#")).forEach(l -> header.append(l).append('\n'));
    }
  }
}
