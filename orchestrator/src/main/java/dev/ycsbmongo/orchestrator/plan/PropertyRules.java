package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.BindingSettings;
import dev.ycsbmongo.binding.CoreProperties;
import dev.ycsbmongo.binding.InvalidSettingException;
import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.YcsbKeys;
import dev.ycsbmongo.orchestrator.capacity.CapacitySpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * Which YCSB properties a plan may set, and the values it may give them. Checked when the plan is
 * read, so a typo fails before the first phase instead of after hours of loading.
 */
public final class PropertyRules {

  /**
   * Client processes of a cell ({@link Distribution#clients()}): set and swept like {@code threads}, the
   * orchestrator's own (YCSB never sees it); {@code execution.clients} is its plan-wide default.
   */
  public static final String CLIENTS = "clients";

  /** Set by the orchestrator for every phase: results and intervals are read from where it points them. */
  static final List<String> ORCHESTRATOR_OWNED = List.of("db", "exportfile", "exporter", "measurementtype",
      "hdrhistogram.fileoutput", "hdrhistogram.output.path", "status.interval");

  /** The properties that decide what a load writes: cells that agree on them share one loaded data set. */
  static final List<String> DATA_SHAPING = List.of("recordcount", "insertstart", "insertcount", "fieldcount",
      "fieldlength", "minfieldlength", "fieldlengthdistribution", "fieldnameprefix", "table", Keys.DATABASE,
      "zeropadding", "insertorder");

  /** What a plan may set, as it would write it: the "did you mean" candidates for an unknown key. */
  private static final List<String> SETTABLE = settable();

  private PropertyRules() {
  }

  private static List<String> settable() {
    List<String> keys = new java.util.ArrayList<>(List.of(CellProperty.THREADS.word(), CLIENTS));
    YcsbKeys.ycsb0170().stream().filter(k -> !ORCHESTRATOR_OWNED.contains(k)).forEach(keys::add);
    YcsbKeys.binding().stream().filter(k -> !k.equals(Keys.URL)).forEach(keys::add);
    return List.copyOf(keys);
  }

  /** True for the keys the orchestrator acts on itself and never passes to YCSB. */
  public static boolean orchestratorOnly(String key) {
    return key.equals(CLIENTS) || key.startsWith(ServerKeys.PREFIX) || key.startsWith(ConnectionKeys.PREFIX)
        || key.startsWith(CapacitySpec.PREFIX);
  }

  static String normalise(String key) {
    return CellProperty.propertyKey(key);
  }

  /** Why {@code key} (normalised) may not be set in a plan that declares no custom keys, if it may not. */
  static Optional<String> keyProblem(String key) {
    return keyProblem(key, Set.of());
  }

  /**
   * Why {@code key} (normalised) may not be set in a plan, if it may not; {@code customKeys}: the plan's
   * {@code customKeys}, keys of its own workload class that neither YCSB 0.17.0 nor the binding reads.
   */
  static Optional<String> keyProblem(String key, Set<String> customKeys) {
    return formProblem(key).or(() -> unknownKeyProblem(key, customKeys));
  }

  /** Why {@code key} (normalised) may not be set, the unknown keys left aside: a key of the wrong family or owner. */
  static Optional<String> formProblem(String key) {
    if (key.equals(Keys.URL)) {
      return Optional.of("connection strings do not go in properties; put the connection string in targets[].uri");
    }
    if (ORCHESTRATOR_OWNED.contains(key)) {
      return Optional.of("the orchestrator sets this property for every phase; remove it (the orchestrator sets "
          + String.join(", ", ORCHESTRATOR_OWNED) + ")");
    }
    if (key.startsWith(ServerKeys.PREFIX)) {
      return unknownIn("server.*", key, ServerKeys.ALL);
    }
    if (key.startsWith(ConnectionKeys.PREFIX)) {
      return unknownIn("connections.*", key, ConnectionKeys.ALL);
    }
    if (key.startsWith(CapacitySpec.PREFIX)) {
      return unknownIn("capacity.*", key, CapacitySpec.ALL);
    }
    // YCSB 0.17.0's deprecated names pass (the binding reads them), but only the modern ones are offered
    if (key.startsWith("mongodb.") && !Keys.accepted().contains(key)) {
      List<String> accepted = Keys.allMongodb().stream().filter(k -> !k.equals(Keys.URL)).toList();
      return Optional.of("unknown mongodb.* property; accepted: " + String.join(", ", accepted)
          + Section.didYouMean(key, accepted));
    }
    return Optional.empty();
  }

  /**
   * Why {@code key} is unknown, when it is: neither YCSB 0.17.0, the binding, the orchestrator nor the plan's
   * {@code customKeys} reads it.
   */
  static Optional<String> unknownKeyProblem(String key, Set<String> customKeys) {
    if (!YcsbKeys.known(key) && !orchestratorOnly(key) && !customKeys.contains(key)) {
      return Optional.of("unknown property: neither YCSB 0.17.0 (Client, CoreWorkload, measurements) nor the"
          + " binding reads it, so YCSB would ignore it" + Section.didYouMean(key, SETTABLE)
          + "; a key of your own workload class: list it in the plan's " + CustomKeys.KEY);
    }
    return Optional.empty();
  }

  private static Optional<String> unknownIn(String family, String key, List<String> accepted) {
    return accepted.contains(key) ? Optional.empty() : Optional.of("unknown " + family + " property; accepted: "
        + String.join(", ", accepted) + Section.didYouMean(key, accepted));
  }

  /** Why {@code value} is no good for {@code key} (normalised), if it is not. */
  static Optional<String> valueProblem(String key, String value) {
    if (key.equals(Keys.THREAD_COUNT)) {
      return wholeNumberAtLeastOne(value) ? Optional.empty()
          : Optional.of("'" + value + "' is not a thread count; expected a whole number >= 1");
    }
    if (key.equals(CLIENTS)) {
      return clientCount(value).isPresent() ? Optional.empty() : Optional.of(clientsProblem(value));
    }
    if (key.startsWith("mongodb.")) {
      return bindingProblem(key, value);
    }
    if (key.startsWith(ServerKeys.PREFIX)) {
      return ServerKeys.valueProblem(key, value);
    }
    if (key.startsWith(ConnectionKeys.PREFIX)) {
      return ConnectionKeys.valueProblem(key, value);
    }
    if (key.startsWith(CapacitySpec.PREFIX)) {
      return CapacitySpec.valueProblem(key, value);
    }
    // YCSB's own properties, by the rules the launcher applies (YCSB itself would stack-trace or mis-run)
    return CoreProperties.valueProblem(key, value);
  }

  /** A client count from 1 to {@link Defaults#MAX_CLIENTS}, if {@code value} is one. */
  static Optional<Integer> clientCount(String value) {
    try {
      int n = Integer.parseInt(value.strip());
      return n >= 1 && n <= Defaults.MAX_CLIENTS ? Optional.of(n) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  static String clientsProblem(String value) {
    return "'" + value + "' is not a client count; expected a whole number from 1 to " + Defaults.MAX_CLIENTS
        + " (client processes of the cell, each with the cell's threads)";
  }

  static boolean wholeNumberAtLeastOne(String value) {
    try {
      return Integer.parseInt(value.strip()) >= 1;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** The binding's own verdict, so the plan accepts exactly what the YCSB phases will. */
  private static Optional<String> bindingProblem(String key, String value) {
    Properties p = new Properties();
    p.setProperty(key, value);
    return bindingProblem(key, p);
  }

  /** The binding's verdict on {@code p}, its message without the leading {@code key: }. */
  static Optional<String> bindingProblem(String key, Properties p) {
    try {
      BindingSettings.from(p, Map.of());
      return Optional.empty();
    } catch (InvalidSettingException e) {
      String message = String.valueOf(e.getMessage());
      // the binding starts with the key, which the plan's message already names with its path
      return Optional.of(message.startsWith(key + ": ") ? message.substring(key.length() + 2) : message);
    }
  }
}
