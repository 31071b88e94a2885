package dev.ycsbmongo.orchestrator.exec;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * A child's exit status in a person's words. The JDK reports a child ended by signal N as status
 * 128 + N (as shells do), so 137 is SIGKILL: the OOM killer, {@code kill -9}, a container limit.
 */
final class ExitStatus {

  /** How much of a child's last line a cause quotes. */
  static final int MAX_WORDS = 200;

  private static final Map<Integer, String> SIGNALS = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 4, "SIGILL",
      6, "SIGABRT", 7, "SIGBUS", 8, "SIGFPE", 9, "SIGKILL", 11, "SIGSEGV", 15, "SIGTERM");
  /** YCSB's periodic status line: "... 10 sec: 31544 operations; ...". */
  private static final Pattern STATUS_LINE = Pattern.compile(".*\\b\\d+ sec: \\d+ operations;.*");

  private ExitStatus() {
  }

  /** "killed by SIGKILL (exit 137)", "exited with status 2". */
  static String describe(int code) {
    if (code <= 128 || code > 128 + 64) {
      return "exited with status " + code;
    }
    int signal = code - 128;
    String name = SIGNALS.get(signal);
    String verb = signal == 15 || signal == 1 || signal == 2 ? "ended by" : signal == 9 ? "killed by" : name == null
        ? "killed by" : "crashed with";
    return verb + " " + (name == null ? "signal " + signal : name) + " (exit " + code + ")";
  }

  /** Whether the child was ended by a signal: its last line then says nothing about why. */
  static boolean bySignal(int code) {
    return code > 128 && code <= 128 + 64;
  }

  static boolean isStatusLine(String line) {
    return STATUS_LINE.matcher(line).matches();
  }

  static String cut(String line) {
    return line.length() <= MAX_WORDS ? line : line.substring(0, MAX_WORDS) + "...";
  }
}
