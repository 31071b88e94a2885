package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbmongo.orchestrator.results.AppliedSettings.Check;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Verification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** results.jsonl's {@code serverSettings}: what the server confirmed, and older lines without it. */
class AppliedSettingsJsonTest {

  @Test
  void recordsTheWorstCheckAndEachCheckWithItsReason() throws Exception {
    AppliedSettings s = new AppliedSettings(Map.of("server.chainingAllowed", "false", "server.apply", "manual"),
        "settings.chainingAllowed=false set by hand; not verified: not a replica set (...)", List.of(
            new Check("label members", Verification.VERIFIED, "3", "3", "replSetGetConfig"),
            new Check("settings.chainingAllowed", Verification.UNVERIFIED, "false", null, "not a replica set (...)")));
    assertEquals(Verification.UNVERIFIED, s.verification());
    String json = ResultsJson.mapper().writeValueAsString(s);
    assertEquals("{\"requested\":{\"server.apply\":\"manual\",\"server.chainingAllowed\":\"false\"},\"note\":"
        + "\"settings.chainingAllowed=false set by hand; not verified: not a replica set (...)\",\"verification\":"
        + "\"UNVERIFIED\",\"checks\":[{\"subject\":\"label members\",\"result\":\"VERIFIED\",\"expected\":\"3\","
        + "\"actual\":\"3\",\"why\":\"replSetGetConfig\"},{\"subject\":\"settings.chainingAllowed\",\"result\":"
        + "\"UNVERIFIED\",\"expected\":\"false\",\"why\":\"not a replica set (...)\"}]}", json);
    assertEquals(s, ResultsJson.mapper().readValue(json, AppliedSettings.class));
  }

  @Test
  void aMismatchIsWorseThanAnUnconfirmedLabel() {
    AppliedSettings s = new AppliedSettings(Map.of(), null, List.of(
        new Check("label hidden", Verification.UNVERIFIED, "one", "1", "'one' is not a count of members"),
        new Check("label members", Verification.MISMATCH, "3", "1", "replSetGetConfig")));
    assertEquals(Verification.MISMATCH, s.verification());
  }

  @Test
  void readsALineWrittenBeforeTheChecks() throws Exception {
    AppliedSettings s = ResultsJson.mapper().readValue("{\"requested\":{\"server.chainingAllowed\":\"true\"},"
        + "\"note\":\"settings.chainingAllowed was already true\"}", AppliedSettings.class);
    assertNull(s.verification());
    assertEquals(List.of(), s.checks());
  }
}
