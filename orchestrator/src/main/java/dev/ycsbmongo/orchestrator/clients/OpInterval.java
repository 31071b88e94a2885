package dev.ycsbmongo.orchestrator.clients;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One operation over one interval of one client: the latencies of its successful operations as an
 * HDR histogram (microseconds, 3 significant digits, as YCSB records them), and its failures by
 * YCSB status. Immutable.
 *
 * <p>The histogram is kept in HdrHistogram's compressed encoding (a few hundred bytes), not as a
 * {@link Histogram} (tens of KB of counts each): a cell of 64 clients x 60 intervals x 4 operations
 * holds 15,360 of them, which decoded would take about a gigabyte. The merge decodes each once.
 */
public final class OpInterval {

  /**
   * The precision every frame's histogram has: YCSB's own ({@code new Recorder(3)}), and the one
   * the merge sums into, so summing adds bucket counts one to one and loses nothing.
   */
  public static final int SIGNIFICANT_DIGITS = 3;

  private final String operation;
  private final long startMillis;
  private final long endMillis;
  private final byte[] compressed;
  private final long count;
  private final Map<String, Long> errorsByStatus;

  /**
   * @param operation YCSB's measurement name (READ, UPDATE, INSERT, SCAN, DELETE, READ-MODIFY-WRITE)
   * @param startMillis interval start, ms since the epoch
   * @param endMillis interval end, ms since the epoch, after the start
   * @param histogram latencies of the successful operations in microseconds ({@value #SIGNIFICANT_DIGITS}
   *     significant digits); copied
   * @param errorsByStatus failed operations by YCSB status (e.g. {@code ERROR}); empty when none failed
   */
  public OpInterval(String operation, long startMillis, long endMillis, Histogram histogram,
      Map<String, Long> errorsByStatus) {
    this(operation, startMillis, endMillis, encode(operation, histogram), histogram.getTotalCount(), errorsByStatus);
  }

  private OpInterval(String operation, long startMillis, long endMillis, byte[] compressed, long count,
      Map<String, Long> errorsByStatus) {
    if (operation == null || operation.isEmpty() || operation.contains(" ")) {
      throw new IllegalArgumentException("operation '" + operation + "' must be a non-empty name without spaces");
    }
    if (endMillis <= startMillis) {
      throw new IllegalArgumentException("interval " + startMillis + ".." + endMillis + " of " + operation
          + " does not end after it starts");
    }
    this.operation = operation;
    this.startMillis = startMillis;
    this.endMillis = endMillis;
    this.compressed = compressed;
    this.count = count;
    this.errorsByStatus = Payloads.checkedCounts(errorsByStatus, operation + " errors");
  }

  private static byte[] encode(String operation, Histogram h) {
    if (h.getNumberOfSignificantValueDigits() != SIGNIFICANT_DIGITS) {
      throw new IllegalArgumentException("histogram of " + operation + " has " + h.getNumberOfSignificantValueDigits()
          + " significant digits, frames carry " + SIGNIFICANT_DIGITS);
    }
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    return Arrays.copyOf(buf.array(), n);
  }

  public String operation() {
    return operation;
  }

  public long startMillis() {
    return startMillis;
  }

  public long endMillis() {
    return endMillis;
  }

  public Map<String, Long> errorsByStatus() {
    return errorsByStatus;
  }

  /** A fresh decoded copy: callers may add to it. */
  public Histogram histogram() {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), 0);
    } catch (DataFormatException e) {
      throw new IllegalStateException("encoded by this class, so decodable", e);
    }
  }

  /** Successful operations in the interval. */
  public long count() {
    return count;
  }

  public long errors() {
    return errorsByStatus.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Adds this interval's histogram into {@code sum}. */
  void addTo(Histogram sum) {
    sum.add(histogram());
  }

  /** Bytes of the compressed histogram, before base64 (what a frame carries). */
  int compressedBytes() {
    return compressed.length;
  }

  @Override
  public String toString() {
    return operation + " " + startMillis + ".." + endMillis + ": " + count + " ok, errors " + errorsByStatus;
  }

  String toPayload() {
    ObjectNode o = Payloads.object();
    o.put("op", operation);
    o.put("startMillis", startMillis);
    o.put("endMillis", endMillis);
    o.set("errors", Payloads.counts(errorsByStatus));
    o.put("hdr", Base64.getEncoder().encodeToString(compressed));
    return Payloads.text(o);
  }

  static OpInterval fromPayload(String payload) throws FrameException {
    FrameType t = FrameType.INTERVAL;
    JsonNode n = Payloads.parse(payload, t);
    String op = Payloads.textField(n, "op", t);
    long start = Payloads.longField(n, "startMillis", t);
    long end = Payloads.longField(n, "endMillis", t);
    if (end <= start || op.contains(" ")) {
      throw new FrameException("interval payload: " + op + " " + start + ".." + end
          + " (need an operation name without spaces and an end after the start)");
    }
    Map<String, Long> errors = Payloads.counts(n, "errors", t);
    byte[] bytes;
    Histogram h;
    try {
      bytes = Base64.getDecoder().decode(Payloads.textField(n, "hdr", t));
      // decoded once here to check it; kept compressed
      h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (IllegalArgumentException | DataFormatException | java.nio.BufferUnderflowException e) {
      throw new FrameException("interval payload: " + op + " histogram 'hdr' is not a compressed HDR histogram");
    }
    if (h.getNumberOfSignificantValueDigits() != SIGNIFICANT_DIGITS) {
      throw new FrameException("interval payload: " + op + " histogram has " + h.getNumberOfSignificantValueDigits()
          + " significant digits (accepted: " + SIGNIFICANT_DIGITS + ", as YCSB records)");
    }
    return new OpInterval(op, start, end, bytes, h.getTotalCount(), errors);
  }
}
