/**
 * {@code report.html}: one self-contained page of a run ({@link dev.ycsbmongo.orchestrator.report.html.HtmlReport})
 * with the summary, shaped tables, comparisons and charts, inline CSS and SVG, ids unique on the page.
 *
 * <p>Part of {@code report} (layer 7, docs/architecture.md): uses {@code plan}, {@code results} and the
 * other {@code report} packages.
 */
package dev.ycsbmongo.orchestrator.report.html;
