/**
 * Tables shaped as a plan's {@code report.tables} asks, so that they read like a study's published
 * tables: the figure registry ({@link dev.ycsbmongo.orchestrator.report.tables.TableColumns}), key
 * resolution ({@link dev.ycsbmongo.orchestrator.report.tables.TableKeys}), the layout
 * ({@link dev.ycsbmongo.orchestrator.report.tables.TableShaper}) and its files
 * ({@link dev.ycsbmongo.orchestrator.report.tables.ShapedTableFiles}), from the stored records only.
 *
 * <p>Part of {@code report} (layer 7, docs/architecture.md): uses {@code plan}, {@code results} and
 * {@code report}'s own packages.
 */
package dev.ycsbmongo.orchestrator.report.tables;
