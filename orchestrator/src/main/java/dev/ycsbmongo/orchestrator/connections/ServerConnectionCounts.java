package dev.ycsbmongo.orchestrator.connections;

import com.mongodb.ConnectionString;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import dev.ycsbmongo.orchestrator.Causes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;

/**
 * "Seen by the server": serverStatus {@code connections.current} of each target host, asked over a
 * direct driver connection to that host alone, with the URI's own credentials and options.
 */
final class ServerConnectionCounts {

  static final String INCLUDES = "serverStatus connections.current per host, read once every attempt had ended;"
      + " includes this orchestrator's own connections (its monitor and this query, about 2 per host) and any"
      + " other client's";

  /** serverStatus {@code process} of mongo-java-server; mongod and mongos say their own names. */
  static final String EMBEDDED_PROCESS = "java";

  /** Per host label: the count, for the hosts that answered; {@code problems}: why the others did not. */
  record Counts(Map<String, Long> byHost, List<String> problems) {

    Long sum() {
      return problems.isEmpty() ? byHost.values().stream().mapToLong(Long::longValue).sum() : null;
    }

    String note() {
      return problems.isEmpty() ? INCLUDES : "no server-side count: " + String.join("; ", problems);
    }
  }

  /** The problems, with every embedded host named in one sentence rather than one each. */
  private static List<String> problems(List<String> embedded, List<String> others) {
    List<String> all = new ArrayList<>();
    if (!embedded.isEmpty()) {
      all.add(String.join(", ", embedded) + (embedded.size() == 1 ? " is" : " are") + " the embedded test server"
          + " (serverStatus process '" + EMBEDDED_PROCESS + "'), which answers connections.current 1 whatever is open");
    }
    all.addAll(others);
    return all;
  }

  private ServerConnectionCounts() {
  }

  static Counts query(String uri, List<TargetHost> hosts, int timeoutMillis) {
    ConnectionString cs = new ConnectionString(uri);
    Map<String, Long> byHost = new LinkedHashMap<>();
    List<String> embedded = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (TargetHost h : hosts) {
      Optional<String> refused = DirectClient.refused(h, timeoutMillis);
      if (refused.isPresent()) {
        problems.add(h.label() + ": " + refused.get());
        continue;
      }
      try (MongoClient client = DirectClient.open(cs, h, timeoutMillis)) {
        Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
        Object connections = status.get("connections");
        Object current = connections instanceof Document d ? d.get("current") : null;
        if (EMBEDDED_PROCESS.equals(status.get("process"))) {
          embedded.add(h.label());
        } else if (current instanceof Number number) {
          byHost.put(h.label(), number.longValue());
        } else {
          problems.add(h.label() + " reports no connections.current");
        }
      } catch (MongoTimeoutException e) {
        // the driver's message is a paragraph of cluster state; the point is that no answer came
        problems.add(h.label() + " did not answer within " + timeoutMillis + " ms");
      } catch (RuntimeException e) {
        problems.add(h.label() + ": " + Causes.rootMessage(e));
      }
    }
    return new Counts(byHost, problems(embedded, problems));
  }
}
