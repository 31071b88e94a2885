package dev.ycsbmongo.orchestrator.replset;

import org.bson.Document;

/** The three replica-set commands the settings need; an interface so the logic is tested without a set. */
public interface ReplicaSetAdmin extends AutoCloseable {

  /** {@code replSetGetConfig}'s {@code config} document. */
  Document config();

  /** {@code replSetReconfig} with {@code config} (its version already raised). */
  void reconfig(Document config);

  /** {@code replSetGetStatus}. */
  Document status();

  @Override
  void close();
}
