package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class TargetProbeTest {

  private static final Document BUILD = new Document("version", "7.0.14");

  @Test
  void countsReplicaSetMembersIncludingPassivesAndArbiters() {
    Document isMaster = new Document("setName", "rs0").append("hosts", List.of("a:27017", "b:27017", "c:27017"))
        .append("passives", List.of("d:27017")).append("arbiters", List.of("e:27017"));
    ServerInfo s = TargetProbe.fromDocuments(BUILD, isMaster, false);
    assertEquals("replica set", s.topology());
    assertEquals(5, s.members());
    assertEquals("7.0.14, replica set of 5", s.describe());
  }

  @Test
  void recognisesMongosAndStandalone() {
    assertEquals("sharded", TargetProbe.fromDocuments(BUILD, new Document("msg", "isdbgrid"), false).topology());
    ServerInfo standalone = TargetProbe.fromDocuments(BUILD, new Document("ismaster", true), true);
    assertEquals("standalone", standalone.topology());
    assertNull(standalone.members());
    assertTrue(standalone.describe().contains("embedded test server, not MongoDB"));
  }

  @Test
  void reportsAnUnreachableTargetWithoutItsPassword() {
    ServerInfo s = TargetProbe.probe("mongodb://u:Secr3tPw@127.0.0.1:1/ycsb", false, 300);
    assertNull(s.version());
    assertTrue(s.probeError() != null && !s.probeError().contains("Secr3tPw"), s.probeError());
  }
}
