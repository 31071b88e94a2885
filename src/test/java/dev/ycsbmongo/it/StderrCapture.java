package dev.ycsbmongo.it;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Copies everything written to {@code System.err} while open, still passing it through, and
 * restores the original stream on close. Only for tests that run one at a time.
 */
final class StderrCapture implements AutoCloseable {

  private final PrintStream original;
  private final ByteArrayOutputStream copy = new ByteArrayOutputStream();

  private StderrCapture() {
    original = System.err;
    OutputStream tee = new OutputStream() {
      @Override
      public void write(int b) {
        synchronized (copy) {
          copy.write(b);
        }
        original.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        synchronized (copy) {
          copy.write(b, off, len);
        }
        original.write(b, off, len);
      }

      @Override
      public void flush() {
        original.flush();
      }
    };
    System.setErr(new PrintStream(tee, true, StandardCharsets.UTF_8));
  }

  static StderrCapture start() {
    return new StderrCapture();
  }

  String text() {
    System.err.flush();
    synchronized (copy) {
      return copy.toString(StandardCharsets.UTF_8);
    }
  }

  /** How many captured lines start with {@code prefix}. */
  long linesStartingWith(String prefix) {
    return text().lines().filter(line -> line.startsWith(prefix)).count();
  }

  @Override
  public void close() {
    System.err.flush();
    System.setErr(original);
  }
}
