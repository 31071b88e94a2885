/**
 * Plans: the records a plan file is read into ({@link dev.ycsbmongo.orchestrator.plan.Plan}),
 * the loader that validates it (unknown keys rejected with the file, line and a did-you-mean),
 * and the expander that turns it into the ordered phases ({@link dev.ycsbmongo.orchestrator.plan.Matrix})
 * that {@code validate} prints ({@link dev.ycsbmongo.orchestrator.plan.MatrixPrinter}) and {@code run}
 * executes. A bad plan is one {@link dev.ycsbmongo.orchestrator.plan.PlanException} whose message is a
 * single {@code FILE:LINE: KEY: problem} line. {@link dev.ycsbmongo.orchestrator.plan.MatrixSize} sizes a
 * plan by arithmetic before it is expanded, and {@link dev.ycsbmongo.orchestrator.plan.PlanOrigins} finds
 * the line behind an expanded cell's value, for the checks {@code check.PlanCheck} makes on cells. Each phase
 * carries its settings typed at expansion ({@link dev.ycsbmongo.orchestrator.plan.PhaseSettings}), YCSB's
 * counts among them ({@link dev.ycsbmongo.orchestrator.plan.YcsbCounts}, from the workload file read by
 * {@link dev.ycsbmongo.orchestrator.plan.WorkloadFile} and the plan's values).
 *
 * <p>Layer 2 (docs/architecture.md): uses the root package only; the Kubernetes settings are plain values
 * here, checked by {@link dev.ycsbmongo.orchestrator.plan.KubernetesNames}, and the backend builds its
 * Job from them.
 */
package dev.ycsbmongo.orchestrator.plan;
