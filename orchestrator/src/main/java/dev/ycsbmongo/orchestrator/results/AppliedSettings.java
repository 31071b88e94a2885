package dev.ycsbmongo.orchestrator.results;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code server.*} settings a phase asked for, what was done to put them in place, and what the
 * server confirmed of them and of its target's topology labels ({@code members}, {@code voting},
 * {@code hidden}, {@code arbiters}) when read back at the cell's start.
 *
 * @param requested the phase's {@code server.*} properties (settings, apply mode, sampling); empty when
 *     only topology labels were checked
 * @param note what the orchestrator did (e.g. "set settings.chainingAllowed=false with
 *     replSetReconfig ..."), or why the phase did not run; null when there was nothing to change
 * @param verification the worst of {@code checks}: null when nothing was checked
 * @param checks each setting and label compared with the server, in order
 */
public record AppliedSettings(Map<String, String> requested, String note, Verification verification,
    List<Check> checks) {

  /** What reading a setting or label back from the server showed. */
  public enum Verification {
    /** The server holds the value the cell claims. */
    VERIFIED,
    /** The value could not be read back (no replica set, command not allowed): the cell ran on the user's word. */
    UNVERIFIED,
    /** The server holds another value: the cell did not run. */
    MISMATCH
  }

  /**
   * One setting or label compared with the server.
   *
   * @param subject what was compared: {@code settings.chainingAllowed}, {@code label members}, ...
   * @param expected what the cell claims
   * @param actual what the server has (null when it could not be read)
   * @param why how it was read, or why it could not be (e.g. "not a replica set: ...")
   */
  public record Check(String subject, Verification result, String expected, String actual, String why) {
  }

  public AppliedSettings {
    requested = Collections.unmodifiableSortedMap(new TreeMap<>(requested));
    checks = checks == null ? List.of() : List.copyOf(checks);
    verification = worst(checks);
  }

  public AppliedSettings(Map<String, String> requested, String note) {
    this(requested, note, null, List.of());
  }

  public AppliedSettings(Map<String, String> requested, String note, List<Check> checks) {
    this(requested, note, null, checks);
  }

  private static Verification worst(List<Check> checks) {
    Verification worst = null;
    for (Check c : checks) {
      if (worst == null || c.result().ordinal() > worst.ordinal()) {
        worst = c.result();
      }
    }
    return worst;
  }

  /** The checks that could not be confirmed on the server. */
  public List<Check> unverified() {
    return checks.stream().filter(c -> c.result() == Verification.UNVERIFIED).toList();
  }
}
