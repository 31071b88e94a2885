package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.Causes;
import com.mongodb.client.MongoClient;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.util.List;
import org.bson.Document;

/**
 * Asks a target what it is: {@code buildInfo} for the version, {@code isMaster} for the topology
 * ({@code isMaster} rather than {@code hello}: the embedded server answers only the former, and
 * every MongoDB the driver supports still answers it).
 */
public final class TargetProbe {

  private TargetProbe() {
  }

  /** Probes {@code uri}; a failure is returned in {@link ServerInfo#probeError()}, masked, never thrown. */
  public static ServerInfo probe(String uri, boolean embedded, int timeoutMillis) {
    try (MongoClient client = Clients.open(uri, timeoutMillis)) {
      Document build = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
      Document isMaster = client.getDatabase("admin").runCommand(new Document("isMaster", 1));
      return fromDocuments(build, isMaster, embedded);
    } catch (RuntimeException e) {
      return new ServerInfo(null, "unknown", null, embedded, Causes.rootMessage(e));
    }
  }

  /** The topology from an {@code isMaster}/{@code hello} reply. */
  static ServerInfo fromDocuments(Document build, Document isMaster, boolean embedded) {
    String version = build.getString("version");
    if ("isdbgrid".equals(isMaster.getString("msg"))) {
      return new ServerInfo(version, "sharded", null, embedded, null);
    }
    if (isMaster.getString("setName") != null) {
      int members = size(isMaster.getList("hosts", String.class)) + size(isMaster.getList("passives", String.class))
          + size(isMaster.getList("arbiters", String.class));
      return new ServerInfo(version, "replica set", members, embedded, null);
    }
    return new ServerInfo(version, "standalone", null, embedded, null);
  }

  private static int size(List<String> list) {
    return list == null ? 0 : list.size();
  }
}
