package dev.ycsbmongo.orchestrator.results;

import java.util.List;

/**
 * The operations YCSB counted against the server's {@code opcounters} delta over the same window,
 * per operation class. The server's counters include every client's operations (and not the
 * sampler's commands, which are not compared), so a ratio above 1 can be someone else's work; a
 * ratio below 1 means the server saw fewer operations than YCSB reported.
 *
 * @param comparisons insert, query, update, delete, in that order
 * @param flagged true when a compared class is off by more than {@link #TOLERANCE} on real MongoDB
 * @param notes why some classes were not compared, and what the counters include
 */
public record OpCountCheck(List<Comparison> comparisons, boolean flagged, List<String> notes) {

  /** The largest |server/YCSB - 1| that is not flagged. */
  public static final double TOLERANCE = 0.01;

  public OpCountCheck {
    comparisons = List.copyOf(comparisons);
    notes = List.copyOf(notes);
  }

  /**
   * One operation class.
   *
   * @param operation the server's counter class: insert, query, update or delete
   * @param ycsbOperations what YCSB sent for it (successful + failed): INSERT; READ + SCAN; UPDATE
   *     (+ INSERT with {@code mongodb.upsert=true}); DELETE
   * @param serverOperations the server's {@code opcounters.<operation>} delta (null when unknown)
   * @param ratio server / YCSB, null when YCSB sent none or the server's count is unknown
   * @param compared whether the ratio is meaningful (see note when not)
   * @param flagged compared, on real MongoDB, and off by more than {@link #TOLERANCE}
   * @param note why it was not compared, or what the YCSB figure includes; null when nothing to say
   */
  public record Comparison(String operation, long ycsbOperations, Long serverOperations, Double ratio,
      boolean compared, boolean flagged, String note) {
  }
}
