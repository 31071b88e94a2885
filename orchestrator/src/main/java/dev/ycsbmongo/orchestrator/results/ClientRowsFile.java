package dev.ycsbmongo.orchestrator.results;

import dev.ycsbmongo.orchestrator.OutputFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@value #FILE} in a phase's directory: every client of a cell driven by several, one row each, for
 * spreadsheets (the report shows only the outliers). Plain numbers, Locale.ROOT, RFC 4180 quoting,
 * {@code \n} line ends, an absent figure an empty field (as in summary.csv). Columns: {@code client},
 * {@code host}, {@code window_s}, {@code window_operations}, {@code throughput_ops_per_sec}, one
 * {@code <operation>_p99_us} per operation any client measured (alphabetical), {@code run_operations},
 * {@code cpu_us_per_op} (the client JVM's CPU over its run / its run operations), {@code cores} (the
 * processors it could use), {@code cpu_share_of_cores} (CPU time / (run time x cores); these three empty
 * when the client did not say its CPU), {@code outlier} and {@code outlier_reasons} (joined with "; ").
 */
public final class ClientRowsFile {

  public static final String FILE = "clients.csv";

  private ClientRowsFile() {
  }

  /** Writes {@code phaseDir/clients.csv} (replacing one left by an earlier attempt); returns its path. */
  public static Path write(Path phaseDir, PhaseClients clients) throws IOException {
    Path file = phaseDir.resolve(FILE);
    OutputFiles.writeString(file, render(clients));
    return file;
  }

  static String render(PhaseClients clients) {
    Set<String> ops = new TreeSet<>();
    clients.rows().forEach(r -> ops.addAll(r.p99MicrosByOperation().keySet()));
    List<String> header = new ArrayList<>(List.of("client", "host", "window_s", "window_operations",
        "throughput_ops_per_sec"));
    ops.forEach(op -> header.add(op.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_") + "_p99_us"));
    header.addAll(List.of("run_operations", "cpu_us_per_op", "cores", "cpu_share_of_cores", "outlier",
        "outlier_reasons"));
    StringBuilder out = new StringBuilder();
    line(out, header);
    for (ClientFigures r : clients.rows()) {
      List<String> row = new ArrayList<>(List.of(Integer.toString(r.client()), r.host(),
          String.format(Locale.ROOT, "%.3f", r.windowSeconds()), Long.toString(r.windowOperations()),
          String.format(Locale.ROOT, "%.2f", r.throughputOpsPerSec())));
      ops.forEach(op -> {
        Long p99 = r.p99MicrosByOperation().get(op);
        row.add(p99 == null ? "" : Long.toString(p99));
      });
      row.addAll(List.of(Long.toString(r.runOperations()), number("%.2f", r.cpuMicrosPerOperation()),
          r.cores() == null ? "" : Integer.toString(r.cores()), number("%.3f", r.cpuShareOfCores()),
          Boolean.toString(r.outlier()), String.join("; ", r.outlierReasons())));
      line(out, row);
    }
    return out.toString();
  }

  private static String number(String format, Double v) {
    return v == null ? "" : String.format(Locale.ROOT, format, v);
  }

  private static void line(StringBuilder out, List<String> fields) {
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      String f = fields.get(i);
      boolean quote = f.indexOf(',') >= 0 || f.indexOf('"') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0;
      out.append(quote ? '"' + f.replace("\"", "\"\"") + '"' : f);
    }
    out.append('\n');
  }
}
