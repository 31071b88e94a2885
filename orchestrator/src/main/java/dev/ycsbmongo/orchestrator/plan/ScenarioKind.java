package dev.ycsbmongo.orchestrator.plan;

/**
 * A {@code run} scenario measures YCSB's transaction phase on a data set loaded before it (once,
 * and shared with every cell on the same data set); a {@code load} scenario measures the load
 * itself, dropping the collection first in every cell; a {@code connections} scenario runs no
 * YCSB at all: it opens, holds and closes {@code connections.count} connections (study 5).
 */
public enum ScenarioKind {
  RUN, LOAD, CONNECTIONS
}
