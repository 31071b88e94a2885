package dev.ycsbmongo.binding;

import com.mongodb.WriteConcern;
import java.util.Locale;

/** Parses {@code mongodb.writeConcern}: w as a number, {@code majority}, a tag set, or a legacy name. */
final class WriteConcerns {

  static final String ACCEPTED = "0, 1, any whole number N >= 0, majority, tag:<getLastErrorModes name>, "
      + "or YCSB 0.17.0's names unacknowledged, errors_ignored, acknowledged, journaled, replica_acknowledged";

  private WriteConcerns() {
  }

  static WriteConcern parse(String key, String value) {
    String v = value.trim();
    String lower = v.toLowerCase(Locale.ROOT);
    if (lower.startsWith("tag:")) {
      String tag = v.substring(4).trim();
      if (tag.isEmpty()) {
        throw PropertyReader.invalid(key, value, ACCEPTED);
      }
      return new WriteConcern(tag);
    }
    switch (lower) {
      case "majority":
        return WriteConcern.MAJORITY;
      case "unacknowledged":
      case "errors_ignored":
        return WriteConcern.UNACKNOWLEDGED;
      case "acknowledged":
        return WriteConcern.W1;
      case "journaled":
        // YCSB 0.17.0 adds journal=true (and j=true) to the URL and no w: {j: true}, so the
        // server's default w applies (majority on a MongoDB 5.0+ replica set), not w:1
        return WriteConcern.JOURNALED;
      case "replica_acknowledged":
        return WriteConcern.W2;
      default:
        break;
    }
    if (lower.startsWith("w:") || lower.startsWith("w=")) {
      return parse(key, v.substring(2));
    }
    try {
      int w = Integer.parseInt(lower);
      if (w >= 0) {
        return new WriteConcern(w);
      }
    } catch (NumberFormatException e) {
      // reported below with what is accepted
    }
    throw PropertyReader.invalid(key, value, ACCEPTED);
  }

  /** A short form for logs and reports: {@code w:majority, j:true, wtimeout:500ms}. */
  static String describe(WriteConcern wc) {
    if (wc == null) {
      return "server default";
    }
    StringBuilder s = new StringBuilder("w:");
    Object w = wc.getWObject();
    s.append(w == null ? "default" : w);
    if (wc.getJournal() != null) {
      s.append(", j:").append(wc.getJournal());
    }
    Integer wtimeout = wc.getWTimeout(java.util.concurrent.TimeUnit.MILLISECONDS);
    if (wtimeout != null) {
      s.append(", wtimeout:").append(wtimeout).append("ms");
    }
    return s.toString();
  }
}
