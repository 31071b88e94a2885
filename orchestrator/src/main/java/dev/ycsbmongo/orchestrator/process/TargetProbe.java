package dev.ycsbmongo.orchestrator.process;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import dev.ycsbmongo.binding.ConnectionFailure;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.util.List;
import java.util.Optional;
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
    // a closed port is named at once, as the launcher names it, not after the server-selection timeout
    Optional<String> unreachable = SeedReachability.unreachable(uri, Math.min(timeoutMillis, TCP_CHECK_MILLIS));
    if (unreachable.isPresent()) {
      return new ServerInfo(null, "unknown", null, embedded, unreachable.get());
    }
    try (MongoClient client = Clients.open(uri, timeoutMillis)) {
      Document build = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
      Document isMaster = client.getDatabase("admin").runCommand(new Document("isMaster", 1));
      return fromDocuments(build, isMaster, embedded);
    } catch (RuntimeException e) {
      // the launcher's classifier: one line in a person's words, never the driver's cluster view
      return new ServerInfo(null, "unknown", null, embedded, UriMasker.mask(ConnectionFailure.cause(e,
          tls(uri), timeoutMillis)));
    }
  }

  private static final int TCP_CHECK_MILLIS = 2000;

  private static boolean tls(String uri) {
    try {
      return Boolean.TRUE.equals(new ConnectionString(uri).getSslEnabled());
    } catch (RuntimeException e) {
      return false;
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
