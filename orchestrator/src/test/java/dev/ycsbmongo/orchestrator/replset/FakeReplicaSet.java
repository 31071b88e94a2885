package dev.ycsbmongo.orchestrator.replset;

import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * A scripted stand-in for a replica set's admin commands: it keeps a config, counts reconfigs and
 * answers replSetGetStatus from a list of canned replies (the last one repeats). It tests the
 * applier's decisions only; real replSetReconfig behaviour is tested against real MongoDB.
 */
final class FakeReplicaSet implements ReplicaSetAdmin {

  Document config = Document.parse("{_id: 'rs0', version: 4, members: [{_id: 0, host: 'a:27017'}]}");
  RuntimeException configError;
  RuntimeException reconfigError;
  final List<Document> reconfigs = new ArrayList<>();
  final List<Document> statuses = new ArrayList<>(List.of(status(1, 2, 2)));
  int statusCalls;
  int opened;
  int closed;

  static Document status(int... states) {
    List<Document> members = new ArrayList<>();
    for (int i = 0; i < states.length; i++) {
      members.add(new Document("name", "m" + i + ":27017").append("health", 1.0).append("state", states[i])
          .append("stateStr", switch (states[i]) {
            case 1 -> "PRIMARY";
            case 2 -> "SECONDARY";
            case 3 -> "RECOVERING";
            default -> "STATE" + states[i];
          }));
    }
    return new Document("set", "rs0").append("members", members).append("ok", 1.0);
  }

  FakeReplicaSet open() {
    opened++;
    return this;
  }

  @Override
  public Document config() {
    if (configError != null) {
      throw configError;
    }
    return config;
  }

  @Override
  public void reconfig(Document next) {
    if (reconfigError != null) {
      throw reconfigError;
    }
    reconfigs.add(next);
    config = next;
  }

  @Override
  public Document status() {
    Document s = statuses.get(Math.min(statusCalls, statuses.size() - 1));
    statusCalls++;
    return s;
  }

  @Override
  public void close() {
    closed++;
  }
}
