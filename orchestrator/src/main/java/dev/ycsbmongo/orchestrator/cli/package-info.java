/**
 * The command line: one class per subcommand, exceptions turned into one-line messages and exit
 * codes here and nowhere below.
 *
 * <p>Layer 11, the top (docs/architecture.md): may use every package; it wires {@code exec} to {@code
 * report} (the run's report writer).
 */
package dev.ycsbmongo.orchestrator.cli;
