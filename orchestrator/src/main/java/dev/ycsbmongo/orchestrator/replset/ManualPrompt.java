package dev.ycsbmongo.orchestrator.replset;

/** Asks the person running the plan to change a setting by hand (a console of a managed service). */
@FunctionalInterface
public interface ManualPrompt {

  /**
   * Shows {@code instruction} and waits until the user says it is done. False when nobody can
   * answer (no terminal, input closed) or the user declines: the cell is then not run.
   */
  boolean confirm(String instruction);

  /** For runs without a terminal: nobody to ask. */
  ManualPrompt NOBODY = instruction -> false;
}
