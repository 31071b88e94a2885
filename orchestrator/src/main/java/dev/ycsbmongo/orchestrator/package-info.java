/**
 * The orchestrator: plans ({@code plan}), their checks ({@code check}), their execution as child YCSB
 * JVMs ({@code exec}, on {@code process}), result records ({@code results}), reports ({@code report})
 * and the command line ({@code cli}); this package holds only what all of them share.
 *
 * <p>Layer 1, the bottom (docs/architecture.md): uses no other package of the orchestrator; every package
 * may use it.
 */
package dev.ycsbmongo.orchestrator;
