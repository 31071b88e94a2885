/**
 * Typed result records (units in names, a schema version), the append-only {@code results.jsonl}
 * writer and its reader, and the reading of a phase's YCSB output (exported measurements and HDR
 * interval logs) into those records.
 *
 * <p>Layer 3 (docs/architecture.md): uses {@code plan} and the root package; {@link
 * dev.ycsbmongo.orchestrator.results.RunDirectory} names the files of a run directory for everyone
 * above.
 */
package dev.ycsbmongo.orchestrator.results;
