/**
 * The command line: one class per subcommand, exceptions turned into one-line messages and exit
 * codes here and nowhere below.
 */
package dev.ycsbmongo.orchestrator.cli;
