package dev.ycsbmongo.it;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.bson.Document;

/**
 * How many client connections a test server has open now. For a server on this machine, the
 * established TCP connections to its port in {@code /proc/net/tcp[6]} (the embedded server's
 * {@code serverStatus} does not count connections); otherwise {@code serverStatus}.
 */
final class ServerConnections {

  private static final String ESTABLISHED = "01";

  private ServerConnections() {
  }

  static int current(TestMongo mongo, MongoClient driver) {
    ConnectionString uri = new ConnectionString(mongo.uri());
    List<String> hosts = uri.getHosts();
    if (hosts.size() == 1 && Files.isReadable(Path.of("/proc/net/tcp"))) {
      String host = hosts.get(0);
      int colon = host.lastIndexOf(':');
      String name = colon > 0 ? host.substring(0, colon) : host;
      int port = colon > 0 ? Integer.parseInt(host.substring(colon + 1)) : 27017;
      if (name.equals("127.0.0.1") || name.equals("localhost")) {
        return establishedTo(port);
      }
    }
    Document status = driver.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    return ((Number) status.get("connections", Document.class).get("current")).intValue();
  }

  /** Established TCP connections on this machine whose remote end is {@code port}. */
  static int establishedTo(int port) {
    return established(port, 2);
  }

  /** Established TCP connections on this machine whose local end is {@code port}: a server's ends of them. */
  static int establishedAt(int port) {
    return established(port, 1);
  }

  /** Counts /proc/net/tcp{,6} rows in state ESTABLISHED whose address column {@code column} has {@code port}. */
  private static int established(int port, int column) {
    String hexPort = String.format(Locale.ROOT, ":%04X", port);
    int count = 0;
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      List<String> lines;
      try {
        lines = Files.readAllLines(Path.of(table));
      } catch (IOException e) {
        continue;
      }
      for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
        String[] columns = line.trim().split("\\s+");
        if (columns.length > 3 && columns[column].endsWith(hexPort) && columns[3].equals(ESTABLISHED)) {
          count++;
        }
      }
    }
    return count;
  }
}
