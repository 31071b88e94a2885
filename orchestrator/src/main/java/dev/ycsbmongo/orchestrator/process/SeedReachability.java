package dev.ycsbmongo.orchestrator.process;

import com.mongodb.ConnectionString;
import com.mongodb.ServerAddress;
import dev.ycsbmongo.binding.ConnectionFailure;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A plain TCP connect to each host of a URL, before any driver client: a closed port is then
 * named in milliseconds, where the driver would wait out its whole server-selection timeout and
 * answer with its cluster view.
 */
final class SeedReachability {

  private SeedReachability() {
  }

  /**
   * Why no host of {@code uri} can be reached, when each one refused or does not resolve; empty
   * when any host accepted a connection, did not answer within {@code timeoutMillis} (a filtered
   * port: the driver's own timeout names it), or the URL's hosts are not plain (DNS seed list),
   * so that the driver's check decides.
   */
  static Optional<String> unreachable(String uri, int timeoutMillis) {
    List<String> hosts;
    try {
      ConnectionString cs = new ConnectionString(uri);
      if (cs.isSrvProtocol()) {
        return Optional.empty();
      }
      hosts = cs.getHosts();
    } catch (RuntimeException e) {
      return Optional.empty();  // a URL the driver refuses: the probe's driver client says why
    }
    List<String> causes = new ArrayList<>();
    for (String h : hosts) {
      ServerAddress a;
      try {
        a = new ServerAddress(h);
      } catch (RuntimeException e) {
        return Optional.empty();
      }
      String where = a.getHost() + ":" + a.getPort();
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(a.getHost(), a.getPort()), timeoutMillis);
        return Optional.empty();
      } catch (UnknownHostException e) {
        causes.add("unknown host " + a.getHost() + ": the name does not resolve");
      } catch (ConnectException e) {
        causes.add(ConnectionFailure.refused(where));
      } catch (IOException e) {
        return Optional.empty();
      }
    }
    return causes.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", causes));
  }
}
