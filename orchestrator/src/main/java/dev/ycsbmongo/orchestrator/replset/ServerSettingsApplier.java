package dev.ycsbmongo.orchestrator.replset;

import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.ServerKeys;
import dev.ycsbmongo.orchestrator.plan.ServerKeys.ApplyMode;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Check;
import dev.ycsbmongo.orchestrator.results.AppliedSettings.Verification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.bson.Document;

/**
 * Brings a target's replica set to the {@code server.*} settings of a cell before it runs, and
 * puts every changed setting back at the end of the plan. Remembers each target's setting as it
 * was before the plan's first change, so a restore after any number of cells (or an interruption)
 * returns the set to where the user had it.
 */
public final class ServerSettingsApplier {

  /** What the runner does with the cell. */
  public enum Action { RUN, SKIP, FAIL }

  /**
   * @param note what was done, or why the cell is skipped or failed (null when there was nothing to do)
   * @param checks what the server confirmed of the cell's settings and its target's topology labels
   */
  public record Outcome(Action action, String note, List<Check> checks) {

    public Outcome {
      checks = List.copyOf(checks);
    }

    public Outcome(Action action, String note) {
      this(action, note, List.of());
    }

    static Outcome run(String note, List<Check> checks) {
      return new Outcome(Action.RUN, note, checks);
    }

    Outcome after(List<Check> first) {
      List<Check> all = new ArrayList<>(first);
      all.addAll(checks);
      return new Outcome(action, note, all);
    }
  }

  /** @param chainingAllowed null when the config could not be read before the plan's first change */
  private record Original(String uri, Boolean chainingAllowed, ApplyMode mode) {
  }

  private static final int MANUAL_ATTEMPTS = 3;
  private static final String SETTING = "settings.chainingAllowed";

  private final Function<String, ReplicaSetAdmin> admins;
  private final ManualPrompt prompt;
  private final Duration healthTimeout;
  private final Duration pollInterval;
  private final Map<String, Original> originals = new LinkedHashMap<>();
  /**
   * Per target, the value the user last confirmed setting by hand: a cell wanting the same value
   * is not asked again (the prompt comes once per change, not once per cell).
   */
  private final Map<String, Boolean> setByHand = new LinkedHashMap<>();

  public ServerSettingsApplier(Function<String, ReplicaSetAdmin> admins, ManualPrompt prompt, Duration healthTimeout,
      Duration pollInterval) {
    this.admins = admins;
    this.prompt = prompt;
    this.healthTimeout = healthTimeout;
    this.pollInterval = pollInterval;
  }

  /** The applier of real runs: driver commands, two minutes for the set to settle. */
  public static ServerSettingsApplier forRuns(ManualPrompt prompt) {
    return new ServerSettingsApplier(DriverReplicaSetAdmin::open, prompt, Duration.ofMinutes(2),
        Duration.ofSeconds(1));
  }

  /** Applies the cell's settings to {@code target} (reached at {@code uri}, a secret) before it runs. */
  public Outcome prepare(String target, String uri, Map<String, String> serverSettings) {
    return prepare(target, uri, serverSettings, Map.of());
  }

  /**
   * Checks {@code target}'s topology labels ({@link TopologyLabels}) against its replica set's config,
   * then applies the cell's settings: a label the server contradicts fails the cell with both values;
   * one it cannot confirm (no replica set, no privilege) lets the cell run, marked unverified.
   */
  public synchronized Outcome prepare(String target, String uri, Map<String, String> serverSettings,
      Map<String, String> labels) {
    String wanted = serverSettings.get(ServerKeys.CHAINING_ALLOWED);
    Map<String, String> topology = TopologyLabels.claimed(labels);
    if (wanted == null && topology.isEmpty()) {
      return Outcome.run(null, List.of());
    }
    ReplicaSetAdmin admin;
    try {
      admin = admins.apply(uri);
    } catch (RuntimeException e) {
      return unreachable(wanted, topology, e);
    }
    try (admin) {
      Config current = Config.read(admin);
      List<Check> labelChecks = current.readable() ? TopologyLabels.check(topology, current.config())
          : TopologyLabels.unconfirmed(topology, current.why());
      if (labelChecks.stream().anyMatch(c -> c.result() == Verification.MISMATCH)) {
        return new Outcome(Action.FAIL, "the target's labels do not match its replica set: "
            + TopologyLabels.mismatches(labelChecks), labelChecks);
      }
      if (wanted == null) {
        return Outcome.run(null, labelChecks);
      }
      boolean desired = Boolean.parseBoolean(wanted.strip());
      return chaining(target, uri, admin, current, desired, ServerKeys.applyMode(serverSettings)).after(labelChecks);
    } catch (RuntimeException e) {
      return unreachable(wanted, topology, e);
    }
  }

  private static Outcome unreachable(String wanted, Map<String, String> topology, RuntimeException e) {
    if (wanted != null) {
      return new Outcome(Action.FAIL, "cannot reach the replica set to apply " + SETTING + ": " + Causes.rootMessage(e));
    }
    // only labels to check: the cell itself will find out whether the server answers
    return Outcome.run(null, TopologyLabels.unconfirmed(topology, "cannot reach the server: " + Causes.rootMessage(e)));
  }

  private Outcome chaining(String target, String uri, ReplicaSetAdmin admin, Config current, boolean desired,
      ApplyMode mode) {
    if (current.readable() && current.chainingAllowed() == desired) {
      if (mode == ApplyMode.MANUAL) {
        setByHand.put(target, desired);
      }
      return Outcome.run(SETTING + " was already " + desired, List.of(readBack(desired, desired)));
    }
    return switch (mode) {
      case AUTO -> automatic(target, uri, admin, current, desired);
      case SKIP -> current.readable()
          ? new Outcome(Action.SKIP, SETTING + " is " + current.chainingAllowed() + " on the server, the cell wants "
              + desired + ", and server.apply is skip", List.of(readBack(desired, current.chainingAllowed())))
          : new Outcome(Action.SKIP, "server.apply is skip and the replica set config cannot be read to check "
              + SETTING + " (" + current.error() + ")", List.of(unverified(desired, current.why())));
      case MANUAL -> manual(target, uri, admin, current, desired);
    };
  }

  private static Check readBack(boolean expected, boolean actual) {
    return new Check(SETTING, expected == actual ? Verification.VERIFIED : Verification.MISMATCH,
        Boolean.toString(expected), Boolean.toString(actual), "replSetGetConfig");
  }

  private static Check unverified(boolean expected, String why) {
    return new Check(SETTING, Verification.UNVERIFIED, Boolean.toString(expected), null, why);
  }

  private Outcome automatic(String target, String uri, ReplicaSetAdmin admin, Config current, boolean desired) {
    if (!current.readable()) {
      return new Outcome(Action.FAIL, "cannot read the replica set config (replSetGetConfig: " + current.error() + "); "
          + ServerKeys.CHAINING_ALLOWED + " needs a replica set and the privilege to reconfigure it"
          + " (on a managed service set server.apply: manual)", List.of(unverified(desired, current.why())));
    }
    originals.putIfAbsent(target, new Original(uri, current.chainingAllowed(), ApplyMode.AUTO));
    Document next = ReplicaSetConfigs.withChainingAllowed(current.config(), desired);
    try {
      admin.reconfig(next);
    } catch (RuntimeException e) {
      return new Outcome(Action.FAIL, "replSetReconfig setting " + SETTING + "=" + desired + " failed: "
          + Causes.rootMessage(e));
    }
    long started = System.nanoTime();
    Optional<String> problem = awaitHealthy(admin);
    String change = "set " + SETTING + "=" + desired + " with replSetReconfig (config version "
        + ReplicaSetConfigs.version(current.config()) + " -> " + ReplicaSetConfigs.version(next) + ")";
    if (problem.isPresent()) {
      return new Outcome(Action.FAIL, change + " but the set was not healthy within " + Durations.format(healthTimeout)
          + ": " + problem.get());
    }
    String healthy = "; healthy after " + Durations.format(Duration.ofMillis((System.nanoTime() - started) / 1_000_000));
    // read back, as for a change by hand: a reconfig the set accepted but did not keep must not pass as applied
    Config after = Config.read(admin);
    if (!after.readable()) {
      return Outcome.run(change + healthy + "; not read back (" + after.error() + ")",
          List.of(unverified(desired, after.why())));
    }
    if (after.chainingAllowed() != desired) {
      return new Outcome(Action.FAIL, change + healthy + ", but the server has " + SETTING + "="
          + after.chainingAllowed(), List.of(readBack(desired, after.chainingAllowed())));
    }
    return Outcome.run(change + healthy, List.of(readBack(desired, desired)));
  }

  private Outcome manual(String target, String uri, ReplicaSetAdmin admin, Config current, boolean desired) {
    originals.putIfAbsent(target, new Original(uri, current.readable() ? current.chainingAllowed() : null,
        ApplyMode.MANUAL));
    if (!current.readable() && Boolean.valueOf(desired).equals(setByHand.get(target))) {
      return Outcome.run(SETTING + "=" + desired + " set by hand before an earlier cell (not asked again); not"
          + " verified: " + current.why(), List.of(unverified(desired, current.why())));
    }
    setByHand.remove(target);
    Config seen = current;
    for (int attempt = 1; attempt <= MANUAL_ATTEMPTS; attempt++) {
      String still = attempt > 1 && seen.readable() ? " (the server still says " + seen.chainingAllowed() + ")" : "";
      String unreadable = seen.readable() ? "" : " (it cannot be read back here: " + seen.why()
          + "; the cells will be marked unverified)";
      boolean confirmed = prompt.confirm("target " + target + ": set the replica set's " + SETTING + " to " + desired
          + " in your console (chained replication " + (desired ? "on" : "off") + ")" + still + unreadable
          + ", wait until the set is healthy, then press Enter");
      if (!confirmed) {
        return new Outcome(Action.FAIL, "server.apply is manual but nobody confirmed that " + SETTING + " is " + desired
            + " (no terminal, or input closed)");
      }
      seen = Config.read(admin);
      if (!seen.readable()) {
        setByHand.put(target, desired);
        return Outcome.run(SETTING + "=" + desired + " set by hand; not verified: " + seen.why(),
            List.of(unverified(desired, seen.why())));
      }
      if (seen.chainingAllowed() == desired) {
        setByHand.put(target, desired);
        return Outcome.run(SETTING + "=" + desired + " set by hand; verified with replSetGetConfig",
            List.of(readBack(desired, desired)));
      }
    }
    return new Outcome(Action.FAIL, "server.apply is manual: " + SETTING + " set to " + desired + " by hand ("
        + MANUAL_ATTEMPTS + " confirmations), but the server has " + SETTING + "=" + seen.chainingAllowed()
        + " (replSetGetConfig)", List.of(readBack(desired, seen.chainingAllowed())));
  }

  private Optional<String> awaitHealthy(ReplicaSetAdmin admin) {
    long deadline = System.nanoTime() + healthTimeout.toNanos();
    String last;
    while (true) {
      try {
        Optional<String> problem = ReplicaSetConfigs.unhealthy(admin.status());
        if (problem.isEmpty()) {
          return problem;
        }
        last = problem.get();
      } catch (RuntimeException e) {
        // a set can refuse commands for a moment while it applies the new config
        last = "replSetGetStatus: " + Causes.rootMessage(e);
      }
      if (System.nanoTime() >= deadline) {
        return Optional.of(last);
      }
      try {
        Thread.sleep(pollInterval.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Optional.of("interrupted while waiting: " + last);
      }
    }
  }

  /**
   * Puts back every setting this applier changed (and says what to put back by hand where the
   * user changed it); one note per target. Safe to call more than once.
   */
  public synchronized List<String> restore() {
    List<String> notes = new ArrayList<>();
    originals.forEach((target, original) -> notes.add("target " + target + ": " + restore(original)));
    originals.clear();
    setByHand.clear();
    return notes;
  }

  private String restore(Original original) {
    if (original.mode() == ApplyMode.MANUAL) {
      return original.chainingAllowed() == null
          ? SETTING + " could not be read before the plan; set it back in your console if you changed it"
          : SETTING + " was " + original.chainingAllowed() + " before the plan; set it back in your console if you"
              + " changed it";
    }
    boolean back = original.chainingAllowed();
    try (ReplicaSetAdmin admin = admins.apply(original.uri())) {
      Config current = Config.read(admin);
      if (!current.readable()) {
        return "cannot read the config to restore " + SETTING + "=" + back + " (" + current.error() + "); set it back by hand";
      }
      if (current.chainingAllowed() == back) {
        return SETTING + " is " + back + " as before the plan";
      }
      admin.reconfig(ReplicaSetConfigs.withChainingAllowed(current.config(), back));
      Optional<String> problem = awaitHealthy(admin);
      return "restored " + SETTING + "=" + back + problem.map(p -> "; the set is not healthy yet: " + p).orElse("");
    } catch (RuntimeException e) {
      return "could not restore " + SETTING + "=" + back + " (" + Causes.rootMessage(e) + "); set it back by hand";
    }
  }

  /** A config as read, or why it could not be read (a standalone, a missing privilege). */
  private record Config(Document config, String error, String why) {

    static Config read(ReplicaSetAdmin admin) {
      try {
        Document c = admin.config();
        return c == null ? new Config(null, "replSetGetConfig returned no config", "replSetGetConfig returned no config")
            : new Config(c, null, null);
      } catch (RuntimeException e) {
        return new Config(null, Causes.rootMessage(e), ReplicaSetConfigs.whyUnreadable(e));
      }
    }

    boolean readable() {
      return config != null;
    }

    boolean chainingAllowed() {
      return ReplicaSetConfigs.chainingAllowed(config);
    }
  }
}
