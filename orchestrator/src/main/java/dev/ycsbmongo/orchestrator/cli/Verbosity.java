package dev.ycsbmongo.orchestrator.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code -q} and {@code -v}, the same on every command that takes them. */
final class Verbosity {

  static final String MIXIN = "verbosity";

  @Option(names = {"-q", "--quiet"}, description = "print less: run shows no progress and no tables (warnings, "
      + "failed phases and its closing lines stay); validate prints only warnings and errors; report writes its "
      + "files without printing the tables")
  boolean quiet;

  @Option(names = {"-v", "--verbose"}, description = "print more: an unexpected error is followed by its stack trace "
      + "(for a bug report)")
  boolean verbose;

  /** The {@code -v} of the command {@code spec} runs, false for a command without these options. */
  static boolean verbose(CommandSpec spec) {
    Object mixin = spec.mixins().containsKey(MIXIN) ? spec.mixins().get(MIXIN).userObject() : null;
    return mixin instanceof Verbosity v && v.verbose;
  }
}
