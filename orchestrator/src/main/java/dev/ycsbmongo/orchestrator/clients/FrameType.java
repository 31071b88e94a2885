package dev.ycsbmongo.orchestrator.clients;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The kinds of frame, by their name on the wire. */
public enum FrameType {
  /** First frame of a client: who it is. */
  HELLO,
  /** One operation's successful-latency histogram and error counts over one interval. */
  INTERVAL,
  /** Last frame of a YCSB client: its per-operation totals; a client without one did not finish. */
  SUMMARY,
  /**
   * Last (and only other) frame of a connections client, in place of intervals and a summary: what its
   * share of a connection stress reached ({@link ClientConnections}).
   */
  CONNECTIONS;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The type named {@code s} on the wire, or null. */
  static FrameType ofWireName(String s) {
    for (FrameType t : values()) {
      if (t.wireName().equals(s)) {
        return t;
      }
    }
    return null;
  }

  static String accepted() {
    return Arrays.stream(values()).map(FrameType::wireName).collect(Collectors.joining(", "));
  }
}
