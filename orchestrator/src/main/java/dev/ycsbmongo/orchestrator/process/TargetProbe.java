package dev.ycsbmongo.orchestrator.process;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import dev.ycsbmongo.binding.BindingSettings;
import dev.ycsbmongo.binding.ConnectionCheck;
import dev.ycsbmongo.binding.ConnectionFailure;
import dev.ycsbmongo.binding.InvalidSettingException;
import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.bson.Document;

/**
 * Asks a target what it is: {@code buildInfo} for the version, {@code isMaster} for the topology
 * ({@code isMaster} rather than {@code hello}: the embedded server answers only the former, and
 * every MongoDB the driver supports still answers it).
 */
public final class TargetProbe {

  private TargetProbe() {
  }

  /**
   * Probes {@code uri}; a failure is returned in {@link ServerInfo#probeError()}, masked, never thrown. The
   * binding's connection check comes first, so a target that cannot be used is named as {@code scripts/ycsb}
   * names it (connection refused, unknown host, TLS, authentication, replica-set name) and as soon as the cause
   * is certain (a closed port in milliseconds), not with the driver's cluster view after its timeout.
   */
  public static ServerInfo probe(String uri, boolean embedded, int timeoutMillis) {
    Optional<String> unusable = connectionCheck(uri, timeoutMillis);
    if (unusable.isPresent()) {
      return new ServerInfo(null, "unknown", null, embedded, unusable.get());
    }
    try (MongoClient client = Clients.open(uri, timeoutMillis)) {
      Document build = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
      Document isMaster = client.getDatabase("admin").runCommand(new Document("isMaster", 1));
      return fromDocuments(build, isMaster, embedded);
    } catch (RuntimeException e) {
      // answered the ping, then failed: the launcher's classifier, one line, never the driver's cluster view
      return new ServerInfo(null, "unknown", null, embedded, UriMasker.mask(ConnectionFailure.cause(e,
          tls(uri), timeoutMillis)));
    }
  }

  /**
   * The binding's {@link ConnectionCheck} with {@code timeoutMillis} as its server-selection, connect and read
   * timeouts: the cause, masked, when the target cannot be used.
   */
  static Optional<String> connectionCheck(String uri, int timeoutMillis) {
    Properties p = new Properties();
    p.setProperty(Keys.URL, uri);
    p.setProperty(Keys.SERVER_SELECTION_TIMEOUT_MS, Integer.toString(timeoutMillis));
    p.setProperty(Keys.CONNECT_TIMEOUT_MS, Integer.toString(timeoutMillis));
    p.setProperty(Keys.SOCKET_TIMEOUT_MS, Integer.toString(timeoutMillis));
    p.setProperty(Keys.APP_NAME, "ycsb-orchestrator");
    BindingSettings settings;
    try {
      settings = BindingSettings.from(p, Map.of());
    } catch (InvalidSettingException e) {
      return Optional.of(UriMasker.mask(String.valueOf(e.getMessage())));
    }
    return ConnectionCheck.run(settings.client()).cause().map(UriMasker::mask);
  }

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
