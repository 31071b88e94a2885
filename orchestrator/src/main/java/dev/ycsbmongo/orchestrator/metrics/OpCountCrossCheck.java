package dev.ycsbmongo.orchestrator.metrics;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.orchestrator.results.OpCountCheck;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compares the operations YCSB counted with the server's {@code opcounters} over the same window.
 * YCSB series map to server counters as INSERT -> insert, READ + SCAN -> query, UPDATE -> update,
 * DELETE -> delete; READ-MODIFY-WRITE is already counted by its READ and UPDATE series. Failed
 * operations count too: the server counts what it was asked to do.
 */
public final class OpCountCrossCheck {

  static final String COUNTERS_NOTE = "server counters include every client's operations; commands (the sampler's"
      + " own among them) are not compared";

  private OpCountCrossCheck() {
  }

  /**
   * The check, or null when the server reported no opcounters (then {@code m.absent()} says why).
   *
   * @param ycsbFull YCSB's figures over the whole phase, the window the sampler spans
   * @param phaseProperties the properties the phase ran with ({@code mongodb.upsert}, {@code mongodb.readPreference})
   * @param embeddedServer the embedded test server is not MongoDB: its counts are never flagged
   */
  public static OpCountCheck of(ServerMetrics m, WindowStats ycsbFull, Map<String, String> phaseProperties,
      boolean embeddedServer) {
    return of(m, ycsbFull, phaseProperties, null, embeddedServer);
  }

  /**
   * As above, with the connection string's {@code readPreference} option ({@code urlReadPreference},
   * null when it has none): it wins over {@code mongodb.readPreference} in the binding (as in YCSB
   * 0.17.0), so it does here.
   */
  public static OpCountCheck of(ServerMetrics m, WindowStats ycsbFull, Map<String, String> phaseProperties,
      String urlReadPreference, boolean embeddedServer) {
    if (m.opcounterDeltas() == null || ycsbFull == null) {
      return null;
    }
    boolean upsert = Boolean.parseBoolean(phaseProperties.getOrDefault(Keys.UPSERT, "false").trim());
    String property = phaseProperties.get(Keys.READ_PREFERENCE);
    // the URL's readPreference wins over mongodb.readPreference, as in YCSB 0.17.0 and the binding
    boolean fromUrl = urlReadPreference != null;
    String readPreference = fromUrl ? urlReadPreference.trim() : property != null ? property.trim() : "primary";
    String readPreferenceSource = fromUrl ? "readPreference= in the connection string: " : Keys.READ_PREFERENCE + "=";
    boolean primaryReads = readPreference.equalsIgnoreCase("primary");
    long inserts = sent(ycsbFull, "INSERT");
    List<String> notes = new ArrayList<>();
    notes.add(COUNTERS_NOTE);
    String skipAll = null;
    if (m.counterResets() > 0) {
      skipAll = "a counter reset (server restart) in " + m.counterResets() + " interval(s): the server's counts miss"
          + " operations";
    } else if (embeddedServer) {
      notes.add("the embedded test server is not MongoDB: its counts are shown, never flagged");
    }
    if (skipAll != null) {
      notes.add(skipAll);
    }

    List<OpCountCheck.Comparison> rows = new ArrayList<>();
    rows.add(upsert
        ? row(m, "insert", inserts,
            "mongodb.upsert=true: YCSB's inserts arrive as updates (compared in the update row)", null, embeddedServer)
        : row(m, "insert", inserts, skipAll, null, embeddedServer));
    rows.add(primaryReads
        ? row(m, "query", sent(ycsbFull, "READ") + sent(ycsbFull, "SCAN"), skipAll, null, embeddedServer)
        : row(m, "query", sent(ycsbFull, "READ") + sent(ycsbFull, "SCAN"), readPreferenceSource + readPreference
            + ": reads may go to secondaries, whose queries this server's counter does not see", null, embeddedServer));
    rows.add(upsert
        ? row(m, "update", sent(ycsbFull, "UPDATE") + inserts, skipAll,
            "includes YCSB's " + inserts + " inserts, sent as upserts (mongodb.upsert=true)", embeddedServer)
        : row(m, "update", sent(ycsbFull, "UPDATE"), skipAll, null, embeddedServer));
    rows.add(row(m, "delete", sent(ycsbFull, "DELETE"), skipAll, null, embeddedServer));
    return new OpCountCheck(rows, rows.stream().anyMatch(OpCountCheck.Comparison::flagged), notes);
  }

  /**
   * One row. {@code notCompared} says why the ratio is not meaningful (null: it is); {@code note}
   * adds what the YCSB figure includes.
   */
  private static OpCountCheck.Comparison row(ServerMetrics m, String op, long ycsb, String notCompared, String note,
      boolean embeddedServer) {
    Long server = m.opcounterDeltas().get(op);
    Double ratio = ycsb == 0 || server == null ? null : (double) server / ycsb;
    String why = notCompared;
    if (why == null && server == null) {
      why = "the server reported no opcounters." + op;
    } else if (why == null && ycsb == 0) {
      why = server == 0 ? null : "YCSB sent none; the server counted " + server;
    }
    boolean compared = notCompared == null && ratio != null;
    boolean flagged = compared && !embeddedServer && Math.abs(ratio - 1) > OpCountCheck.TOLERANCE;
    String text = why != null && note != null ? why + "; " + note : why != null ? why : note;
    return new OpCountCheck.Comparison(op, ycsb, server, ratio, compared, flagged, text);
  }

  /** Operations of a YCSB series sent to the server: successful and failed. */
  private static long sent(WindowStats w, String series) {
    return w.operation(series).map(o -> o.count() + o.errors()).orElse(0L);
  }
}
