package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.replset.ManualPrompt;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Asks on stderr and reads the answer from standard input: Enter confirms, "no" declines. Reads
 * standard input rather than requiring a terminal so a scripted run can confirm with a pipe; input
 * that is closed (a run in the background, {@code < /dev/null}) declines, and the cell fails with
 * that reason instead of the run hanging.
 */
final class ConsolePrompt implements ManualPrompt {

  private final PrintWriter err;
  private final BufferedReader in;

  ConsolePrompt(PrintWriter err, InputStream in) {
    this.err = err;
    this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
  }

  @Override
  public synchronized boolean confirm(String instruction) {
    err.println();
    err.println("orchestrator: ACTION NEEDED: " + instruction + " (Enter when done, 'no' to fail this cell)");
    err.flush();
    try {
      String answer = in.readLine();
      return answer != null && !answer.strip().toLowerCase(Locale.ROOT).startsWith("n");
    } catch (IOException e) {
      return false;
    }
  }
}
