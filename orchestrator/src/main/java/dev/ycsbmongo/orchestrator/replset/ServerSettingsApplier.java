package dev.ycsbmongo.orchestrator.replset;

import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.ServerKeys;
import dev.ycsbmongo.orchestrator.plan.ServerKeys.ApplyMode;
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

  /** @param note what was done, or why the cell is skipped or failed (null when there was nothing to do) */
  public record Outcome(Action action, String note) {

    static Outcome run(String note) {
      return new Outcome(Action.RUN, note);
    }
  }

  private record Original(String uri, boolean chainingAllowed, ApplyMode mode) {
  }

  private static final int MANUAL_ATTEMPTS = 3;
  private static final String SETTING = "settings.chainingAllowed";

  private final Function<String, ReplicaSetAdmin> admins;
  private final ManualPrompt prompt;
  private final Duration healthTimeout;
  private final Duration pollInterval;
  private final Map<String, Original> originals = new LinkedHashMap<>();

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
  public synchronized Outcome prepare(String target, String uri, Map<String, String> serverSettings) {
    String wanted = serverSettings.get(ServerKeys.CHAINING_ALLOWED);
    if (wanted == null) {
      return Outcome.run(null);
    }
    boolean desired = Boolean.parseBoolean(wanted.strip());
    ApplyMode mode = ServerKeys.applyMode(serverSettings);
    try (ReplicaSetAdmin admin = admins.apply(uri)) {
      Config current = Config.read(admin);
      if (current.readable() && current.chainingAllowed() == desired) {
        return Outcome.run(SETTING + " was already " + desired);
      }
      return switch (mode) {
        case AUTO -> automatic(target, uri, admin, current, desired);
        case SKIP -> new Outcome(Action.SKIP, current.readable()
            ? SETTING + " is " + current.chainingAllowed() + " on the server, the cell wants " + desired
                + ", and server.apply is skip"
            : "server.apply is skip and the replica set config cannot be read to check " + SETTING + " ("
                + current.error() + ")");
        case MANUAL -> manual(target, uri, admin, current, desired);
      };
    } catch (RuntimeException e) {
      return new Outcome(Action.FAIL, "cannot reach the replica set to apply " + SETTING + ": " + Causes.rootMessage(e));
    }
  }

  private Outcome automatic(String target, String uri, ReplicaSetAdmin admin, Config current, boolean desired) {
    if (!current.readable()) {
      return new Outcome(Action.FAIL, "cannot read the replica set config (replSetGetConfig: " + current.error() + "); "
          + ServerKeys.CHAINING_ALLOWED + " needs a replica set and the privilege to reconfigure it"
          + " (on a managed service set server.apply: manual)");
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
    return Outcome.run(change + "; healthy after " + Durations.format(Duration.ofMillis((System.nanoTime() - started)
        / 1_000_000)));
  }

  private Outcome manual(String target, String uri, ReplicaSetAdmin admin, Config current, boolean desired) {
    if (current.readable()) {
      originals.putIfAbsent(target, new Original(uri, current.chainingAllowed(), ApplyMode.MANUAL));
    }
    Config seen = current;
    for (int attempt = 1; attempt <= MANUAL_ATTEMPTS; attempt++) {
      String still = attempt > 1 && seen.readable() ? " (the server still says " + seen.chainingAllowed() + ")" : "";
      boolean confirmed = prompt.confirm("target " + target + ": set the replica set's " + SETTING + " to " + desired
          + " in your console (chained replication " + (desired ? "on" : "off") + ")" + still
          + ", wait until the set is healthy, then press Enter");
      if (!confirmed) {
        return new Outcome(Action.FAIL, "server.apply is manual but nobody confirmed that " + SETTING + " is " + desired
            + " (no terminal, or input closed)");
      }
      seen = Config.read(admin);
      if (!seen.readable()) {
        return Outcome.run(SETTING + "=" + desired + " set by hand; not verified: the config is not readable ("
            + seen.error() + ")");
      }
      if (seen.chainingAllowed() == desired) {
        return Outcome.run(SETTING + "=" + desired + " set by hand; verified with replSetGetConfig");
      }
    }
    return new Outcome(Action.FAIL, "server.apply is manual and after " + MANUAL_ATTEMPTS + " confirmations the server"
        + " still has " + SETTING + "=" + seen.chainingAllowed());
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
    return notes;
  }

  private String restore(Original original) {
    boolean back = original.chainingAllowed();
    if (original.mode() == ApplyMode.MANUAL) {
      return SETTING + " was " + back + " before the plan; set it back in your console if you changed it";
    }
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
  private record Config(Document config, String error) {

    static Config read(ReplicaSetAdmin admin) {
      try {
        Document c = admin.config();
        return c == null ? new Config(null, "replSetGetConfig returned no config") : new Config(c, null);
      } catch (RuntimeException e) {
        return new Config(null, Causes.rootMessage(e));
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
