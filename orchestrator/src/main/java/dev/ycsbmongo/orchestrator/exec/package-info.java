/**
 * Running the matrix: {@link dev.ycsbmongo.orchestrator.exec.RunSession} (one session of a run, new or
 * resumed) and {@link dev.ycsbmongo.orchestrator.exec.PlanRunner} take the checked matrix phase by phase;
 * {@link dev.ycsbmongo.orchestrator.exec.PhaseExecutor} runs each under its runner (one YCSB client, N
 * clients on a backend, a connection stress), watches the target, samples the server and judges the
 * phase ({@link dev.ycsbmongo.orchestrator.exec.PhaseVerdict}) into the record it appends to
 * {@code results.jsonl}. Writing the report is not its job: the session hands the run directory to the
 * report writer it was given ({@link dev.ycsbmongo.orchestrator.exec.RunSession.Report}).
 *
 * <p>Layer 9 (docs/architecture.md): uses every package below it except {@code report}; used by
 * {@code cli} only.
 */
package dev.ycsbmongo.orchestrator.exec;
