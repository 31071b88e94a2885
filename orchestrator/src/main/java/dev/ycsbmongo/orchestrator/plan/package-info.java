/**
 * Plans: the records a plan file is read into ({@link dev.ycsbmongo.orchestrator.plan.Plan}),
 * the loader that validates it (unknown keys rejected with the file, line and a did-you-mean),
 * and the expander that turns it into the ordered phases ({@link dev.ycsbmongo.orchestrator.plan.Matrix})
 * that {@code validate} prints and {@code run} executes.
 */
package dev.ycsbmongo.orchestrator.plan;
