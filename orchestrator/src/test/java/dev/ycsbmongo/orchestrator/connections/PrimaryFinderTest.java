package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** connections.to primary: which host the hello answers of a replica set's members point at. */
class PrimaryFinderTest {

  static final TargetHost A = new TargetHost("db0.example", 3717, "10.0.0.5");
  static final TargetHost B = new TargetHost("db1.example", 3717, "10.0.0.6");
  static final TargetHost C = new TargetHost("db2.example", 3717, "10.0.0.7");

  /** Resolves the replica set config's names (rs0-N:27017, as members report them) and the listed names. */
  static TargetHost resolve(String hostPort) throws ConnectionLimitException {
    return switch (hostPort) {
      case "db0.example:3717", "rs0-0:3717" -> new TargetHost(hostPort.split(":")[0], 3717, "10.0.0.5");
      case "db1.example:3717", "rs0-1:3717" -> new TargetHost(hostPort.split(":")[0], 3717, "10.0.0.6");
      case "db2.example:3717", "rs0-2:3717" -> new TargetHost(hostPort.split(":")[0], 3717, "10.0.0.7");
      case "rs0-9:3717" -> new TargetHost("rs0-9", 3717, "10.0.0.9");
      default -> throw new ConnectionLimitException("target host " + hostPort + " does not resolve");
    };
  }

  static PrimaryFinder.Answer hello(boolean writable, String primary) {
    Document d = new Document("isWritablePrimary", writable).append("setName", "rs0");
    if (primary != null) {
      d.append("primary", primary);
    }
    return PrimaryFinder.Answer.of(d);
  }

  static Map<TargetHost, PrimaryFinder.Answer> answers(PrimaryFinder.Answer a, PrimaryFinder.Answer b,
      PrimaryFinder.Answer c) {
    Map<TargetHost, PrimaryFinder.Answer> m = new LinkedHashMap<>();
    m.put(A, a);
    m.put(B, b);
    m.put(C, c);
    return m;
  }

  @Test
  void picksTheMemberThatSaysItIsTheWritablePrimaryAsTheUriSpellsIt() throws Exception {
    TargetHost p = PrimaryFinder.choose(answers(hello(false, "rs0-1:3717"), hello(true, "rs0-1:3717"),
        hello(false, "rs0-1:3717")), PrimaryFinderTest::resolve);
    assertEquals(B, p);
    assertEquals("db1.example:3717", p.label());
  }

  @Test
  void findsThePrimaryTheSecondariesNameWhenItIsNotListedOrDoesNotAnswer() throws Exception {
    Map<TargetHost, PrimaryFinder.Answer> m = new LinkedHashMap<>();
    m.put(A, hello(false, "rs0-9:3717"));
    m.put(B, PrimaryFinder.Answer.noAnswer("none within 5000 ms"));
    assertEquals(new TargetHost("rs0-9", 3717, "10.0.0.9"), PrimaryFinder.choose(m, PrimaryFinderTest::resolve));
  }

  @Test
  void readsAnIsMasterAnswerFromAServerOlderThanHello() throws Exception {
    Map<TargetHost, PrimaryFinder.Answer> m = new LinkedHashMap<>();
    m.put(A, PrimaryFinder.Answer.of(new Document("ismaster", false).append("secondary", true)));
    m.put(B, PrimaryFinder.Answer.of(new Document("ismaster", true)));
    assertEquals(B, PrimaryFinder.choose(m, PrimaryFinderTest::resolve));
  }

  @Test
  void refusesWhenNoMemberIsOrKnowsThePrimary() {
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class, () -> PrimaryFinder.choose(
        answers(hello(false, null), hello(false, null), PrimaryFinder.Answer.noAnswer("none within 5000 ms")),
        PrimaryFinderTest::resolve));
    assertEquals("connections.to primary: no host of the connection string is or knows the primary (db0.example:3717"
        + " not primary, knows no primary; db1.example:3717 not primary, knows no primary; db2.example:3717 no answer:"
        + " none within 5000 ms): wait for the replica set to elect one, list its members in the URI, or use"
        + " connections.to each", e.getMessage());
  }

  @Test
  void refusesWhenTheMembersNameDifferentPrimaries() {
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class, () -> PrimaryFinder.choose(
        answers(hello(true, "rs0-0:3717"), hello(false, "rs0-2:3717"), hello(false, "rs0-2:3717")),
        PrimaryFinderTest::resolve));
    assertEquals("connections.to primary: the hosts name 2 different primaries (db0.example:3717 named by"
        + " db0.example:3717 (itself), db0.example:3717; db2.example:3717 named by db1.example:3717,"
        + " db2.example:3717): separate servers or a replica set mid-election; list one replica set's members, or use"
        + " connections.to each", e.getMessage());
  }

  @Test
  void refusesInOneLineWhenTheNamedPrimaryDoesNotResolve() {
    ConnectionLimitException e = assertThrows(ConnectionLimitException.class, () -> PrimaryFinder.choose(
        answers(hello(false, "gone:3717"), hello(false, "gone:3717"), hello(false, "gone:3717")),
        PrimaryFinderTest::resolve));
    assertTrue(e.getMessage().startsWith("connections.to primary: db0.example:3717 names gone:3717 as the primary,"
        + " which target host gone:3717 does not resolve"), e.getMessage());
  }
}
