package dev.ycsbmongo.binding;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The binding's few lines on stderr (stdout belongs to YCSB's results). Every line is masked;
 * operation errors are printed up to a limit, after which YCSB's Return= counts tell the rest.
 */
final class Log {

  static final String PREFIX = "[mongodb] ";
  static final int MAX_ERROR_LINES = 10;

  private static final Log STDERR = new Log(null);

  private final PrintStream fixed;
  private final AtomicInteger errorLines = new AtomicInteger();

  /** @param out where to print, or null for whatever {@code System.err} is at the time */
  Log(PrintStream out) {
    this.fixed = out;
  }

  /** The process-wide log, so the error-line limit holds across all threads. */
  static Log stderr() {
    return STDERR;
  }

  private PrintStream out() {
    return fixed != null ? fixed : System.err;
  }

  void info(String line) {
    out().println(PREFIX + UriMasker.mask(line));
  }

  void summary(String lines) {
    PrintStream out = out();
    out.println(UriMasker.mask(lines));
    out.flush();
  }

  void operationError(String operation, String table, String key, Exception e) {
    PrintStream out = out();
    int n = errorLines.incrementAndGet();
    if (n <= MAX_ERROR_LINES) {
      String message = e.getMessage() == null ? "" : e.getMessage().replace('\n', ' ');
      out.println(PREFIX + operation + " " + table + "/" + key + " failed: " + e.getClass().getSimpleName() + ": "
          + UriMasker.mask(message));
    }
    if (n == MAX_ERROR_LINES) {
      out.println(PREFIX + "further operation errors are not printed; YCSB's Return= counts have them all");
    }
  }
}
