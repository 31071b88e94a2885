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

  /** A record without where opening stopped, as written before it existed. */
  public ConnectionStressResult(int schemaVersion, long requested, long opened, long failed,
      SortedMap<String, Long> failuresByCause, Long seenByServer, Map<String, Long> seenByServerByHost,
      String seenByServerNote, Double openSeconds, Double openLatencyP50Millis, Double openLatencyP99Millis,
      Double openLatencyMaxMillis, Instant holdStart, Instant holdEnd, Double holdSeconds, Long droppedWhileHeld,
      int workers, List<String> sourceAddresses, List<String> targetHosts, Long clientRssBeforeBytes,
      Long clientRssHeldBytes, Long clientPeakRssBytes, Long clientBytesPerConnection, String limits,
      boolean interrupted, Integer countPerServer, String to, Map<String, Long> openedByHost) {
    this(schemaVersion, requested, opened, failed, failuresByCause, seenByServer, seenByServerByHost, seenByServerNote,
        openSeconds, openLatencyP50Millis, openLatencyP99Millis, openLatencyMaxMillis, holdStart, holdEnd, holdSeconds,
        droppedWhileHeld, workers, sourceAddresses, targetHosts, clientRssBeforeBytes, clientRssHeldBytes,
        clientPeakRssBytes, clientBytesPerConnection, limits, interrupted, countPerServer, to, openedByHost, null);
  }

  public ConnectionStressResult {
    failuresByCause = Collections.unmodifiableSortedMap(new TreeMap<>(failuresByCause));
    seenByServerByHost = Collections.unmodifiableMap(new LinkedHashMap<>(seenByServerByHost));
    sourceAddresses = List.copyOf(sourceAddresses);
    targetHosts = List.copyOf(targetHosts);
    openedByHost = openedByHost == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(openedByHost));
  }

  /** A record without the per-server fields, as written before connections.to existed. */
  public ConnectionStressResult(int schemaVersion, long requested, long opened, long failed,
      SortedMap<String, Long> failuresByCause, Long seenByServer, Map<String, Long> seenByServerByHost,
      String seenByServerNote, Double openSeconds, Double openLatencyP50Millis, Double openLatencyP99Millis,
      Double openLatencyMaxMillis, Instant holdStart, Instant holdEnd, Double holdSeconds, Long droppedWhileHeld,
      int workers, List<String> sourceAddresses, List<String> targetHosts, Long clientRssBeforeBytes,
      Long clientRssHeldBytes, Long clientPeakRssBytes, Long clientBytesPerConnection, String limits,
      boolean interrupted) {
    this(schemaVersion, requested, opened, failed, failuresByCause, seenByServer, seenByServerByHost, seenByServerNote,
        openSeconds, openLatencyP50Millis, openLatencyP99Millis, openLatencyMaxMillis, holdStart, holdEnd, holdSeconds,
        droppedWhileHeld, workers, sourceAddresses, targetHosts, clientRssBeforeBytes, clientRssHeldBytes,
        clientPeakRssBytes, clientBytesPerConnection, limits, interrupted, null, null, Map.of(), null);
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
}
