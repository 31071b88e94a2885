package dev.ycsbmongo.orchestrator.replset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.ServerAddress;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier.Action;
import dev.ycsbmongo.orchestrator.replset.ServerSettingsApplier.Outcome;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Check;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Verification;
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
    assertEquals(new Outcome(Action.RUN, "settings.chainingAllowed was already true", List.of(
        new Check("settings.chainingAllowed", Verification.VERIFIED, "true", "true", "replSetGetConfig"))), o);
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
    Outcome skipped = a.prepare("t", URI, cell("false", "skip"));
    assertEquals(Action.SKIP, skipped.action());
    assertEquals("settings.chainingAllowed is true on the server, the cell wants false, and server.apply is skip",
        skipped.note());
    assertEquals(Verification.MISMATCH, skipped.checks().get(0).result());
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
    assertEquals(new Outcome(Action.RUN, "settings.chainingAllowed=false set by hand; verified with replSetGetConfig",
        List.of(new Check("settings.chainingAllowed", Verification.VERIFIED, "false", "false", "replSetGetConfig"))), o);
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
    assertEquals("settings.chainingAllowed=false set by hand; not verified: replSetGetConfig not allowed (not"
        + " authorized on admin to execute command replSetGetConfig)", o.note());
    Check c = o.checks().get(0);
    assertEquals(Verification.UNVERIFIED, c.result());
    assertEquals("false", c.expected());
    assertEquals(null, c.actual());
    assertTrue(c.why().startsWith("replSetGetConfig not allowed ("), c.why());
  }

  @Test
  void manualModeAsksOncePerChangeWhereTheServerCannotConfirm() {
    rs.configError = commandError(59, "no such command: replSetGetConfig");
    ServerSettingsApplier a = applier(instruction -> asked.add(instruction));
    // study 3's order on one target: chaining varies slowest, the write concern within it
    for (String chaining : List.of("true", "true", "false", "false")) {
      Outcome o = a.prepare("rs3", URI, cell(chaining, "manual"));
      assertEquals(Action.RUN, o.action(), o.note());
      assertEquals(Verification.UNVERIFIED, o.checks().get(0).result());
      assertTrue(o.checks().get(0).why().startsWith("not a replica set (replSetGetConfig: "), o.checks().get(0).why());
    }
    assertEquals(2, asked.size(), "one prompt per change, not per cell: " + asked);
    assertTrue(asked.get(0).contains("to true in your console"), asked.get(0));
    assertTrue(asked.get(0).contains("(it cannot be read back here: not a replica set (replSetGetConfig: no such"
        + " command: replSetGetConfig); the cells will be marked unverified)"), asked.get(0));
    assertTrue(asked.get(1).contains("to false in your console"), asked.get(1));
    // another target is another console: asked again
    a.prepare("rs7", URI, cell("false", "manual"));
    assertEquals(3, asked.size());
    // back to true on rs3: a change, asked again
    a.prepare("rs3", URI, cell("true", "manual"));
    assertEquals(4, asked.size());
  }

  @Test
  void manualModeDoesNotAskWhenTheServerAlreadyHasTheSetting() {
    ServerSettingsApplier a = applier(instruction -> asked.add(instruction));
    Outcome o = a.prepare("t", URI, cell("true", "manual"));
    assertEquals(Action.RUN, o.action());
    assertEquals(Verification.VERIFIED, o.checks().get(0).result());
    assertEquals(List.of(), asked);
  }

  @Test
  void manualModeFailsTheCellWhenTheServerKeepsAnotherValue() {
    ServerSettingsApplier a = applier(instruction -> asked.add(instruction));
    Outcome o = a.prepare("t", URI, cell("false", "manual"));
    assertEquals(Action.FAIL, o.action());
    assertEquals("server.apply is manual: settings.chainingAllowed set to false by hand (3 confirmations), but the"
        + " server has settings.chainingAllowed=true (replSetGetConfig)", o.note());
    assertEquals(new Check("settings.chainingAllowed", Verification.MISMATCH, "false", "true", "replSetGetConfig"),
        o.checks().get(0));
  }

  @Test
  void autoReadsTheSettingBackAfterTheReconfig() {
    Outcome o = applier(ManualPrompt.NOBODY).prepare("t", URI, cell("false", null));
    assertEquals(List.of(new Check("settings.chainingAllowed", Verification.VERIFIED, "false", "false",
        "replSetGetConfig")), o.checks());
  }

  @Test
  void topologyLabelsAreConfirmedFromTheConfig() {
    rs.config = Document.parse("{_id: 'rs0', version: 4, members: [{_id: 0, host: 'a:1'}, {_id: 1, host: 'b:1'},"
        + " {_id: 2, host: 'c:1', hidden: true, priority: 0}]}");
    Outcome o = applier(ManualPrompt.NOBODY).prepare("rs3", URI, cell("true", null),
        Map.of("members", "3", "hidden", "1", "engine", "5.0"));
    assertEquals(Action.RUN, o.action(), o.note());
    assertEquals(java.util.Set.of("label members", "label hidden"), o.checks().subList(0, 2).stream()
        .map(Check::subject).collect(java.util.stream.Collectors.toSet()), "the labels first, engine not among them");
    assertEquals("settings.chainingAllowed", o.checks().get(2).subject());
    assertTrue(o.checks().stream().allMatch(c -> c.result() == Verification.VERIFIED), o.checks().toString());
  }

  @Test
  void aTopologyLabelTheServerContradictsFailsTheCellWithBothValues() {
    rs.config = Document.parse("{_id: 'rs0', version: 4, members: [{_id: 0, host: 'a:1'}, {_id: 1, host: 'b:1'},"
        + " {_id: 2, host: 'c:1', arbiterOnly: true}]}");
    ServerSettingsApplier a = applier(instruction -> asked.add(instruction));
    Outcome o = a.prepare("rs3", URI, cell("false", "manual"), Map.of("members", "3", "hidden", "1"));
    assertEquals(Action.FAIL, o.action());
    assertEquals("the target's labels do not match its replica set: label hidden=1, but the replica set has 0"
        + " (replSetGetConfig)", o.note());
    assertEquals(List.of(), asked, "nobody is asked to change a setting on the wrong set");
  }

  @Test
  void topologyLabelsAloneAreCheckedAndUnconfirmableOnesRunUnverified() {
    rs.configError = commandError(76, "not running with --replSet");
    Outcome o = applier(ManualPrompt.NOBODY).prepare("rs3", URI, Map.of(), Map.of("members", "3", "cores", "4"));
    assertEquals(Action.RUN, o.action());
    assertEquals(null, o.note());
    assertEquals(1, o.checks().size(), "only the topology label is the server's to confirm");
    assertEquals("label members", o.checks().get(0).subject());
    assertEquals(Verification.UNVERIFIED, o.checks().get(0).result());
    assertTrue(o.checks().get(0).why().startsWith("not a replica set (replSetGetConfig: "), o.checks().get(0).why());
  }

  @Test
  void aTargetWithoutTopologyLabelsOrSettingsIsNotContacted() {
    Outcome o = applier(ManualPrompt.NOBODY).prepare("t", URI, Map.of(), Map.of("cores", "4"));
    assertEquals(new Outcome(Action.RUN, null), o);
    assertEquals(0, rs.opened);
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
