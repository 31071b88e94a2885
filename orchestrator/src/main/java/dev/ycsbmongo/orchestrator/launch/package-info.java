/**
 * The client process's entry point ({@link dev.ycsbmongo.orchestrator.launch.ClientMain}): a local child
 * JVM or a Kubernetes pod runs it, and its first argument picks a YCSB client ({@code clients}) or a
 * connections client ({@code connections}). It sits above both so that neither imports the other.
 *
 * <p>Layer 7 (docs/architecture.md): uses {@code clients} and {@code connections}; used by {@code exec}
 * (its main class name, modes and arguments).
 */
package dev.ycsbmongo.orchestrator.launch;
