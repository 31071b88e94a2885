/**
 * Typed result records (units in names, a schema version), the append-only {@code results.jsonl}
 * writer and its reader, and the reading of a phase's YCSB output (exported measurements and HDR
 * interval logs) into those records.
 */
package dev.ycsbmongo.orchestrator.results;
