package dev.ycsbmongo.orchestrator.clients;

import java.util.Objects;

/**
 * Everything one connections client reported, checked: its hello and its connections frame.
 *
 * @param source where the frames were read (a file, "pod conn-cell-3-2"), for messages
 */
public record ConnectionsOutput(String source, ClientHello hello, ClientConnections connections) {

  public ConnectionsOutput {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(hello, "hello");
    Objects.requireNonNull(connections, "connections");
  }

  public int client() {
    return hello.client();
  }

  /** "client 2 (host h, pid 7)" for messages and report rows. */
  public String describe() {
    return "client " + hello.client() + " (" + hello.host() + ", pid " + hello.pid() + ")";
  }
}
