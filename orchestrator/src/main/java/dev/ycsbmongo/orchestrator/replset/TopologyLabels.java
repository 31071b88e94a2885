package dev.ycsbmongo.orchestrator.replset;

import dev.ycsbmongo.orchestrator.results.AppliedSettings.Check;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Verification;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/**
 * The target labels that describe a replica set's shape and that its config can confirm: a plan
 * says {@code members: 3, hidden: 1} of a target, and the cell is measured on what the server has,
 * not on what the label says. Any other label is the plan's own word and is never checked.
 */
public final class TopologyLabels {

  /** Every member in the config. */
  public static final String MEMBERS = "members";
  /** Members with a vote ({@code votes} absent counts as 1, as MongoDB reads it). */
  public static final String VOTING = "voting";
  /** Members with {@code hidden: true}. */
  public static final String HIDDEN = "hidden";
  /** Members with {@code arbiterOnly: true}. */
  public static final String ARBITERS = "arbiters";

  public static final List<String> KEYS = List.of(MEMBERS, VOTING, HIDDEN, ARBITERS);

  private TopologyLabels() {
  }

  /** The topology labels among {@code labels}, in the plan's order. */
  public static Map<String, String> claimed(Map<String, String> labels) {
    Map<String, String> out = new LinkedHashMap<>();
    labels.forEach((k, v) -> {
      if (KEYS.contains(k)) {
        out.put(k, v);
      }
    });
    return out;
  }

  /** The counts a config has of each topology label. */
  public static Map<String, Integer> counts(Document config) {
    List<Document> members = config.getList("members", Document.class, List.of());
    int voting = 0;
    int hidden = 0;
    int arbiters = 0;
    for (Document m : members) {
      Object votes = m.get("votes");
      voting += votes instanceof Number n ? (n.intValue() > 0 ? 1 : 0) : 1;
      hidden += Boolean.TRUE.equals(m.get("hidden")) ? 1 : 0;
      arbiters += Boolean.TRUE.equals(m.get("arbiterOnly")) ? 1 : 0;
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    counts.put(MEMBERS, members.size());
    counts.put(VOTING, voting);
    counts.put(HIDDEN, hidden);
    counts.put(ARBITERS, arbiters);
    return counts;
  }

  /** Each claimed label against the config: verified or mismatch (unverified when the label is not a count). */
  public static List<Check> check(Map<String, String> claimed, Document config) {
    Map<String, Integer> counts = counts(config);
    List<Check> checks = new ArrayList<>();
    claimed.forEach((k, v) -> {
      String actual = Integer.toString(counts.get(k));
      Integer wanted = count(v);
      if (wanted == null) {
        checks.add(new Check(subject(k), Verification.UNVERIFIED, v, actual, "'" + v + "' is not a count of members"));
      } else {
        checks.add(new Check(subject(k), wanted.equals(counts.get(k)) ? Verification.VERIFIED : Verification.MISMATCH,
            v, actual, "replSetGetConfig"));
      }
    });
    return checks;
  }

  /** Each claimed label as unconfirmed, for a server whose config cannot be read. */
  public static List<Check> unconfirmed(Map<String, String> claimed, String why) {
    List<Check> checks = new ArrayList<>();
    claimed.forEach((k, v) -> checks.add(new Check(subject(k), Verification.UNVERIFIED, v, null, why)));
    return checks;
  }

  /** "label members=3, but the replica set has 1" for each mismatched label. */
  public static String mismatches(List<Check> checks) {
    return String.join("; ", checks.stream().filter(c -> c.result() == Verification.MISMATCH)
        .map(c -> c.subject() + "=" + c.expected() + ", but the replica set has " + c.actual() + " ("
            + c.why() + ")").toList());
  }

  static String subject(String key) {
    return "label " + key;
  }

  private static Integer count(String v) {
    try {
      int n = Integer.parseInt(v.strip());
      return n < 0 ? null : n;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
