package dev.ycsbmongo.orchestrator.clients;

import java.util.List;
import java.util.Objects;

/**
 * Everything one client reported, checked: its hello, its interval frames in the order written,
 * and its summary.
 *
 * @param source where the frames were read (a file, "pod ycsb-cell-3-2"), for messages
 */
public record ClientOutput(String source, ClientHello hello, List<OpInterval> intervals, ClientSummary summary) {

  public ClientOutput {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(hello, "hello");
    Objects.requireNonNull(summary, "summary");
    intervals = List.copyOf(intervals);
  }

  public int client() {
    return hello.client();
  }

  /** "client 2 (host h, pid 7)" for messages and report rows. */
  public String describe() {
    return "client " + hello.client() + " (" + hello.host() + ", pid " + hello.pid() + ")";
  }
}
