package dev.ycsbmongo.orchestrator.replset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.results.AppliedSettings.Check;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Verification;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class TopologyLabelsTest {

  /** Study 3's 15-node set: seven voting (one of them hidden), eight read-only without a vote. */
  private static Document fifteen() {
    StringBuilder members = new StringBuilder();
    for (int i = 0; i < 15; i++) {
      members.append(i == 0 ? "" : ", ").append("{_id: ").append(i).append(", host: 'n").append(i).append(":1'")
          .append(i == 6 ? ", hidden: true, priority: 0" : "").append(i >= 7 ? ", votes: 0, priority: 0" : "")
          .append('}');
    }
    return Document.parse("{_id: 'rs', version: 1, members: [" + members + "]}");
  }

  @Test
  void countsMembersVotersHiddenAndArbiters() {
    assertEquals(Map.of("members", 15, "voting", 7, "hidden", 1, "arbiters", 0), TopologyLabels.counts(fifteen()));
    Document psa = Document.parse("{_id: 'rs', members: [{_id: 0}, {_id: 1}, {_id: 2, arbiterOnly: true}]}");
    assertEquals(Map.of("members", 3, "voting", 3, "hidden", 0, "arbiters", 1), TopologyLabels.counts(psa));
  }

  @Test
  void onlyTheTopologyLabelsAreClaimed() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("members", "15");
    labels.put("engine", "5.0");
    labels.put("voting", "7");
    labels.put("topology", "primary, 5 secondaries, hidden, 8 read-only");
    labels.put("hidden", "1");
    assertEquals(List.of("members", "voting", "hidden"), List.copyOf(TopologyLabels.claimed(labels).keySet()));
  }

  @Test
  void eachLabelIsVerifiedOrMismatchedAndAWordIsNotACount() {
    Map<String, String> claimed = new LinkedHashMap<>();
    claimed.put("members", "15");
    claimed.put("voting", "15");
    claimed.put("hidden", "one");
    assertEquals(List.of(
        new Check("label members", Verification.VERIFIED, "15", "15", "replSetGetConfig"),
        new Check("label voting", Verification.MISMATCH, "15", "7", "replSetGetConfig"),
        new Check("label hidden", Verification.UNVERIFIED, "one", "1", "'one' is not a count of members")),
        TopologyLabels.check(claimed, fifteen()));
    assertEquals("label voting=15, but the replica set has 7 (replSetGetConfig)",
        TopologyLabels.mismatches(TopologyLabels.check(claimed, fifteen())));
  }
}
