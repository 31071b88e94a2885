/**
 * The server sampler, started beside each phase: it polls the target's {@code serverStatus} (and
 * {@code replSetGetStatus} on a replica set) on a connection of its own, parses each reply into a
 * {@link dev.ycsbmongo.orchestrator.metrics.ServerStatusSnapshot}, derives per-interval rates
 * ({@link dev.ycsbmongo.orchestrator.metrics.IntervalDelta}: counter resets after a restart leave a
 * rate absent, CPU is normalised by the host's cores), writes them to the phase's
 * {@code server-samples.jsonl} as it goes, and summarises a window of them into the phase's
 * {@link dev.ycsbmongo.orchestrator.results.ServerMetrics}, including the cross-check of YCSB's
 * operation counts against the server's. Derivation is pure and unit-tested on replies shaped as
 * MongoDB 6.0, 7.0 and 8.0 send them; only {@code ServerSampler} talks to a server, and it never
 * fails a phase: an error is recorded once and the figures it hides are absent with a reason.
 *
 * <p>Layer 5 (docs/architecture.md): uses {@code results} and {@code process} (driver clients).
 */
package dev.ycsbmongo.orchestrator.metrics;
