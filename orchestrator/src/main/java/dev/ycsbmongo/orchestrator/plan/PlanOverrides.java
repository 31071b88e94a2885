package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.UriMasker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the command line changes in a plan without editing it ({@code run} and {@code validate}): a connection
 * string per target ({@code --uri}), the targets and scenarios to run ({@code --only}) and property values every
 * cell takes ({@code --set}). {@link PlanLoader} applies them while it reads the plan, so each value is checked
 * as the plan's own would be, and a target left out needs none of its environment variables.
 *
 * @param uris connection strings by target name; secret: never printed or stored ({@link #toString()} masks them)
 * @param targets name patterns ({@code *} and {@code ?} as in a shell) of the targets to run; none: every target
 * @param scenarios name patterns of the scenarios to run; none: every scenario
 * @param set property values by key as given ({@code threads} or {@code threadcount}), in command-line order
 */
public record PlanOverrides(Map<String, String> uris, List<String> targets, List<String> scenarios,
    Map<String, String> set) {

  public static final PlanOverrides NONE = new PlanOverrides(Map.of(), List.of(), List.of(), Map.of());

  /** The selector words of {@code --only}. */
  static final List<String> SELECTORS = List.of("target", "scenario");

  public PlanOverrides {
    uris = Plan.unmodifiableOrdered(uris);
    targets = List.copyOf(targets);
    scenarios = List.copyOf(scenarios);
    set = Plan.unmodifiableOrdered(set);
  }

  public boolean isEmpty() {
    return uris.isEmpty() && targets.isEmpty() && scenarios.isEmpty() && set.isEmpty();
  }

  /** These overrides with target {@code target}'s connection string {@code uri}; a target named twice is refused. */
  public PlanOverrides withUri(String target, String uri) {
    if (uris.containsKey(target)) {
      throw new IllegalArgumentException("--uri " + target + ": given twice; expected one connection string per"
          + " target");
    }
    UriMasker.remember(uri);  // from here on no line of this process shows its password
    Map<String, String> u = new LinkedHashMap<>(uris);
    u.put(target, uri);
    return new PlanOverrides(u, targets, scenarios, set);
  }

  /**
   * These overrides with the selection {@code text} of {@code --only} added: {@code target=A,B,scenario=C}, a
   * word before {@code =} starting each list (e.g. {@code --only target=ssd-*,scenario=rw-95-5}).
   */
  public PlanOverrides withOnly(String text) {
    List<String> t = new ArrayList<>(targets);
    List<String> s = new ArrayList<>(scenarios);
    List<String> current = null;
    for (String part : text.split(",", -1)) {
      String item = part.strip();
      int eq = item.indexOf('=');
      if (eq >= 0) {
        String selector = item.substring(0, eq).strip();
        current = switch (selector) {
          case "target", "targets" -> t;
          case "scenario", "scenarios" -> s;
          default -> throw new IllegalArgumentException("--only " + text + ": '" + selector + "' is not what --only"
              + " selects; expected target=NAME,... and/or scenario=NAME,..." + Section.didYouMean(selector, SELECTORS));
        };
        item = item.substring(eq + 1).strip();
      }
      if (current == null) {
        throw new IllegalArgumentException("--only " + text + ": expected target=NAME,... and/or scenario=NAME,..."
            + " (e.g. --only target=small,scenario=rw-95-5)");
      }
      if (item.isEmpty()) {
        throw new IllegalArgumentException("--only " + text + ": an empty name; expected names separated by commas");
      }
      if (!current.contains(item)) {
        current.add(item);
      }
    }
    return new PlanOverrides(uris, t, s, set);
  }

  /** These overrides with {@code --set KEY=VALUE} added; the value is checked when the plan is read. */
  public PlanOverrides withSet(String text) {
    int eq = text.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException("--set " + text + ": expected KEY=VALUE, a plan property and the value every"
          + " cell takes (e.g. --set recordcount=100000)");
    }
    String key = text.substring(0, eq).strip();
    Map<String, String> m = new LinkedHashMap<>(set);
    if (m.containsKey(key)) {
      throw new IllegalArgumentException("--set " + key + ": given twice; expected each key once");
    }
    m.put(key, text.substring(eq + 1).strip());
    return new PlanOverrides(uris, targets, scenarios, m);
  }

  /** True when {@code name} is selected by {@code patterns} (none: every name). */
  static boolean selects(List<String> patterns, String name) {
    return patterns.isEmpty() || patterns.stream().anyMatch(p -> matches(p, name));
  }

  static boolean matches(String pattern, String name) {
    StringBuilder regex = new StringBuilder();
    for (char c : pattern.toCharArray()) {
      regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
    }
    return name.matches(regex.toString());
  }

  /** What a run directory keeps so that {@code run --resume} applies the same selection and values. */
  public Recorded recorded() {
    return new Recorded(targets, scenarios, set, List.copyOf(uris.keySet()));
  }

  /**
   * The overrides as {@code run.json} stores them: everything but the connection strings, of which only the
   * targets' names (a resume must be given them again).
   */
  public record Recorded(List<String> targets, List<String> scenarios, Map<String, String> set,
      List<String> uriTargets) {

    public Recorded {
      targets = targets == null ? List.of() : List.copyOf(targets);
      scenarios = scenarios == null ? List.of() : List.copyOf(scenarios);
      set = set == null ? Map.of() : Plan.unmodifiableOrdered(set);
      uriTargets = uriTargets == null ? List.of() : List.copyOf(uriTargets);
    }

    /** The overrides a resume runs with: these, and the connection strings given again. */
    public PlanOverrides with(Map<String, String> uris) {
      return new PlanOverrides(uris, targets, scenarios, set);
    }

    /** The command-line words that give these again (no --uri), e.g. for a message. */
    public String describe() {
      List<String> words = new ArrayList<>();
      if (!targets.isEmpty() || !scenarios.isEmpty()) {
        List<String> only = new ArrayList<>();
        if (!targets.isEmpty()) {
          only.add("target=" + String.join(",", targets));
        }
        if (!scenarios.isEmpty()) {
          only.add("scenario=" + String.join(",", scenarios));
        }
        words.add("--only " + String.join(",", only));
      }
      set.forEach((k, v) -> words.add("--set " + k + "=" + v));
      return String.join(" ", words);
    }
  }

  @Override
  public String toString() {
    Map<String, String> masked = new LinkedHashMap<>();
    uris.forEach((k, v) -> masked.put(k, UriMasker.mask(v)));
    return "PlanOverrides[uris=" + masked + ", targets=" + targets + ", scenarios=" + scenarios + ", set=" + set + "]";
  }
}
