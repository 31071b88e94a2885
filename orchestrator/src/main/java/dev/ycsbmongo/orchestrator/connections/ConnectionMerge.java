package dev.ycsbmongo.orchestrator.connections;

import dev.ycsbmongo.orchestrator.clients.ConnectionsOutput;
import dev.ycsbmongo.orchestrator.clients.MergeException;
import dev.ycsbmongo.orchestrator.clients.OpInterval;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One connection-stress cell's result from its N clients' ({@link ConnectionClient}):
 *
 * <ul>
 *   <li>requested, opened, failed, failures by cause, dropped while held, workers and client memory:
 *       summed; {@code connections.count} per server: the clients' shares summed;
 *   <li>counted per server: each server's opened connections summed over the clients;
 *   <li>open time: the slowest client's (they start together at the barrier, so the cell has
 *       opened everything when its slowest client has); open latency percentiles from the sum of
 *       the clients' histograms, never averaged;
 *   <li>seen by server: per host, the largest reading any client took (each asks when its own
 *       attempts have ended, so the last to ask sees the most);
 *   <li>held: the interval in which every client held its connections (empty when they never
 *       overlapped);
 *   <li>interrupted when any client was.
 * </ul>
 * The per-client figures stay in the inputs ({@code connections().result()}).
 */
public final class ConnectionMerge {

  private ConnectionMerge() {
  }

  /**
   * @param perClient one output per client, in any order
   * @param clients N: every index 0..N-1 must be there exactly once
   * @throws MergeException one line: a client missing or twice, or clients told different N
   */
  public static ConnectionStressResult merge(List<ConnectionsOutput> perClient, int clients) throws MergeException {
    check(perClient, clients);
    List<ConnectionsOutput> outs = perClient.stream().sorted(Comparator.comparingInt(ConnectionsOutput::client))
        .toList();
    List<ConnectionStressResult> rs = outs.stream().map(o -> o.connections().result()).toList();
    long requested = 0;
    long opened = 0;
    Map<String, Long> failures = new TreeMap<>();
    Long dropped = null;
    int workers = 0;
    long countPerServer = 0;
    Set<String> hosts = new LinkedHashSet<>();
    Set<String> sources = new LinkedHashSet<>();
    Set<String> tos = new LinkedHashSet<>();
    Map<String, Long> openedByHost = new LinkedHashMap<>();
    Map<String, Long> seenByHost = new LinkedHashMap<>();
    Double openSeconds = null;
    Instant holdStart = null;
    Instant holdEnd = null;
    Long rssBefore = null;
    Long rssHeld = null;
    Long rssPeak = null;
    long growth = 0;
    long growthOpened = 0;
    boolean interrupted = false;
    long peakHeld = 0;
    Double lastOpen = null;
    Double failingFrom = null;
    boolean anyOpening = false;
    Histogram latency = new Histogram(OpInterval.SIGNIFICANT_DIGITS);
    for (ConnectionsOutput o : outs) {
      ConnectionStressResult r = o.connections().result();
      requested += r.requested();
      opened += r.opened();
      r.failuresByCause().forEach((k, v) -> failures.merge(k, v, Long::sum));
      dropped = plus(dropped, r.droppedWhileHeld());
      workers += r.workers();
      countPerServer += r.countPerServer() == null ? 0 : r.countPerServer();
      hosts.addAll(r.targetHosts());
      sources.addAll(r.sourceAddresses());
      if (r.to() != null) {
        tos.add(r.to());
      }
      r.openedByHost().forEach((h, n) -> openedByHost.merge(h, n, Long::sum));
      r.seenByServerByHost().forEach((h, n) -> seenByHost.merge(h, n, Math::max));
      if (r.openSeconds() != null && (openSeconds == null || r.openSeconds() > openSeconds)) {
        openSeconds = r.openSeconds();
      }
      holdStart = holdStart == null || r.holdStart().isAfter(holdStart) ? r.holdStart() : holdStart;
      holdEnd = holdEnd == null || r.holdEnd().isBefore(holdEnd) ? r.holdEnd() : holdEnd;
      rssBefore = plus(rssBefore, r.clientRssBeforeBytes());
      rssHeld = plus(rssHeld, r.clientRssHeldBytes());
      rssPeak = plus(rssPeak, r.clientPeakRssBytes());
      if (r.clientRssBeforeBytes() != null && r.clientRssHeldBytes() != null) {
        growth += r.clientRssHeldBytes() - r.clientRssBeforeBytes();
        growthOpened += r.opened();
      }
      interrupted |= r.interrupted();
      // the clients start together (the start barrier): their timelines share an origin
      ConnectionStressResult.Opening op = r.opening();
      anyOpening |= op != null;
      peakHeld += op != null ? op.peakHeld() : r.opened();
      if (op != null && op.lastOpenSeconds() != null) {
        lastOpen = lastOpen == null ? op.lastOpenSeconds() : Math.max(lastOpen, op.lastOpenSeconds());
      }
      if (op != null && op.failingFromSeconds() != null) {
        failingFrom = failingFrom == null ? op.failingFromSeconds() : Math.min(failingFrom, op.failingFromSeconds());
      }
      Histogram h = o.connections().openLatency();
      if (h != null) {
        latency.add(h);
      }
    }
    if (holdEnd.isBefore(holdStart)) {
      holdEnd = holdStart;
    }
    long failed = failures.values().stream().mapToLong(Long::longValue).sum();
    boolean anyOpened = opened > 0 && latency.getTotalCount() > 0;
    boolean anySeen = rs.stream().anyMatch(r -> r.seenByServer() != null);
    return ConnectionStressResult.builder().requested(requested).opened(opened).failed(failed)
        .failuresByCause(new TreeMap<>(failures))
        .seenByServer(anySeen ? seenByHost.values().stream().mapToLong(Long::longValue).sum() : null)
        .seenByServerByHost(anySeen ? seenByHost : Map.of()).seenByServerNote(seenNote(rs, anySeen))
        .openSeconds(openSeconds).openLatencyP50Millis(anyOpened ? latency.getValueAtPercentile(50) / 1000.0 : null)
        .openLatencyP99Millis(anyOpened ? latency.getValueAtPercentile(99) / 1000.0 : null)
        .openLatencyMaxMillis(anyOpened ? latency.getMaxValue() / 1000.0 : null).holdStart(holdStart)
        .holdEnd(holdEnd).holdSeconds(Duration.between(holdStart, holdEnd).toNanos() / 1e9).droppedWhileHeld(dropped)
        .workers(workers).sourceAddresses(List.copyOf(sources)).targetHosts(List.copyOf(hosts))
        .clientRssBeforeBytes(rssBefore).clientRssHeldBytes(rssHeld).clientPeakRssBytes(rssPeak)
        .clientBytesPerConnection(growthOpened > 0 ? growth / growthOpened : null).limits(limits(outs))
        .interrupted(interrupted)
        .countPerServer(countPerServer > 0 && countPerServer <= Integer.MAX_VALUE ? (int) countPerServer : null)
        .to(tos.size() == 1 ? tos.iterator().next() : null).openedByHost(openedByHost)
        .opening(anyOpening ? new ConnectionStressResult.Opening(peakHeld, lastOpen, failingFrom,
            ConnectionStress.limitCause(new TreeMap<>(failures))) : null)
        .build();
  }

  private static void check(List<ConnectionsOutput> perClient, int clients) throws MergeException {
    if (clients < 1) {
      throw new MergeException("a cell of " + clients + " clients: need at least one");
    }
    ConnectionsOutput[] byIndex = new ConnectionsOutput[clients];
    for (ConnectionsOutput o : perClient) {
      if (o.hello().clients() != clients) {
        throw new MergeException(o.describe() + " was told " + o.hello().clients() + " clients, the cell has "
            + clients);
      }
      if (byIndex[o.client()] != null) {
        throw new MergeException("client " + o.client() + " reported twice (" + byIndex[o.client()].source() + " and "
            + o.source() + ")");
      }
      byIndex[o.client()] = o;
    }
    List<Integer> missing = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      if (byIndex[i] == null) {
        missing.add(i);
      }
    }
    if (!missing.isEmpty()) {
      throw new MergeException("client" + (missing.size() == 1 ? " " : "s ") + missing.toString()
          .replaceAll("[\\[\\]]", "") + " of " + clients + " reported nothing: the cell's connections are incomplete");
    }
  }

  private static String seenNote(List<ConnectionStressResult> rs, boolean anySeen) {
    if (!anySeen) {
      return rs.get(0).seenByServerNote();
    }
    String note = rs.stream().filter(r -> r.seenByServer() != null).findFirst().orElseThrow().seenByServerNote();
    return "per host the largest of " + rs.size() + " clients' readings (each asked when its own attempts had"
        + " ended)" + (note == null || note.isEmpty() ? "" : "; " + note);
  }

  /** The clients' limits: one line when they agree (same machine type), else each client's. */
  private static String limits(List<ConnectionsOutput> outs) {
    Set<String> distinct = new LinkedHashSet<>();
    outs.forEach(o -> distinct.add(String.valueOf(o.connections().result().limits())));
    if (distinct.size() == 1) {
      return outs.get(0).connections().result().limits();
    }
    List<String> each = new ArrayList<>();
    outs.forEach(o -> each.add("client " + o.client() + ": " + o.connections().result().limits()));
    return String.join("; ", each);
  }

  private static Long plus(Long a, Long b) {
    return b == null ? a : a == null ? b : a + b;
  }
}
