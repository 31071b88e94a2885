package dev.ycsbmongo.orchestrator.plan;

import java.util.Locale;

/** Where a cell's client processes run ({@code execution.backend}). */
public enum Backend {
  /** Child JVMs on the orchestrator's own host. */
  LOCAL,
  /** Pods of one Indexed Job per cell, in the plan's {@code execution.kubernetes} namespace. */
  KUBERNETES;

  public static final String ACCEPTED = "local, kubernetes";

  /** The plan's spelling: local, kubernetes. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
