package dev.ycsbmongo.orchestrator.clients;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The last frame of a connections client (one of N in a connection-stress cell): what its share
 * reached, as a {@link ConnectionStressResult}, and its open latencies as an HDR histogram so that
 * the cell's percentiles come from the summed histograms, never from averaged percentiles.
 *
 * <p>The payload lists every figure by name; a figure that was not measured is written as JSON
 * {@code null}, never left out, so a missing field is damage and is named. The open-latency
 * percentiles are not sent: the reader derives them from the histogram, as the run did.
 *
 * @param result the client's own result: its share of {@code connections.count} per server
 *     ({@code countPerServer}), reached per server ({@code openedByHost})
 * @param openLatency the open latencies (connect + isMaster, µs), or null when none opened
 */
public record ClientConnections(ConnectionStressResult result, Histogram openLatency) {

  public ClientConnections {
    Objects.requireNonNull(result, "result");
    openLatency = openLatency == null ? null : openLatency.copy();
  }

  /** A fresh copy (callers may add to it), or null. */
  @Override
  public Histogram openLatency() {
    return openLatency == null ? null : openLatency.copy();
  }

  String toPayload() {
    ConnectionStressResult r = result;
    ObjectNode o = Payloads.object();
    o.put("requested", r.requested());
    o.put("opened", r.opened());
    o.put("failed", r.failed());
    o.set("failuresByCause", Payloads.counts(r.failuresByCause()));
    o.set("openedByHost", Payloads.orderedCounts(r.openedByHost()));
    o.put("countPerServer", r.countPerServer());
    o.put("to", r.to());
    o.set("targetHosts", texts(r.targetHosts()));
    o.put("openSeconds", r.openSeconds());
    o.put("openLatencyHdr", openLatency == null ? null : encode(openLatency));
    o.put("holdStart", r.holdStart().toString());
    o.put("holdEnd", r.holdEnd().toString());
    o.put("droppedWhileHeld", r.droppedWhileHeld());
    o.put("seenByServer", r.seenByServer());
    o.set("seenByServerByHost", Payloads.orderedCounts(r.seenByServerByHost()));
    o.put("seenByServerNote", r.seenByServerNote());
    o.put("workers", r.workers());
    o.set("sourceAddresses", texts(r.sourceAddresses()));
    o.put("clientRssBeforeBytes", r.clientRssBeforeBytes());
    o.put("clientRssHeldBytes", r.clientRssHeldBytes());
    o.put("clientPeakRssBytes", r.clientPeakRssBytes());
    o.put("clientBytesPerConnection", r.clientBytesPerConnection());
    o.put("limits", r.limits());
    o.put("interrupted", r.interrupted());
    if (r.opening() != null) {
      // optional: a client that reached its count has none, and older clients never wrote it
      ObjectNode op = Payloads.object();
      op.put("peakHeld", r.opening().peakHeld());
      op.put("lastOpenSeconds", r.opening().lastOpenSeconds());
      op.put("failingFromSeconds", r.opening().failingFromSeconds());
      op.put("limitCause", r.opening().limitCause());
      o.set("opening", op);
    }
    return Payloads.text(o);
  }

  static ClientConnections fromPayload(String payload) throws FrameException {
    FrameType t = FrameType.CONNECTIONS;
    JsonNode n = Payloads.parse(payload, t);
    long requested = Payloads.nonNegative(n, "requested", t);
    long opened = Payloads.nonNegative(n, "opened", t);
    long failed = Payloads.nonNegative(n, "failed", t);
    if (requested < 1 || opened + failed > requested) {
      throw new FrameException("connections payload: " + opened + " opened and " + failed + " failed of " + requested
          + " requested (need requested >= 1 and opened + failed <= requested)");
    }
    Map<String, Long> failures = Payloads.counts(n, "failuresByCause", t);
    long causes = failures.values().stream().mapToLong(Long::longValue).sum();
    if (causes != failed) {
      throw new FrameException("connections payload: failures by cause add up to " + causes + ", not to failed "
          + failed);
    }
    Map<String, Long> openedByHost = Payloads.orderedCounts(n, "openedByHost", t);
    long perHost = openedByHost.values().stream().mapToLong(Long::longValue).sum();
    if (perHost != opened) {
      throw new FrameException("connections payload: opened per server adds up to " + perHost + ", not to opened "
          + opened);
    }
    long countPerServer = Payloads.nonNegative(n, "countPerServer", t);
    if (countPerServer < 1 || countPerServer > Integer.MAX_VALUE) {
      throw new FrameException("connections payload: 'countPerServer' " + countPerServer + " is not a count >= 1");
    }
    String to = Payloads.textField(n, "to", t);
    try {
      ConnectionKeys.To.parse(to);
    } catch (IllegalArgumentException e) {
      throw new FrameException("connections payload: 'to' " + e.getMessage());
    }
    List<String> targetHosts = Payloads.texts(n, "targetHosts", t);
    if (targetHosts.isEmpty()) {
      throw new FrameException("connections payload: 'targetHosts' is empty");
    }
    Double openSeconds = Payloads.nullableDouble(n, "openSeconds", t);
    String hdr = Payloads.nullableText(n, "openLatencyHdr", t);
    Histogram latency = hdr == null ? null : decode(hdr);
    Instant holdStart = Payloads.instant(n, "holdStart", t);
    Instant holdEnd = Payloads.instant(n, "holdEnd", t);
    if (holdEnd.isBefore(holdStart)) {
      throw new FrameException("connections payload: the hold ends (" + holdEnd + ") before it starts (" + holdStart
          + ")");
    }
    Long dropped = Payloads.nullableLong(n, "droppedWhileHeld", t);
    Long seen = Payloads.nullableLong(n, "seenByServer", t);
    Map<String, Long> seenByHost = Payloads.orderedCounts(n, "seenByServerByHost", t);
    String seenNote = Payloads.nullableText(n, "seenByServerNote", t);
    long workers = Payloads.nonNegative(n, "workers", t);
    List<String> sources = Payloads.texts(n, "sourceAddresses", t);
    Long rssBefore = Payloads.nullableLong(n, "clientRssBeforeBytes", t);
    Long rssHeld = Payloads.nullableLong(n, "clientRssHeldBytes", t);
    Long rssPeak = Payloads.nullableLong(n, "clientPeakRssBytes", t);
    Long bytesPerConnection = Payloads.nullableLong(n, "clientBytesPerConnection", t);
    String limits = Payloads.nullableText(n, "limits", t);
    boolean interrupted = Payloads.bool(n, "interrupted", t);
    boolean anyOpened = opened > 0 && latency != null && latency.getTotalCount() > 0;
    ConnectionStressResult.Opening opening = null;
    JsonNode op = n.get("opening");
    if (op != null && !op.isNull()) {
      if (!op.isObject()) {
        throw new FrameException("connections payload: 'opening' is not an object");
      }
      opening = new ConnectionStressResult.Opening(Payloads.nonNegative(op, "peakHeld", t),
          Payloads.nullableDouble(op, "lastOpenSeconds", t), Payloads.nullableDouble(op, "failingFromSeconds", t),
          Payloads.nullableText(op, "limitCause", t));
    }
    ConnectionStressResult r = ConnectionStressResult.builder().requested(requested).opened(opened).failed(failed)
        .failuresByCause(new TreeMap<>(failures)).seenByServer(seen).seenByServerByHost(seenByHost)
        .seenByServerNote(seenNote).openSeconds(openSeconds)
        .openLatencyP50Millis(anyOpened ? latency.getValueAtPercentile(50) / 1000.0 : null)
        .openLatencyP99Millis(anyOpened ? latency.getValueAtPercentile(99) / 1000.0 : null)
        .openLatencyMaxMillis(anyOpened ? latency.getMaxValue() / 1000.0 : null).holdStart(holdStart)
        .holdEnd(holdEnd).holdSeconds(Duration.between(holdStart, holdEnd).toNanos() / 1e9).droppedWhileHeld(dropped)
        .workers((int) Math.min(workers, Integer.MAX_VALUE)).sourceAddresses(sources).targetHosts(targetHosts)
        .clientRssBeforeBytes(rssBefore).clientRssHeldBytes(rssHeld).clientPeakRssBytes(rssPeak)
        .clientBytesPerConnection(bytesPerConnection).limits(limits).interrupted(interrupted)
        .countPerServer((int) countPerServer).to(to).openedByHost(openedByHost).opening(opening).build();
    return new ClientConnections(r, latency);
  }

  private static ArrayNode texts(List<String> items) {
    ArrayNode a = Payloads.JSON.createArrayNode();
    items.forEach(a::add);
    return a;
  }

  private static String encode(Histogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), n));
  }

  private static Histogram decode(String base64) throws FrameException {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (IllegalArgumentException | DataFormatException | java.nio.BufferUnderflowException e) {
      throw new FrameException("connections payload: 'openLatencyHdr' is not a compressed HDR histogram");
    }
  }
}
