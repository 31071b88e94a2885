package dev.ycsbmongo.orchestrator.connections;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.connection.ClusterConnectionMode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A driver client to one host of the target alone (no replica-set discovery), with the URI's own
 * credentials and options: what asking each server something ({@code hello}, serverStatus) needs.
 */
final class DirectClient {

  private DirectClient() {
  }

  static MongoClient open(ConnectionString cs, TargetHost h, int timeoutMillis) {
    MongoClientSettings settings = MongoClientSettings.builder()
        .applyConnectionString(cs)
        .applyToClusterSettings(b -> b.hosts(List.of(new ServerAddress(h.name(), h.port())))
            .mode(ClusterConnectionMode.SINGLE).requiredReplicaSetName(null)
            .serverSelectionTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
            .readTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
        .applicationName("ycsb-orchestrator")
        .build();
    return MongoClients.create(settings);
  }

  /**
   * "connection refused" when nothing listens on the host's port, found in one TCP handshake: the driver
   * would keep trying for its whole server selection timeout before saying that no answer came. Empty
   * when the port accepts, or when the handshake fails otherwise (the driver then gives its own reason).
   */
  static Optional<String> refused(TargetHost h, int timeoutMillis) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(InetAddress.getByName(h.address()), h.port()), timeoutMillis);
      return Optional.empty();
    } catch (ConnectException e) {
      return Optional.of("connection refused");
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
