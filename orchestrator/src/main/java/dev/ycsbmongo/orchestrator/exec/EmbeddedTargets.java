package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.Target;
import java.util.HashMap;
import java.util.Map;

/**
 * Resolves each target's connection string for a run: {@code uri: embedded} starts one in-JVM
 * test server per such target, on a free loopback port, stopped when the run ends.
 */
public final class EmbeddedTargets implements AutoCloseable {

  private final Map<String, EmbeddedMongoServer> servers = new HashMap<>();
  private final Map<String, String> uris = new HashMap<>();

  public EmbeddedTargets(Plan plan) {
    for (Target t : plan.targets()) {
      if (t.isEmbedded()) {
        EmbeddedMongoServer server = EmbeddedMongoServer.start(0);
        servers.put(t.name(), server);
        uris.put(t.name(), server.connectionString("ycsb"));
      } else {
        uris.put(t.name(), t.uri());
      }
    }
  }

  /** The connection string the phases of {@code targetName} use (secret: never print it unmasked). */
  public String uri(String targetName) {
    String uri = uris.get(targetName);
    if (uri == null) {
      throw new IllegalArgumentException("no target named '" + targetName + "'");
    }
    return uri;
  }

  @Override
  public void close() {
    servers.values().forEach(EmbeddedMongoServer::close);
  }
}
