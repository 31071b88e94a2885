/**
 * Tables rendered from stored result records alone ({@code summary.csv}, {@code summary.md}): pure
 * functions of {@code results.jsonl}, so {@code report RUN_DIR} redraws any past run byte for byte.
 */
package dev.ycsbmongo.orchestrator.report;
