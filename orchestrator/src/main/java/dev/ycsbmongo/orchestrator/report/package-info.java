/**
 * Tables rendered from stored result records alone ({@code summary.csv}, {@code summary.md}): pure
 * functions of {@code results.jsonl}, so {@code report RUN_DIR} redraws any past run byte for byte.
 *
 * <p>Layer 7 (docs/architecture.md): {@link dev.ycsbmongo.orchestrator.report.SummaryFiles} is the entry
 * point, reading a stored run directory alone (records, {@code plan.yaml}); uses {@code plan}, {@code
 * results}, {@code clients} and {@code connections}, never {@code exec}, which hands it the finished
 * directory through {@code cli}.
 */
package dev.ycsbmongo.orchestrator.report;
