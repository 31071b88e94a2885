package dev.ycsbmongo.orchestrator.clients;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which clients of a cell to show on their own. A client is an outlier when, compared with the
 * median of the OTHER clients of the cell,
 * <ul>
 *   <li>its window throughput is below {@value #LOW} x or above {@value #HIGH} x that median, or
 *   <li>for some operation its p99 is above {@value #P99} x the other clients' median p99 of that
 *       operation.
 * </ul>
 * The other clients, not all of them, so that with two clients each is compared with the other
 * (the median of both would be their mean, which a client can never be 3x above). A single client
 * is never an outlier. Why these factors: clients of one cell run the same workload against the
 * same server, so a 2x throughput gap or a 3x p99 gap means a slow host, a noisy neighbour, a
 * distant zone or an unbalanced key slice, not sampling noise, which at one-second intervals over
 * a minute stays within tens of percent.
 */
public final class Outliers {

  public static final double LOW = 0.5;
  public static final double HIGH = 2.0;
  public static final double P99 = 3.0;

  private Outliers() {
  }

  /** The reasons to flag each row, in the rows' order. */
  static List<List<String>> reasons(List<ClientRow> rows) {
    List<List<String>> out = new ArrayList<>();
    for (ClientRow r : rows) {
      List<String> why = new ArrayList<>();
      List<ClientRow> others = rows.stream().filter(o -> o != r).toList();
      if (!others.isEmpty()) {
        double m = median(others.stream().mapToDouble(ClientRow::throughputOpsPerSec).toArray());
        if (r.throughputOpsPerSec() < LOW * m) {
          why.add(String.format(Locale.ROOT, "throughput %.1f ops/s is below %sx the other clients' median %.1f ops/s",
              r.throughputOpsPerSec(), factor(LOW), m));
        } else if (m > 0 && r.throughputOpsPerSec() > HIGH * m) {
          why.add(String.format(Locale.ROOT, "throughput %.1f ops/s is above %sx the other clients' median %.1f ops/s",
              r.throughputOpsPerSec(), factor(HIGH), m));
        }
        for (Map.Entry<String, Long> e : r.p99MicrosByOperation().entrySet()) {
          double[] theirs = others.stream().map(o -> o.p99MicrosByOperation().get(e.getKey()))
              .filter(v -> v != null).mapToDouble(Long::doubleValue).toArray();
          if (theirs.length > 0) {
            double mp = median(theirs);
            if (mp > 0 && e.getValue() > P99 * mp) {
              why.add(String.format(Locale.ROOT, "%s p99 %d us is above %sx the other clients' median %.0f us",
                  e.getKey(), e.getValue(), factor(P99), mp));
            }
          }
        }
      }
      out.add(why);
    }
    return out;
  }

  /** A threshold as the reasons and the report's rule line print it: 2, 0.5. */
  public static String factor(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  public static double median(double[] xs) {
    double[] s = xs.clone();
    java.util.Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}
