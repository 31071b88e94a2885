package dev.ycsbmongo.orchestrator.clients;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HDR interval log written as YCSB 0.17.0's {@code OneMeasurementHdrHistogram} writes one: the
 * same writer calls (comment, format version, start time, base time, legend), then one interval per
 * status tick; intervals can also be appended in two pieces, as a line still being written.
 */
final class YcsbHdrLog implements AutoCloseable {

  private final Path file;
  private final long baseMillis;
  private final PrintStream log;
  private final HistogramLogWriter writer;

  YcsbHdrLog(Path dir, String name, long baseMillis) throws IOException {
    this.file = dir.resolve(name + ".hdr");
    this.baseMillis = baseMillis;
    this.log = new PrintStream(new FileOutputStream(file.toFile()), false);
    this.writer = header(log, name, baseMillis);
  }

  private static HistogramLogWriter header(PrintStream log, String name, long baseMillis) {
    HistogramLogWriter w = new HistogramLogWriter(log);
    w.outputComment("[Logging for: " + name + "]");
    w.outputLogFormatVersion();
    w.outputStartTime(baseMillis);
    w.setBaseTime(baseMillis);
    w.outputLegend();
    log.flush();
    return w;
  }

  static Histogram histogram(long startMillis, long endMillis, long... micros) {
    Histogram h = new Histogram(OpInterval.SIGNIFICANT_DIGITS);
    for (long v : micros) {
      h.recordValue(v);
    }
    h.setStartTimeStamp(startMillis);
    h.setEndTimeStamp(endMillis);
    return h;
  }

  /** Appends one complete interval line. */
  YcsbHdrLog interval(long startMillis, long endMillis, long... micros) {
    writer.outputIntervalHistogram(histogram(startMillis, endMillis, micros));
    log.flush();
    return this;
  }

  /** The line {@link #interval} would append, as bytes. */
  byte[] line(long startMillis, long endMillis, long... micros) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream p = new PrintStream(bytes, false, StandardCharsets.UTF_8);
    HistogramLogWriter w = new HistogramLogWriter(p);
    w.setBaseTime(baseMillis);
    w.outputIntervalHistogram(histogram(startMillis, endMillis, micros));
    p.flush();
    return bytes.toByteArray();
  }

  /** Appends raw bytes (part of a line). */
  void append(byte[] bytes) throws IOException {
    Files.write(file, bytes, StandardOpenOption.APPEND);
  }

  Path file() {
    return file;
  }

  @Override
  public void close() {
    log.close();
  }
}
