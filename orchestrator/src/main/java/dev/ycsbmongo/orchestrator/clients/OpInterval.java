package dev.ycsbmongo.orchestrator.clients;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One operation over one interval of one client: the latencies of its successful operations as an
 * HDR histogram (microseconds, 3 significant digits, as YCSB records them), and its failures by
 * YCSB status. The histogram is copied in and out, so the record stays immutable.
 *
 * @param operation YCSB's measurement name (READ, UPDATE, INSERT, SCAN, DELETE, READ-MODIFY-WRITE)
 * @param startMillis interval start, ms since the epoch
 * @param endMillis interval end, ms since the epoch, after the start
 * @param errorsByStatus failed operations by YCSB status (e.g. {@code ERROR}); empty when none failed
 */
public record OpInterval(String operation, long startMillis, long endMillis, Histogram histogram,
    Map<String, Long> errorsByStatus) {

  /**
   * The precision every frame's histogram has: YCSB's own ({@code new Recorder(3)}), and the one
   * the merge sums into, so summing adds bucket counts one to one and loses nothing.
   */
  public static final int SIGNIFICANT_DIGITS = 3;

  public OpInterval {
    if (operation == null || operation.isEmpty() || operation.contains(" ")) {
      throw new IllegalArgumentException("operation '" + operation + "' must be a non-empty name without spaces");
    }
    if (endMillis <= startMillis) {
      throw new IllegalArgumentException("interval " + startMillis + ".." + endMillis + " of " + operation
          + " does not end after it starts");
    }
    Objects.requireNonNull(histogram, "histogram");
    if (histogram.getNumberOfSignificantValueDigits() != SIGNIFICANT_DIGITS) {
      throw new IllegalArgumentException("histogram of " + operation + " has "
          + histogram.getNumberOfSignificantValueDigits() + " significant digits, frames carry " + SIGNIFICANT_DIGITS);
    }
    histogram = histogram.copy();
    errorsByStatus = Payloads.checkedCounts(errorsByStatus, operation + " errors");
  }

  /** A copy: callers may add to it. */
  @Override
  public Histogram histogram() {
    return histogram.copy();
  }

  /** Successful operations in the interval. */
  public long count() {
    return histogram.getTotalCount();
  }

  public long errors() {
    return errorsByStatus.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Adds this interval's histogram into {@code sum} without copying it first. */
  void addTo(Histogram sum) {
    sum.add(histogram);
  }

  String toPayload() {
    ByteBuffer buf = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int n = histogram.encodeIntoCompressedByteBuffer(buf);
    ObjectNode o = Payloads.object();
    o.put("op", operation);
    o.put("startMillis", startMillis);
    o.put("endMillis", endMillis);
    o.set("errors", Payloads.counts(errorsByStatus));
    o.put("hdr", Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n)));
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
    Histogram h;
    try {
      byte[] bytes = Base64.getDecoder().decode(Payloads.textField(n, "hdr", t));
      h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (IllegalArgumentException | DataFormatException | java.nio.BufferUnderflowException e) {
      throw new FrameException("interval payload: " + op + " histogram 'hdr' is not a compressed HDR histogram");
    }
    if (h.getNumberOfSignificantValueDigits() != SIGNIFICANT_DIGITS) {
      throw new FrameException("interval payload: " + op + " histogram has " + h.getNumberOfSignificantValueDigits()
          + " significant digits (accepted: " + SIGNIFICANT_DIGITS + ", as YCSB records)");
    }
    return new OpInterval(op, start, end, h, errors);
  }
}
