package dev.ycsbmongo.orchestrator.replset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class ReplicaSetConfigsTest {

  /** Shaped as MongoDB 7.0's replSetGetConfig returns it (trimmed to the fields that matter here). */
  private static final Document CONFIG = Document.parse("""
      {_id: 'rs0', version: 3, term: 1, members: [
        {_id: 0, host: 'm0:27017', priority: 2, votes: 1},
        {_id: 1, host: 'm1:27017', priority: 1, votes: 1},
        {_id: 2, host: 'm2:27017', priority: 1, votes: 1}],
       protocolVersion: {$numberLong: '1'}, writeConcernMajorityJournalDefault: true,
       settings: {chainingAllowed: true, heartbeatIntervalMillis: 2000, electionTimeoutMillis: 10000,
                  getLastErrorModes: {}, replicaSetId: {$oid: '6560f0c2e4b0a1b2c3d4e5f6'}}}
      """);

  @Test
  void chainingDefaultsToTrueWhenTheConfigDoesNotSayOtherwise() {
    assertTrue(ReplicaSetConfigs.chainingAllowed(CONFIG));
    assertTrue(ReplicaSetConfigs.chainingAllowed(new Document("_id", "rs0").append("version", 1)));
    assertFalse(ReplicaSetConfigs.chainingAllowed(ReplicaSetConfigs.withChainingAllowed(CONFIG, false)));
  }

  @Test
  void changeKeepsEverythingElseAndRaisesTheVersion() {
    Document next = ReplicaSetConfigs.withChainingAllowed(CONFIG, false);
    assertEquals(4, next.get("version"));
    Document settings = next.get("settings", Document.class);
    assertEquals(false, settings.get("chainingAllowed"));
    assertEquals(2000, settings.get("heartbeatIntervalMillis"));
    assertEquals(CONFIG.get("members"), next.get("members"));
    assertEquals(CONFIG.get("settings", Document.class).get("replicaSetId"), settings.get("replicaSetId"));
    assertEquals(3, CONFIG.get("version"), "the original is not modified");
    assertEquals(true, CONFIG.get("settings", Document.class).get("chainingAllowed"));
  }

  @Test
  void changeAddsSettingsWhereTheConfigHasNone() {
    Document next = ReplicaSetConfigs.withChainingAllowed(new Document("_id", "rs0").append("version", 7), false);
    assertEquals(new Document("chainingAllowed", false), next.get("settings"));
    assertEquals(8, next.get("version"));
  }

  @Test
  void healthNeedsAPrimaryAndEveryMemberUpAndSettled() {
    assertEquals(Optional.empty(), ReplicaSetConfigs.unhealthy(FakeReplicaSet.status(1, 2, 2)));
    assertEquals(Optional.of("no primary"), ReplicaSetConfigs.unhealthy(FakeReplicaSet.status(2, 2, 2)));
    assertEquals(Optional.of("m1:27017 is RECOVERING"), ReplicaSetConfigs.unhealthy(FakeReplicaSet.status(1, 3, 2)));
    Document down = FakeReplicaSet.status(1, 2, 2);
    down.getList("members", Document.class).get(2).put("health", 0.0);
    assertEquals(Optional.of("m2:27017 is down"), ReplicaSetConfigs.unhealthy(down));
    assertEquals(Optional.of("replSetGetStatus lists no members"), ReplicaSetConfigs.unhealthy(new Document()));
  }
}
