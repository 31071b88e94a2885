package dev.ycsbmongo.orchestrator.clients;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Follows one HdrHistogram interval log while YCSB appends to it ({@code hdrhistogram.fileoutput=true}
 * writes one per measurement name, e.g. {@code READ.hdr}, one interval per status tick). Each
 * {@link #poll()} reads what was appended since the last one and returns the intervals of its
 * complete lines; a line still being written (YCSB's writer formats a line in several writes) is
 * left for the next poll.
 *
 * <p>Times are parsed as decimals, not doubles: the log holds seconds with 3 decimals relative to
 * its {@code StartTime} (or {@code BaseTime}) line, so each interval's start and end come out in
 * exact epoch milliseconds, and one interval's end equals the next one's start, as YCSB's recorder
 * made them. (HdrHistogram's own reader adds doubles and can be a millisecond off, which would make
 * intervals overlap.)
 */
final class HdrLogFollower {

  /** One interval of the log, in ms since the epoch; its histogram in the recorder's precision. */
  record LoggedInterval(long startMillis, long endMillis, Histogram histogram) {

    long count() {
      return histogram.getTotalCount();
    }
  }

  private static final String START_TIME = "#[StartTime: ";
  private static final String BASE_TIME = "#[BaseTime: ";
  /** As HdrHistogram's reader: a time stamp above a year of seconds is already absolute. */
  private static final long YEAR_SECONDS = 365L * 24 * 3600;

  private final Path file;
  private long offset;
  private long lineNo;
  private Long baseMillis;
  private Long startMillis;

  HdrLogFollower(Path file) {
    this.file = file;
  }

  Path file() {
    return file;
  }

  /**
   * The intervals of the complete lines appended since the last call (none when nothing was).
   *
   * @throws IOException when the file cannot be read or a complete line is not an interval log line
   *     (the message names the file and the line)
   */
  List<LoggedInterval> poll() throws IOException {
    byte[] bytes;
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
      long length = f.length();
      if (length <= offset) {
        return List.of();
      }
      bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, length - offset)];
      f.seek(offset);
      f.readFully(bytes);
    }
    int end = lastNewline(bytes);
    if (end < 0) {
      return List.of();
    }
    offset += end + 1;
    List<LoggedInterval> out = new ArrayList<>();
    String text = new String(bytes, 0, end, StandardCharsets.UTF_8);
    for (String line : text.split("\n", -1)) {
      lineNo++;
      LoggedInterval i = line(line.strip());
      if (i != null) {
        out.add(i);
      }
    }
    return out;
  }

  private static int lastNewline(byte[] bytes) {
    for (int i = bytes.length - 1; i >= 0; i--) {
      if (bytes[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private LoggedInterval line(String line) throws IOException {
    if (line.isEmpty() || line.startsWith("\"StartTimestamp\"")) {
      return null;
    }
    if (line.startsWith("#")) {
      if (line.startsWith(START_TIME)) {
        startMillis = millis(line.substring(START_TIME.length()).split(" ", 2)[0], "StartTime");
      } else if (line.startsWith(BASE_TIME)) {
        baseMillis = millis(line.substring(BASE_TIME.length()).split(" ", 2)[0], "BaseTime");
      }
      return null;
    }
    String l = line.startsWith("Tag=") ? line.substring(line.indexOf(',') + 1) : line;
    String[] f = l.split(",");
    if (f.length != 4) {
      throw problem(f.length + " comma-separated fields, expected 4 (start, length, max, histogram)");
    }
    long relStart = millis(f[0], "interval start");
    long length = millis(f[1], "interval length");
    if (length < 0) {
      throw problem("negative interval length " + f[1]);
    }
    Long base = baseMillis != null ? baseMillis : startMillis;
    if (base == null) {
      if (relStart / 1000 < YEAR_SECONDS) {
        throw problem("an interval before any StartTime or BaseTime line: its times cannot be placed");
      }
      base = 0L;
    }
    Histogram h;
    try {
      h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(f[3])), 0);
    } catch (IllegalArgumentException | DataFormatException | java.nio.BufferUnderflowException e) {
      throw problem("the histogram is not a compressed HDR histogram");
    }
    long start = base + relStart;
    return new LoggedInterval(start, start + length, h);
  }

  private long millis(String seconds, String what) throws IOException {
    try {
      return new BigDecimal(seconds.trim()).movePointRight(3).setScale(0, RoundingMode.HALF_UP).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw problem(what + " '" + seconds + "' is not a number of seconds");
    }
  }

  private IOException problem(String what) {
    return new IOException(file.getFileName() + " line " + lineNo + ": " + what);
  }
}
