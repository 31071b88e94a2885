package dev.ycsbmongo.orchestrator.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one connection stress measured (study 5). Figures that could not be measured are null,
 * never 0.
 *
 * @param schemaVersion {@value #SCHEMA_VERSION}; bumped on any incompatible change
 * @param requested connections in all: connections.count x the servers connected to ({@code targetHosts})
 * @param opened connections open, client side, when every attempt had ended (connected and answered isMaster ok)
 * @param failed attempts that did not end open; {@code failuresByCause} says why
 * @param failuresByCause cause label (refused, timeout, closed by server before answering (connection limit
 *     reached?), local ports exhausted, too many open files, error reply: MSG, worker died: WHY, other: MSG) to count
 * @param seenByServer the sum of serverStatus connections.current over the target hosts, read once every attempt
 *     had ended; null when a host did not answer (see seenByServerNote)
 * @param seenByServerByHost the same per host (host:port), for the hosts that answered
 * @param seenByServerNote what the figure includes (this tool's own connections), or why it is absent
 * @param openSeconds from the first attempt to the last connection opened (null when none opened)
 * @param openLatencyP50Millis connect + isMaster reply time of the opened connections (null when none opened)
 * @param holdStart when every attempt had ended and the hold began
 * @param holdEnd when the workers were told to close
 * @param droppedWhileHeld held connections the server (or a dying worker) closed during the hold
 * @param workers worker JVMs used
 * @param sourceAddresses the local addresses bound; empty when the kernel chose
 * @param targetHosts host:port of every server connected to: the URI's hosts (in the driver's order: sorted), or
 *     the primary alone
 * @param clientRssBeforeBytes the workers' resident memory before opening, summed
 * @param clientRssHeldBytes the workers' resident memory once every attempt had ended, summed
 * @param clientPeakRssBytes the workers' peak resident memory (VmHWM), summed
 * @param clientBytesPerConnection (held - before) / opened, over the workers that reported both
 * @param limits the OS limits the plan was made for
 * @param interrupted stopped (Ctrl-C, plan interrupt) before the end
 * @param countPerServer connections.count: what each of {@code targetHosts} was asked for; null in records
 *     written before it existed (then {@code requested} was spread over the hosts)
 * @param to connections.to: each (every host of the URI) or primary; null in older records
 * @param openedByHost connections open per server (host:port), client side, when every attempt had ended
 * @param opening when opening stopped working, for a stress that did not reach its count (failures, or
 *     interrupted): what it held and the cause that stopped it, the measured limit; null when every
 *     connection opened, and in records written before it existed
 */
public record ConnectionStressResult(int schemaVersion, long requested, long opened, long failed,
    SortedMap<String, Long> failuresByCause, Long seenByServer, Map<String, Long> seenByServerByHost,
    String seenByServerNote, Double openSeconds, Double openLatencyP50Millis, Double openLatencyP99Millis,
    Double openLatencyMaxMillis, Instant holdStart, Instant holdEnd, Double holdSeconds, Long droppedWhileHeld,
    int workers, List<String> sourceAddresses, List<String> targetHosts, Long clientRssBeforeBytes,
    Long clientRssHeldBytes, Long clientPeakRssBytes, Long clientBytesPerConnection, String limits,
    boolean interrupted, Integer countPerServer, String to,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> openedByHost,
    @JsonInclude(JsonInclude.Include.NON_NULL) Opening opening) {

  public static final int SCHEMA_VERSION = 1;

  /**
   * Where opening stopped: a partial result is a result. Seconds count from the first attempt.
   *
   * @param peakHeld the most connections held at once (summed over the worker JVMs)
   * @param lastOpenSeconds when the last connection opened; null when none did
   * @param failingFromSeconds when the first attempt failed; null when none did
   * @param limitCause the failure cause that stopped the opening (the server's when it turned any down);
   *     null when none failed
   */
  public record Opening(long peakHeld, Double lastOpenSeconds, Double failingFromSeconds, String limitCause) {

    /** "held 19,909 of 25,000; opening failed from 41.2 s: refused; last connection opened at 55.0 s". */
    public String describe(long requested) {
      StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "held %,d of %,d", peakHeld, requested));
      if (failingFromSeconds != null && limitCause != null) {
        s.append(String.format(Locale.ROOT, "; opening failed from %.1f s: %s", failingFromSeconds, limitCause));
      }
      if (lastOpenSeconds != null) {
        s.append(String.format(Locale.ROOT, "; last connection opened at %.1f s", lastOpenSeconds));
      }
      return s.toString();
    }
  }

  public ConnectionStressResult {
    failuresByCause = Collections.unmodifiableSortedMap(new TreeMap<>(failuresByCause));
    seenByServerByHost = Collections.unmodifiableMap(new LinkedHashMap<>(seenByServerByHost));
    sourceAddresses = List.copyOf(sourceAddresses);
    targetHosts = List.copyOf(targetHosts);
    openedByHost = openedByHost == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(openedByHost));
  }

  /**
   * Which servers took the count, for people: "8,000 to each of 3 servers", "8,000 to the primary
   * (host:port)", "8,000 to host:port"; {@code noun} goes after the number (" connections" or "").
   */
  public static String describeCount(long perServer, String to, List<String> hosts, String noun) {
    String n = String.format(Locale.ROOT, "%,d%s", perServer, noun);
    if ("primary".equals(to)) {
      return n + " to the primary (" + String.join(", ", hosts) + ")";
    }
    return hosts.size() == 1 ? n + " to " + hosts.get(0) : n + " to each of " + hosts.size() + " servers";
  }

  /**
   * For tables: "8,000 to each of 3 servers", "8,000 to the primary (host:port)"; the plain count
   * when one listed server took it all (its URI names it) and in records written before connections.to.
   */
  public String describeRequested() {
    return countPerServer == null || to == null || !namesServers() ? String.format(Locale.ROOT, "%,d", requested)
        : describeCount(countPerServer, to, targetHosts, "");
  }

  /** Whether which servers took the count needs saying: several servers, or the primary chosen among the URI's hosts. */
  public boolean namesServers() {
    return "primary".equals(to) || targetHosts.size() > 1;
  }

  /** Every requested connection opened and stayed open through the hold, and nothing stopped it early. */
  public boolean allReached() {
    return opened == requested && failed == 0 && (droppedWhileHeld == null || droppedWhileHeld == 0) && !interrupted;
  }

  /** The record as one JSON line (the same mapping as results.jsonl). */
  public String toJson() {
    try {
      return ResultsJson.MAPPER.writeValueAsString(this);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a connection stress result", e);
    }
  }

  /**
   * A new record of the current schema with no failures, hosts, addresses or figures: set what the stress measured.
   * Figures left unset stay null (not measured).
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's every field, to change a few: {@code r.toBuilder().opened(10).build()}. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Builds a {@link ConnectionStressResult} by field name, so that a test changes one field in one line. */
  public static final class Builder {
    private int schemaVersion;
    private long requested;
    private long opened;
    private long failed;
    private SortedMap<String, Long> failuresByCause;
    private Long seenByServer;
    private Map<String, Long> seenByServerByHost;
    private String seenByServerNote;
    private Double openSeconds;
    private Double openLatencyP50Millis;
    private Double openLatencyP99Millis;
    private Double openLatencyMaxMillis;
    private Instant holdStart;
    private Instant holdEnd;
    private Double holdSeconds;
    private Long droppedWhileHeld;
    private int workers;
    private List<String> sourceAddresses;
    private List<String> targetHosts;
    private Long clientRssBeforeBytes;
    private Long clientRssHeldBytes;
    private Long clientPeakRssBytes;
    private Long clientBytesPerConnection;
    private String limits;
    private boolean interrupted;
    private Integer countPerServer;
    private String to;
    private Map<String, Long> openedByHost;
    private Opening opening;

    public Builder schemaVersion(int schemaVersion) {
      this.schemaVersion = schemaVersion;
      return this;
    }

    public Builder requested(long requested) {
      this.requested = requested;
      return this;
    }

    public Builder opened(long opened) {
      this.opened = opened;
      return this;
    }

    public Builder failed(long failed) {
      this.failed = failed;
      return this;
    }

    public Builder failuresByCause(SortedMap<String, Long> failuresByCause) {
      this.failuresByCause = failuresByCause;
      return this;
    }

    public Builder seenByServer(Long seenByServer) {
      this.seenByServer = seenByServer;
      return this;
    }

    public Builder seenByServerByHost(Map<String, Long> seenByServerByHost) {
      this.seenByServerByHost = seenByServerByHost;
      return this;
    }

    public Builder seenByServerNote(String seenByServerNote) {
      this.seenByServerNote = seenByServerNote;
      return this;
    }

    public Builder openSeconds(Double openSeconds) {
      this.openSeconds = openSeconds;
      return this;
    }

    public Builder openLatencyP50Millis(Double openLatencyP50Millis) {
      this.openLatencyP50Millis = openLatencyP50Millis;
      return this;
    }

    public Builder openLatencyP99Millis(Double openLatencyP99Millis) {
      this.openLatencyP99Millis = openLatencyP99Millis;
      return this;
    }

    public Builder openLatencyMaxMillis(Double openLatencyMaxMillis) {
      this.openLatencyMaxMillis = openLatencyMaxMillis;
      return this;
    }

    public Builder holdStart(Instant holdStart) {
      this.holdStart = holdStart;
      return this;
    }

    public Builder holdEnd(Instant holdEnd) {
      this.holdEnd = holdEnd;
      return this;
    }

    public Builder holdSeconds(Double holdSeconds) {
      this.holdSeconds = holdSeconds;
      return this;
    }

    public Builder droppedWhileHeld(Long droppedWhileHeld) {
      this.droppedWhileHeld = droppedWhileHeld;
      return this;
    }

    public Builder workers(int workers) {
      this.workers = workers;
      return this;
    }

    public Builder sourceAddresses(List<String> sourceAddresses) {
      this.sourceAddresses = sourceAddresses;
      return this;
    }

    public Builder targetHosts(List<String> targetHosts) {
      this.targetHosts = targetHosts;
      return this;
    }

    public Builder clientRssBeforeBytes(Long clientRssBeforeBytes) {
      this.clientRssBeforeBytes = clientRssBeforeBytes;
      return this;
    }

    public Builder clientRssHeldBytes(Long clientRssHeldBytes) {
      this.clientRssHeldBytes = clientRssHeldBytes;
      return this;
    }

    public Builder clientPeakRssBytes(Long clientPeakRssBytes) {
      this.clientPeakRssBytes = clientPeakRssBytes;
      return this;
    }

    public Builder clientBytesPerConnection(Long clientBytesPerConnection) {
      this.clientBytesPerConnection = clientBytesPerConnection;
      return this;
    }

    public Builder limits(String limits) {
      this.limits = limits;
      return this;
    }

    public Builder interrupted(boolean interrupted) {
      this.interrupted = interrupted;
      return this;
    }

    public Builder countPerServer(Integer countPerServer) {
      this.countPerServer = countPerServer;
      return this;
    }

    public Builder to(String to) {
      this.to = to;
      return this;
    }

    public Builder openedByHost(Map<String, Long> openedByHost) {
      this.openedByHost = openedByHost;
      return this;
    }

    public Builder opening(Opening opening) {
      this.opening = opening;
      return this;
    }

    private Builder() {
      schemaVersion = SCHEMA_VERSION;
      failuresByCause = new TreeMap<>();
      seenByServerByHost = Map.of();
      sourceAddresses = List.of();
      targetHosts = List.of();
      openedByHost = Map.of();
    }

    private Builder(ConnectionStressResult r) {
      this.schemaVersion = r.schemaVersion;
      this.requested = r.requested;
      this.opened = r.opened;
      this.failed = r.failed;
      this.failuresByCause = r.failuresByCause;
      this.seenByServer = r.seenByServer;
      this.seenByServerByHost = r.seenByServerByHost;
      this.seenByServerNote = r.seenByServerNote;
      this.openSeconds = r.openSeconds;
      this.openLatencyP50Millis = r.openLatencyP50Millis;
      this.openLatencyP99Millis = r.openLatencyP99Millis;
      this.openLatencyMaxMillis = r.openLatencyMaxMillis;
      this.holdStart = r.holdStart;
      this.holdEnd = r.holdEnd;
      this.holdSeconds = r.holdSeconds;
      this.droppedWhileHeld = r.droppedWhileHeld;
      this.workers = r.workers;
      this.sourceAddresses = r.sourceAddresses;
      this.targetHosts = r.targetHosts;
      this.clientRssBeforeBytes = r.clientRssBeforeBytes;
      this.clientRssHeldBytes = r.clientRssHeldBytes;
      this.clientPeakRssBytes = r.clientPeakRssBytes;
      this.clientBytesPerConnection = r.clientBytesPerConnection;
      this.limits = r.limits;
      this.interrupted = r.interrupted;
      this.countPerServer = r.countPerServer;
      this.to = r.to;
      this.openedByHost = r.openedByHost;
      this.opening = r.opening;
    }

    public ConnectionStressResult build() {
      return new ConnectionStressResult(schemaVersion, requested, opened, failed, failuresByCause, seenByServer,
          seenByServerByHost, seenByServerNote, openSeconds, openLatencyP50Millis, openLatencyP99Millis,
          openLatencyMaxMillis, holdStart, holdEnd, holdSeconds, droppedWhileHeld, workers, sourceAddresses,
          targetHosts, clientRssBeforeBytes, clientRssHeldBytes, clientPeakRssBytes, clientBytesPerConnection, limits,
          interrupted, countPerServer, to, openedByHost, opening);
    }
  }
}
