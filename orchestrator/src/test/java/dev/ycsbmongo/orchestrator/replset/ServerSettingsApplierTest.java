package dev.ycsbmongo.orchestrator.replset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.ServerAddress;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier.Action;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class ServerSettingsApplierTest {

  private static final String URI = "mongodb://u:s3cret@a:27017/?replicaSet=rs0";
  private final FakeReplicaSet rs = new FakeReplicaSet();
  private final List<String> asked = new ArrayList<>();

  private ServerSettingsApplier applier(ManualPrompt prompt) {
    return new ServerSettingsApplier(uri -> rs.open(), prompt, Duration.ofMillis(200), Duration.ofMillis(1));
  }

  private static Map<String, String> cell(String chaining, String apply) {
    return apply == null ? Map.of("server.chainingAllowed", chaining)
        : Map.of("server.chainingAllowed", chaining, "server.apply", apply);
  }

  private static MongoCommandException commandError(int code, String message) {
    return new MongoCommandException(BsonDocument.parse("{ok: 0, code: " + code + ", errmsg: '" + message + "'}"),
        new ServerAddress("a", 27017));
  }

  @Test
  void cellWithoutServerSettingsTouchesNothing() {
    Outcome o = applier(ManualPrompt.NOBODY).prepare("t", URI, Map.of("server.sampleInterval", "1s"));
    assertEquals(new Outcome(Action.RUN, null), o);
    assertEquals(0, rs.opened);
  }

  @Test
  void autoReconfiguresWithTheNextVersionWaitsForHealthAndRestoresAtTheEnd() {
    rs.statuses.clear();
    rs.statuses.addAll(List.of(FakeReplicaSet.status(1, 3, 2), FakeReplicaSet.status(1, 2, 2)));
    ServerSettingsApplier a = applier(ManualPrompt.NOBODY);
    Outcome o = a.prepare("t", URI, cell("false", null));
    assertEquals(Action.RUN, o.action());
    assertTrue(o.note().startsWith("set settings.chainingAllowed=false with replSetReconfig (config version 4 -> 5);"
        + " healthy after "), o.note());
    assertEquals(1, rs.reconfigs.size());
    assertEquals(false, rs.config.get("settings", Document.class).get("chainingAllowed"));
    assertEquals(5, rs.config.get("version"));
    assertEquals(2, rs.statusCalls, "waited for the recovering member");
    assertEquals(rs.opened, rs.closed, "every admin connection closed");

    // the next cell wants it on again; the original (absent = true) is what the restore puts back
    assertEquals(Action.RUN, a.prepare("t", URI, cell("true", null)).action());
    assertEquals(Action.RUN, a.prepare("t", URI, cell("false", null)).action());
    assertEquals(List.of("target t: restored settings.chainingAllowed=true"), a.restore());
    assertEquals(true, rs.config.get("settings", Document.class).get("chainingAllowed"));
    assertEquals(8, rs.config.get("version"));
    assertEquals(List.of(), a.restore(), "a second restore has nothing left to do");
  }

  @Test
  void settingAlreadyInPlaceNeedsNoReconfig() {
    Outcome o = applier(ManualPrompt.NOBODY).prepare("t", URI, cell("true", null));
    assertEquals(new Outcome(Action.RUN, "settings.chainingAllowed was already true"), o);
    assertTrue(rs.reconfigs.isEmpty());
  }

  @Test
  void autoFailsTheCellWithTheServersReasonWhenThereIsNoReplicaSet() {
    rs.configError = commandError(76, "not running with --replSet");
    Outcome o = applier(ManualPrompt.NOBODY).prepare("t", URI, cell("false", null));
    assertEquals(Action.FAIL, o.action());
    assertTrue(o.note().startsWith("cannot read the replica set config (replSetGetConfig: "), o.note());
    assertTrue(o.note().contains("not running with --replSet"), o.note());
    assertTrue(o.note().endsWith("server.chainingAllowed needs a replica set and the privilege to reconfigure it"
        + " (on a managed service set server.apply: manual)"), o.note());
  }

  @Test
  void aSetThatStaysUnhealthyFailsTheCellAndIsStillRestored() {
    rs.statuses.clear();
    rs.statuses.add(FakeReplicaSet.status(2, 2, 2));
    ServerSettingsApplier a = applier(ManualPrompt.NOBODY);
    Outcome o = a.prepare("t", URI, cell("false", null));
    assertEquals(Action.FAIL, o.action());
    assertTrue(o.note().endsWith("but the set was not healthy within 200ms: no primary"), o.note());
    List<String> notes = a.restore();
    assertEquals(1, notes.size());
    assertTrue(notes.get(0).startsWith("target t: restored settings.chainingAllowed=true; the set is not healthy yet"),
        notes.get(0));
  }

  @Test
  void refusedReconfigFailsTheCellWithoutLeakingTheUri() {
    rs.reconfigError = commandError(13, "not authorized on admin to execute command");
    Outcome o = applier(ManualPrompt.NOBODY).prepare("t", URI, cell("false", null));
    assertEquals(Action.FAIL, o.action());
    assertTrue(o.note().contains("not authorized"), o.note());
    assertFalse(o.note().contains("s3cret"));
  }

  @Test
  void skipModeSkipsOnlyCellsThatDifferFromTheServer() {
    ServerSettingsApplier a = applier(ManualPrompt.NOBODY);
    assertEquals(Action.RUN, a.prepare("t", URI, cell("true", "skip")).action());
    assertEquals(new Outcome(Action.SKIP, "settings.chainingAllowed is true on the server, the cell wants false, and"
        + " server.apply is skip"), a.prepare("t", URI, cell("false", "skip")));
    assertTrue(rs.reconfigs.isEmpty());
    assertEquals(List.of(), a.restore());
  }

  @Test
  void manualModeAsksUntilTheServerAgreesThenRemindsToSetItBack() {
    int[] answered = {0};
    ServerSettingsApplier a = applier(instruction -> {
      asked.add(instruction);
      if (++answered[0] == 2) {
        rs.config = ReplicaSetConfigs.withChainingAllowed(rs.config, false);  // the user did it the second time
      }
      return true;
    });
    Outcome o = a.prepare("atlas", URI, cell("false", "manual"));
    assertEquals(new Outcome(Action.RUN, "settings.chainingAllowed=false set by hand; verified with replSetGetConfig"),
        o);
    assertEquals(2, asked.size());
    assertTrue(asked.get(0).startsWith("target atlas: set the replica set's settings.chainingAllowed to false in your"
        + " console (chained replication off), wait"), asked.get(0));
    assertTrue(asked.get(1).contains("(the server still says true)"), asked.get(1));
    assertTrue(rs.reconfigs.isEmpty(), "manual never reconfigures");
    assertEquals(List.of("target atlas: settings.chainingAllowed was true before the plan; set it back in your console"
        + " if you changed it"), a.restore());
  }

  @Test
  void manualModeWithoutAnyoneToAskFailsTheCell() {
    Outcome o = applier(ManualPrompt.NOBODY).prepare("t", URI, cell("false", "manual"));
    assertEquals(new Outcome(Action.FAIL, "server.apply is manual but nobody confirmed that settings.chainingAllowed is"
        + " false (no terminal, or input closed)"), o);
  }

  @Test
  void manualModeRunsUnverifiedWhereTheConfigIsNotReadable() {
    rs.configError = commandError(13, "not authorized on admin to execute command replSetGetConfig");
    Outcome o = applier(i -> true).prepare("t", URI, cell("false", "manual"));
    assertEquals(Action.RUN, o.action());
    assertTrue(o.note().startsWith("settings.chainingAllowed=false set by hand; not verified: the config is not readable"
        + " ("), o.note());
  }

  @Test
  void unreachableSetFailsTheCell() {
    ServerSettingsApplier a = new ServerSettingsApplier(uri -> {
      throw new IllegalStateException("Timed out after 15000 ms while waiting to connect");
    }, ManualPrompt.NOBODY, Duration.ofMillis(10), Duration.ofMillis(1));
    Outcome o = a.prepare("t", URI, cell("false", null));
    assertEquals(Action.FAIL, o.action());
    assertTrue(o.note().startsWith("cannot reach the replica set to apply settings.chainingAllowed: "), o.note());
  }
}
