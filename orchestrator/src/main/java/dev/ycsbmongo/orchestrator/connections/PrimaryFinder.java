package dev.ycsbmongo.orchestrator.connections;

import com.mongodb.ConnectionString;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;

/**
 * {@code connections.to: primary}: which host to stress, from {@code hello} on every host the URI
 * lists (isMaster where a server predates hello). A host that says it is the writable primary, and
 * the {@code primary} field members report, are the candidates; exactly one must remain. None (an
 * election under way, only secondaries listed) or several (separate servers, a split view) is a
 * one-line refusal before anything is opened: guessing would probe the wrong server's limit.
 */
final class PrimaryFinder {

  /** CommandNotFound: a server older than hello (MongoDB before 4.4.2 and its backports), or the embedded one. */
  static final int COMMAND_NOT_FOUND = 59;

  /**
   * What one listed host answered.
   *
   * @param writablePrimary {@code isWritablePrimary} (hello) or {@code ismaster} (isMaster)
   * @param reportedPrimary the {@code primary} field, "host:port" as the replica set's config spells it; null when absent
   * @param problem why no answer came, or null
   */
  record Answer(boolean writablePrimary, String reportedPrimary, String problem) {

    static Answer noAnswer(String why) {
      return new Answer(false, null, why);
    }

    static Answer of(Document hello) {
      Object writable = hello.containsKey("isWritablePrimary") ? hello.get("isWritablePrimary") : hello.get("ismaster");
      Object primary = hello.get("primary");
      return new Answer(Boolean.TRUE.equals(writable), primary instanceof String s && !s.isBlank() ? s : null, null);
    }

    String describe() {
      if (problem != null) {
        return "no answer: " + problem;
      }
      return writablePrimary ? "primary" : reportedPrimary == null ? "not primary, knows no primary"
          : "not primary";
    }
  }

  /** Turns a {@code host:port} a member reported into an address to connect to. */
  @FunctionalInterface
  interface Resolver {
    TargetHost resolve(String hostPort) throws ConnectionLimitException;
  }

  private PrimaryFinder() {
  }

  /** Asks every listed host, then {@link #choose}s. Opens one short-lived driver client per host. */
  static TargetHost find(String uri, List<TargetHost> listed, int timeoutMillis) throws ConnectionLimitException {
    ConnectionString cs = new ConnectionString(uri);
    Map<TargetHost, Answer> answers = new LinkedHashMap<>();
    for (TargetHost h : listed) {
      answers.put(h, ask(cs, h, timeoutMillis));
    }
    return choose(answers, ConnectionStress::resolve);
  }

  private static Answer ask(ConnectionString cs, TargetHost h, int timeoutMillis) {
    Optional<String> refused = DirectClient.refused(h, timeoutMillis);
    if (refused.isPresent()) {
      return Answer.noAnswer(refused.get());
    }
    try (MongoClient client = DirectClient.open(cs, h, timeoutMillis)) {
      try {
        return Answer.of(client.getDatabase("admin").runCommand(new Document("hello", 1)));
      } catch (MongoCommandException e) {
        if (e.getErrorCode() != COMMAND_NOT_FOUND) {
          throw e;
        }
        return Answer.of(client.getDatabase("admin").runCommand(new Document("isMaster", 1)));
      }
    } catch (MongoTimeoutException e) {
      return Answer.noAnswer("none within " + timeoutMillis + " ms");
    } catch (RuntimeException e) {
      return Answer.noAnswer(Causes.rootMessage(e));
    }
  }

  /** The one primary the answers agree on; a one-line refusal otherwise. Pure, for unit tests. */
  static TargetHost choose(Map<TargetHost, Answer> answers, Resolver resolver) throws ConnectionLimitException {
    Map<String, TargetHost> candidates = new LinkedHashMap<>();
    Map<String, List<String>> namedBy = new LinkedHashMap<>();
    List<String> states = new ArrayList<>();
    for (Map.Entry<TargetHost, Answer> e : answers.entrySet()) {
      TargetHost h = e.getKey();
      Answer a = e.getValue();
      states.add(h.label() + " " + a.describe());
      if (a.writablePrimary()) {
        add(candidates, namedBy, h, h.label() + " (itself)");
      }
      if (a.reportedPrimary() != null) {
        TargetHost reported;
        try {
          reported = listedAs(answers, resolver.resolve(a.reportedPrimary()));
        } catch (ConnectionLimitException ex) {
          throw new ConnectionLimitException(ConnectionKeys.TO + " primary: " + h.label() + " names "
              + a.reportedPrimary() + " as the primary, which " + ex.getMessage());
        }
        add(candidates, namedBy, reported, h.label());
      }
    }
    if (candidates.size() == 1) {
      return candidates.values().iterator().next();
    }
    if (candidates.isEmpty()) {
      throw new ConnectionLimitException(ConnectionKeys.TO + " primary: no host of the connection string is or knows"
          + " the primary (" + String.join("; ", states) + "): wait for the replica set to elect one, list its"
          + " members in the URI, or use " + ConnectionKeys.TO + " each");
    }
    List<String> claims = new ArrayList<>();
    namedBy.forEach((key, by) -> claims.add(candidates.get(key).label() + " named by " + String.join(", ", by)));
    throw new ConnectionLimitException(ConnectionKeys.TO + " primary: the hosts name " + candidates.size()
        + " different primaries (" + String.join("; ", claims) + "): separate servers or a replica set mid-election;"
        + " list one replica set's members, or use " + ConnectionKeys.TO + " each");
  }

  private static void add(Map<String, TargetHost> candidates, Map<String, List<String>> namedBy, TargetHost h,
      String by) {
    String key = h.address() + ":" + h.port();
    candidates.putIfAbsent(key, h);
    namedBy.computeIfAbsent(key, k -> new ArrayList<>()).add(by);
  }

  /** The listed host at the same address, so results show the host as the URI spells it. */
  private static TargetHost listedAs(Map<TargetHost, Answer> answers, TargetHost reported) {
    return answers.keySet().stream()
        .filter(h -> h.address().equals(reported.address()) && h.port() == reported.port())
        .findFirst().orElse(reported);
  }
}
