package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.UriMasker;
import java.util.List;
import java.util.Map;

/**
 * A deployment under test.
 *
 * @param name unique name, used in phase ids and tables
 * @param uriTemplate the {@code uri} as written in the plan, {@code ${VAR}} references intact
 *     (stored in results; a password written literally is masked before anything is stored)
 * @param uri the connection string with every {@code ${VAR}} substituted, or {@value #EMBEDDED};
 *     secret: never printed or stored, see {@link #maskedUri()}
 * @param labels free labels shown in reports (cores, memory, storage, engine, ...), in plan order
 * @param properties per-target YCSB property overrides; a list of several values makes the
 *     property a dimension for this target's cells
 */
public record Target(String name, String uriTemplate, String uri, Map<String, String> labels,
    Map<String, List<String>> properties) {

  /** The {@code uri} that starts an in-JVM MongoDB-wire test server for the run. */
  public static final String EMBEDDED = "embedded";

  public Target {
    labels = Plan.unmodifiableOrdered(labels);
    properties = Plan.copyOfLists(properties);
  }

  public boolean isEmbedded() {
    return EMBEDDED.equals(uri);
  }

  /** The connection string with its password masked, safe to print and store. */
  public String maskedUri() {
    return UriMasker.mask(uri);
  }

  @Override
  public String toString() {
    return "Target[" + name + ", " + maskedUri() + ", labels=" + labels + ", properties=" + properties + "]";
  }
}
