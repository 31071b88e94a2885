package dev.ycsbmongo.orchestrator.metrics;

import java.time.Instant;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.bson.Document;

/**
 * One {@code replSetGetStatus} reading: how far each secondary's last applied operation is behind
 * the primary's, from the members' {@code optimeDate} (whole seconds, as {@code rs.printSecondaryReplicationInfo()}
 * reports it). Arbiters hold no data and members in other states (recovering, down, starting) have
 * no meaningful optime, so only PRIMARY (1) and SECONDARY (2) members take part.
 *
 * @param receivedAt when the reply arrived (client clock)
 * @param lagSecondsByMember lag of each secondary by member {@code name} (host:port); empty when absent
 * @param absentReason why there is no lag figure (no primary, command failed, not a replica set); null when there is
 */
public record ReplicationLag(Instant receivedAt, Map<String, Double> lagSecondsByMember, String absentReason) {

  static final int PRIMARY = 1;
  static final int SECONDARY = 2;

  public ReplicationLag {
    Objects.requireNonNull(receivedAt, "receivedAt");
    lagSecondsByMember = Collections.unmodifiableSortedMap(new TreeMap<>(lagSecondsByMember));
  }

  public static ReplicationLag absent(Instant receivedAt, String reason) {
    return new ReplicationLag(receivedAt, Map.of(), Objects.requireNonNull(reason, "reason"));
  }

  public static ReplicationLag parse(Document reply, Instant receivedAt) {
    List<Document> members = reply.getList("members", Document.class, List.of());
    Date primaryOptime = members.stream().filter(m -> state(m) == PRIMARY).map(ReplicationLag::optimeDate)
        .filter(Objects::nonNull).findFirst().orElse(null);
    if (primaryOptime == null) {
      return absent(receivedAt, "no primary in replSetGetStatus (an election or a lost majority): lag is measured"
          + " behind the primary");
    }
    Map<String, Double> lag = new TreeMap<>();
    for (Document m : members) {
      Date optime = optimeDate(m);
      if (state(m) == SECONDARY && optime != null && m.get("name") instanceof String name) {
        // Heartbeat timing can show a secondary a moment ahead of the primary's own reading: that is no lag.
        lag.put(name, Math.max(0, primaryOptime.getTime() - optime.getTime()) / 1000.0);
      }
    }
    return new ReplicationLag(receivedAt, lag, null);
  }

  private static int state(Document member) {
    return member.get("state") instanceof Number n ? n.intValue() : -1;
  }

  private static Date optimeDate(Document member) {
    return member.get("optimeDate") instanceof Date d ? d : null;
  }
}
