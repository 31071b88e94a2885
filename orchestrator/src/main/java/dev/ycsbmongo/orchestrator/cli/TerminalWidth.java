package dev.ycsbmongo.orchestrator.cli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The width of the terminal the live progress line is drawn on, so that it never wraps (a wrapped line
 * leaves a dead row at every update). {@code COLUMNS} when exported (shells keep it unexported, so one
 * that is was set on purpose), else {@code stty size} on {@code /dev/tty} (the terminal itself, whatever
 * stdin and stdout are), else {@value #FALLBACK}. A library (JLine) would run the same {@code stty} on
 * POSIX systems, for one number, at about a megabyte on the class path.
 */
final class TerminalWidth {

  static final int FALLBACK = 80;
  private static final long STTY_WAIT_MILLIS = 1000;

  private TerminalWidth() {
  }

  /** The current width; asked again on each call (once per phase), so a resized window is followed. */
  static int columns() {
    return columns(System.getenv()).orElseGet(() -> stty().orElse(FALLBACK));
  }

  /** {@code COLUMNS}, when it holds a width. */
  static OptionalInt columns(Map<String, String> env) {
    return parse(env.get("COLUMNS"));
  }

  static OptionalInt parse(String text) {
    if (text == null) {
      return OptionalInt.empty();
    }
    try {
      int n = Integer.parseInt(text.strip());
      return n > 0 && n < 10_000 ? OptionalInt.of(n) : OptionalInt.empty();
    } catch (NumberFormatException e) {
      return OptionalInt.empty();
    }
  }

  /** The columns of {@code stty size} ("ROWS COLS"), when there is a terminal to ask. */
  static OptionalInt stty() {
    File tty = new File("/dev/tty");
    if (!tty.exists()) {
      return OptionalInt.empty();
    }
    Process p = null;
    try {
      p = new ProcessBuilder("stty", "size").redirectInput(tty).redirectError(ProcessBuilder.Redirect.DISCARD)
          .start();
      if (!p.waitFor(STTY_WAIT_MILLIS, TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
        return OptionalInt.empty();
      }
      try (InputStream in = p.getInputStream()) {
        return sttyColumns(new String(in.readAllBytes(), StandardCharsets.US_ASCII));
      }
    } catch (IOException e) {
      return OptionalInt.empty();  // no stty, or no controlling terminal: the fallback width
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalInt.empty();
    } finally {
      if (p != null) {
        p.destroy();
      }
    }
  }

  static OptionalInt sttyColumns(String output) {
    String[] parts = output.strip().split("\\s+");
    return parts.length == 2 ? parse(parts[1]) : OptionalInt.empty();
  }
}
