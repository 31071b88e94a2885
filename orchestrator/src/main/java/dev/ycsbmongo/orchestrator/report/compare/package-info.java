/**
 * Comparisons of two settings ({@code report RUN_DIR --compare BY=A,B}, {@code --against RUN_DIR_B}):
 * the cells that agree on everything but BY are paired, and each pair gets the percentage change of
 * throughput and latencies from A to B, as the field notes state them ("7% to 50% faster",
 * "-20.3%"), with the spread of repetitions and a mark where a change lies within that spread.
 * Two cells that ran with different thread, record or operation counts are not compared unless the
 * comparison accepts that difference ({@code differing}); ranges can be taken per value of a label
 * across every run scenario ({@code rangesOver}). Target labels that describe a target (the plan's
 * {@code describes}: cores, RAM) are not matched; a cell kept apart by any other label says which, with
 * both values.
 * Pure functions of stored result records, like the summary tables.
 *
 * <p>Part of {@code report} (layer 7, docs/architecture.md): uses {@code plan}, {@code results} and
 * {@code report}'s own packages.
 */
package dev.ycsbmongo.orchestrator.report.compare;
