package dev.ycsbmongo.orchestrator.results;

import java.util.List;
import java.util.Objects;

/**
 * How a cell driven by several client processes was driven: by how many, where, how far apart they
 * started, and each client's own figures. The cell's figures themselves ({@code full}, {@code steady})
 * are the exact merge of the clients' histograms; these rows are kept so that an uneven client (a slow
 * host, an unbalanced slice) can be seen and the merge doubted when it should be.
 *
 * @param count N, the cell's client processes
 * @param backend where they ran: {@value #LOCAL} (child JVMs on the orchestrator's host) or
 *     {@value #KUBERNETES} (the pods of an Indexed Job)
 * @param startSkewMillis latest minus earliest first measurement of the clients: how far apart they began
 * @param windowSeconds the cell's common window, the time in which all clients were measuring
 * @param rows one per client, by index 0 to N - 1
 */
public record PhaseClients(int count, String backend, long startSkewMillis, double windowSeconds,
    List<ClientFigures> rows) {

  public static final String LOCAL = "local";
  public static final String KUBERNETES = "kubernetes";

  public PhaseClients {
    if (count < 1) {
      throw new IllegalArgumentException("a cell has at least one client, not " + count);
    }
    if (!LOCAL.equals(backend) && !KUBERNETES.equals(backend)) {
      throw new IllegalArgumentException("clients backend '" + backend + "': accepted are " + LOCAL + ", " + KUBERNETES);
    }
    if (startSkewMillis < 0) {
      throw new IllegalArgumentException("start skew " + startSkewMillis + " ms is negative");
    }
    rows = List.copyOf(Objects.requireNonNull(rows, "rows"));
    if (rows.size() != count) {
      throw new IllegalArgumentException(count + " clients but " + rows.size() + " client rows");
    }
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).client() != i) {
        throw new IllegalArgumentException("client row " + i + " is client " + rows.get(i).client()
            + ": rows go by client index 0 to " + (count - 1));
      }
    }
  }

  /** The clients the report shows on their own, by index. */
  public List<ClientFigures> outliers() {
    return rows.stream().filter(ClientFigures::outlier).toList();
  }
}
