package dev.ycsbmongo.orchestrator.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
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

  @Test
  void namesAClosedPortAtOnceInTheLaunchersWordsWithoutTheClusterView() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    long t0 = System.nanoTime();
    ServerInfo s = TargetProbe.probe("mongodb://127.0.0.1:" + port + "/ycsb", false, 10_000);
    long millis = (System.nanoTime() - t0) / 1_000_000;
    assertEquals("connection refused: nothing listens at 127.0.0.1:" + port, s.probeError());
    assertTrue(millis < 1000, "took " + millis + " ms");
  }

  @Test
  void namesGarbageAndAHugeLengthHeaderAsNotAMongoDbReply() throws IOException {
    for (byte[] reply : new byte[][] {GarbageServer.HTTP, GarbageServer.twoGibHeader()}) {
      try (GarbageServer server = new GarbageServer(reply)) {
        String error = TargetProbe.probe("mongodb://127.0.0.1:" + server.port() + "/ycsb", false, 3000).probeError();
        assertTrue(error.startsWith("the server at 127.0.0.1:" + server.port() + " answered with something that is"
            + " not a MongoDB reply ("), error);
        assertFalse(error.contains("cluster state") || error.contains("stopped answering"), error);
      }
    }
  }

  @Test
  void namesAnAuthenticationTheServerDoesNotSupportWithoutGarblingItsMessage() {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      String error = TargetProbe.probe("mongodb://bench:Secr3tPw@127.0.0.1:" + server.port() + "/ycsb", true, 3000)
          .probeError();
      assertEquals("authentication failed for user 'bench' (auth database 'ycsb'): the server does not support"
          + " authentication or rejected it (CommandNotFound: no such command: 'saslStart'); check the user name,"
          + " password and authSource in the URL", error);
    }
  }
}
