/**
 * Child JVMs and processes and what they share with the orchestrator's own process: how to start a
 * child JVM ({@link dev.ycsbmongo.orchestrator.process.ChildJvm}: the java binary, class path, flags and
 * the parent watch), the run's stop signal ({@link dev.ycsbmongo.orchestrator.process.StopSignal}), this
 * host's limits for more JVMs and threads ({@link dev.ycsbmongo.orchestrator.process.HostLimits}), driver
 * clients built the one way ({@link dev.ycsbmongo.orchestrator.process.Clients}), target probes
 * ({@link dev.ycsbmongo.orchestrator.process.TargetProbe}), the private connection file a child reads its
 * connection string from ({@link dev.ycsbmongo.orchestrator.process.ConnectionFile}) and shell quoting
 * for the commands written beside each phase.
 *
 * <p>Layer 4 (docs/architecture.md): uses {@code results} and below; used by {@code metrics},
 * {@code replset}, {@code connections}, {@code check}, {@code exec} and {@code cli}.
 */
package dev.ycsbmongo.orchestrator.process;
