package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.connections.FailureCause;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The most connections a server really accepted in a connection-stress cell, measured, where the
 * document's "Jumlah maksimum koneksi" (study 5) is a figure its authors read off a console: the
 * connections still open once the server began turning the rest down, and why it did. A cell whose
 * every connection opened and stayed shows a lower bound ("at least N"); one where this client ran
 * out first (ports, files, a worker) shows no maximum, as the server's was not reached.
 *
 * @param accepted connections open and kept: opened less those the server dropped while held
 * @param limitReached true when the server turned connections down (refused, closed, timed out, an
 *     error reply, or dropped held ones): then {@code accepted} is its maximum here; false for a lower bound
 * @param byServer the server's refusals by cause, dropped-while-held included
 * @param byClient failures on this client's side by cause (they make the figure no maximum)
 */
public record AcceptedConnections(long accepted, boolean limitReached, Map<String, Long> byServer,
    Map<String, Long> byClient) {

  /** The cause counted for held connections the server closed during the hold. */
  static final String DROPPED_WHILE_HELD = "closed by server while held";

  public AcceptedConnections {
    byServer = Map.copyOf(byServer);
    byClient = Map.copyOf(byClient);
  }

  /**
   * Over a cell's repetitions that got as far as opening (interrupted ones measure nothing): the largest
   * accepted, the causes summed. Empty when none did.
   */
  public static Optional<AcceptedConnections> of(List<ConnectionStressResult> reps) {
    List<ConnectionStressResult> measured = reps.stream().filter(Objects::nonNull)
        .filter(r -> !r.interrupted()).toList();
    if (measured.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Long> server = new TreeMap<>();
    Map<String, Long> client = new TreeMap<>();
    long accepted = 0;
    for (ConnectionStressResult r : measured) {
      r.failuresByCause().forEach((cause, n) -> (FailureCause.byServer(cause) ? server : client)
          .merge(cause, n, Long::sum));
      long dropped = r.droppedWhileHeld() == null ? 0 : r.droppedWhileHeld();
      if (dropped > 0) {
        server.merge(DROPPED_WHILE_HELD, dropped, Long::sum);
      }
      accepted = Math.max(accepted, r.opened() - dropped);
    }
    return Optional.of(new AcceptedConnections(accepted, !server.isEmpty(), server, client));
  }

  /** The figure: "8,000" (the server's maximum here), "at least 8,000", or "-" when the client ran out first. */
  public String text() {
    if (!byClient.isEmpty()) {
      return "-";
    }
    String n = String.format(Locale.ROOT, "%,d", accepted);
    return limitReached ? n : "at least " + n;
  }

  /** The figure for a CSV: the number, empty when there is none (the client ran out first). */
  public String csv() {
    return byClient.isEmpty() ? Long.toString(accepted) : "";
  }

  /**
   * Why the count stopped there: the server's causes ("closed by server before answering (connection
   * limit reached?) 800"), "none refused" for a lower bound, or the client's own causes ("not the server's:
   * local ports exhausted 300").
   */
  public String cause() {
    if (!byClient.isEmpty()) {
      return "not the server's: " + joined(byClient);
    }
    return limitReached ? joined(byServer) : "none refused";
  }

  private static String joined(Map<String, Long> causes) {
    return new TreeMap<>(causes).entrySet().stream()
        .map(e -> e.getKey() + " " + String.format(Locale.ROOT, "%,d", e.getValue()))
        .collect(Collectors.joining(", "));
  }
}
