/**
 * Confidence intervals, stability and comparisons for a cell's figures: the mean of a per-second
 * throughput series with an interval that allows for autocorrelation (batch means), average latency
 * and percentiles with intervals over per-interval counts and histograms, a rule saying whether a
 * mean is known to a precision or still drifting, and the ratio of two means with its interval.
 * Pure computation on arrays and small records: it reads no file and imports nothing else of the
 * orchestrator, so the verdicts and the report can call it from anywhere. docs/statistics.md says
 * what the intervals mean and what they leave out.
 *
 * <p>Layer 2 (docs/architecture.md): uses nothing of the orchestrator; used by {@code exec} and {@code report}.
 */
package dev.ycsbmongo.orchestrator.stats;
