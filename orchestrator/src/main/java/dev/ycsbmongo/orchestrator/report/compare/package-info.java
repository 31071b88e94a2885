/**
 * Comparisons of two settings ({@code report RUN_DIR --compare BY=A,B}, {@code --against RUN_DIR_B}):
 * the cells that agree on everything but BY are paired, and each pair gets the percentage change of
 * throughput and latencies from A to B, as the field notes state them ("7% to 50% faster",
 * "-20.3%"), with the spread of repetitions and a mark where a change lies within that spread.
 * Pure functions of stored result records, like the summary tables.
 */
package dev.ycsbmongo.orchestrator.report.compare;
