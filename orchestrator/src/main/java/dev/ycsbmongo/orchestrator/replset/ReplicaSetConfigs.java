package dev.ycsbmongo.orchestrator.replset;

import com.mongodb.MongoCommandException;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.Causes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.Document;

/** Pure functions on replica-set config and status documents. */
public final class ReplicaSetConfigs {

  /** Member states a healthy set may show (replSetGetStatus {@code state}): PRIMARY, SECONDARY, ARBITER. */
  private static final Set<Integer> SETTLED_STATES = Set.of(1, 2, 7);

  private ReplicaSetConfigs() {
  }

  /** {@code settings.chainingAllowed}; MongoDB's default is true when the config does not say. */
  public static boolean chainingAllowed(Document config) {
    Document settings = config.get("settings", Document.class);
    Object v = settings == null ? null : settings.get("chainingAllowed");
    return !(v instanceof Boolean b) || b;
  }

  /** A copy of {@code config} with {@code settings.chainingAllowed} set and the version raised by one. */
  public static Document withChainingAllowed(Document config, boolean allowed) {
    Document copy = Document.parse(config.toJson());
    Document settings = copy.get("settings", Document.class);
    if (settings == null) {
      settings = new Document();
      copy.put("settings", settings);
    }
    settings.put("chainingAllowed", allowed);
    copy.put("version", version(config) + 1);
    return copy;
  }

  /** Server error codes that say why replSetGetConfig was refused. */
  private static final int UNAUTHORIZED = 13;
  private static final int COMMAND_NOT_FOUND = 59;
  private static final int NO_REPLICATION_ENABLED = 76;

  /**
   * Why a config could not be read, as the unverified mark's footnote says it: "not a replica set
   * (...)", "replSetGetConfig not allowed (...)", else the command's failure; the server's words in brackets.
   */
  public static String whyUnreadable(RuntimeException e) {
    String message = Causes.rootMessage(e);
    if (e instanceof MongoCommandException c) {
      // the server's own words, not the driver's paragraph around them (it repeats the whole reply)
      if (c.getErrorMessage() != null && !c.getErrorMessage().isBlank()) {
        message = UriMasker.mask(c.getErrorMessage().replace('\n', ' '));
      }
      switch (c.getErrorCode()) {
        case NO_REPLICATION_ENABLED, COMMAND_NOT_FOUND:
          return "not a replica set (replSetGetConfig: " + message + ")";
        case UNAUTHORIZED:
          return "replSetGetConfig not allowed (" + message + ")";
        default:
          break;
      }
    }
    return "replSetGetConfig failed (" + message + ")";
  }

  static int version(Document config) {
    Object v = config.get("version");
    if (!(v instanceof Number n)) {
      throw new IllegalArgumentException("the replica set config has no version");
    }
    return n.intValue();
  }

  /** Why the set is not healthy yet (no primary, a member down or not yet settled); empty when it is. */
  public static Optional<String> unhealthy(Document status) {
    List<Document> members = status.getList("members", Document.class, List.of());
    if (members.isEmpty()) {
      return Optional.of("replSetGetStatus lists no members");
    }
    List<String> problems = new ArrayList<>();
    boolean primary = false;
    for (Document m : members) {
      Number health = m.get("health", Number.class);
      Number state = m.get("state", Number.class);
      String name = m.getString("name");
      if (health == null || health.doubleValue() != 1) {
        problems.add(name + " is down");
      } else if (state == null || !SETTLED_STATES.contains(state.intValue())) {
        problems.add(name + " is " + m.get("stateStr", "in state " + state));
      }
      primary |= state != null && state.intValue() == 1;
    }
    if (!primary) {
      problems.add(0, "no primary");
    }
    return problems.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", problems));
  }
}
