/**
 * The run's charts: {@link dev.ycsbmongo.orchestrator.report.charts.ChartPlanner} decides from the
 * stored records (and each phase's HDR and server logs) which charts a run gets, as plain
 * {@link dev.ycsbmongo.orchestrator.report.charts.ChartSpec} values (sealed by golden files);
 * {@link dev.ycsbmongo.orchestrator.report.charts.ChartRenderer} draws them with XChart as SVG and
 * PNG; {@link dev.ycsbmongo.orchestrator.report.charts.Knee} finds a thread sweep's sweet spot.
 *
 * <p>Part of {@code report} (layer 7, docs/architecture.md): uses {@code plan}, {@code results} and
 * {@code report}'s own packages.
 */
package dev.ycsbmongo.orchestrator.report.charts;
