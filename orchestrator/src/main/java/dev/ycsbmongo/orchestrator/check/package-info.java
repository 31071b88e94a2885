/**
 * Validate and preflight: {@link dev.ycsbmongo.orchestrator.check.PlanCheck} is the one path
 * {@code validate} and {@code run} take from a plan file to a checked matrix, so validate refuses exactly
 * what run would; it runs the machine's limits for connection-stress cells and client pods
 * ({@link dev.ycsbmongo.orchestrator.check.PlanPreflight}), the shaped tables' keys
 * ({@link dev.ycsbmongo.orchestrator.check.PlanTableCheck}), the steady window a phase's length allows
 * ({@link dev.ycsbmongo.orchestrator.check.WindowBound}) and the previews validate prints (the run's file
 * names, the comparisons' pairings).
 *
 * <p>Layer 8 (docs/architecture.md): uses {@code plan}, {@code process}, {@code connections} and
 * {@code report} (its table keys and pairing rules, for the previews); used by {@code exec} and {@code cli}.
 */
package dev.ycsbmongo.orchestrator.check;
