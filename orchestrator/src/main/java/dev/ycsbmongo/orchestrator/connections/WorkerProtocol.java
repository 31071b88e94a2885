package dev.ycsbmongo.orchestrator.connections;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.results.ResultsJson;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Base64;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The lines between the coordinator and a worker JVM, one JSON object per line. The coordinator
 * writes the {@link WorkerAssignment}, then {@value #CLOSE}; the worker answers {@code ready},
 * {@code progress} (also its heartbeat), {@code opened} once every attempt has ended, {@code closed}
 * at the end, or {@code failed} when it cannot run its assignment. Stdin reaching its end means
 * the coordinator is gone: the worker closes everything and exits.
 */
final class WorkerProtocol {

  static final String CLOSE = "{\"type\":\"close\"}";

  private static final ObjectMapper MAPPER = ResultsJson.mapper();

  /** What a worker writes. */
  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
  @JsonSubTypes({
      @JsonSubTypes.Type(value = Ready.class, name = "ready"),
      @JsonSubTypes.Type(value = Progress.class, name = "progress"),
      @JsonSubTypes.Type(value = Opened.class, name = "opened"),
      @JsonSubTypes.Type(value = Closed.class, name = "closed"),
      @JsonSubTypes.Type(value = Failed.class, name = "failed")})
  sealed interface Message permits Ready, Progress, Opened, Closed, Failed {
  }

  /** Started, nothing opened yet. */
  record Ready(long pid, Long rssBytes, long maxOpenFiles) implements Message {
  }

  /**
   * Counts so far, and when opening stopped working: {@code peakOpened} the most held at once,
   * {@code lastOpen} the last connection opened, {@code firstFailure} the first attempt that failed
   * (null when unknown), {@code openedByHost} of {@code opened} per target host: what an interrupted
   * stress still reports.
   */
  record Progress(long opened, long failed, SortedMap<String, Long> failures, Long peakOpened, Instant lastOpen,
      Instant firstFailure, SortedMap<String, Long> openedByHost) implements Message {
    Progress {
      failures = Collections.unmodifiableSortedMap(new TreeMap<>(failures));
      openedByHost = openedByHost == null ? null : Collections.unmodifiableSortedMap(new TreeMap<>(openedByHost));
    }

    Progress(long opened, long failed, SortedMap<String, Long> failures) {
      this(opened, failed, failures, null, null, null, null);
    }
  }

  /**
   * Every attempt has ended. {@code latencyHistogram}: the open latencies in microseconds, an
   * HdrHistogram compressed and base64-encoded so the coordinator can merge exact percentiles.
   * {@code openedByHost}: of {@code opened}, how many per target host (host:port).
   */
  record Opened(long opened, long failed, SortedMap<String, Long> failures, Instant firstAttempt, Instant lastOpen,
      String latencyHistogram, Long rssBeforeBytes, Long rssHeldBytes, SortedMap<String, Long> openedByHost)
      implements Message {
    Opened {
      failures = Collections.unmodifiableSortedMap(new TreeMap<>(failures));
      openedByHost = Collections.unmodifiableSortedMap(new TreeMap<>(openedByHost == null ? Map.of() : openedByHost));
    }
  }

  record Closed(long closed, long droppedWhileHeld, Long peakRssBytes) implements Message {
  }

  record Failed(String message) implements Message {
  }

  private WorkerProtocol() {
  }

  static String line(Message message) {
    try {
      return MAPPER.writerFor(Message.class).writeValueAsString(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + message.getClass().getSimpleName(), e);
    }
  }

  static String line(WorkerAssignment assignment) {
    try {
      return MAPPER.writeValueAsString(assignment);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the assignment of worker " + assignment.worker(), e);
    }
  }

  /** A worker's line; {@link IllegalArgumentException} when it is not one (a JVM warning on stdout, say). */
  static Message message(String line) {
    try {
      return MAPPER.readValue(line, Message.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a worker message: " + line, e);
    }
  }

  static WorkerAssignment assignment(String line) {
    try {
      return MAPPER.readValue(line, WorkerAssignment.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not an assignment: " + e.getOriginalMessage(), e);
    }
  }

  static boolean isClose(String line) {
    return line.replace(" ", "").equals(CLOSE);
  }

  static String encode(Histogram h) {
    ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(b);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(b.array(), length));
  }

  static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("not a compressed histogram", e);
    }
  }
}
