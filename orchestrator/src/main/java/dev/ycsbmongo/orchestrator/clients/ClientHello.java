package dev.ycsbmongo.orchestrator.clients;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Objects;

/**
 * A client's first frame: which of the cell's clients it is and where it runs.
 *
 * @param client its index, 0 to {@code clients - 1}
 * @param clients N, the cell's number of clients, as the client was told
 * @param host the host (or pod) name it runs on
 * @param pid its process id
 * @param start when the client process started
 */
public record ClientHello(int client, int clients, String host, long pid, Instant start) {

  public ClientHello {
    if (clients < 1 || client < 0 || client >= clients) {
      throw new IllegalArgumentException("client " + client + " of " + clients + ": need 0 <= client < clients");
    }
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(start, "start");
  }

  String toPayload() {
    ObjectNode o = Payloads.object();
    o.put("client", client);
    o.put("clients", clients);
    o.put("host", host);
    o.put("pid", pid);
    o.put("startMillis", start.toEpochMilli());
    return Payloads.text(o);
  }

  static ClientHello fromPayload(String payload) throws FrameException {
    FrameType t = FrameType.HELLO;
    JsonNode n = Payloads.parse(payload, t);
    long client = Payloads.nonNegative(n, "client", t);
    long clients = Payloads.nonNegative(n, "clients", t);
    if (clients < 1 || client >= clients || clients > Integer.MAX_VALUE) {
      throw new FrameException("hello payload: client " + client + " of " + clients + " (need 0 <= client < clients)");
    }
    return new ClientHello((int) client, (int) clients, Payloads.textField(n, "host", t),
        Payloads.nonNegative(n, "pid", t), Instant.ofEpochMilli(Payloads.longField(n, "startMillis", t)));
  }
}
