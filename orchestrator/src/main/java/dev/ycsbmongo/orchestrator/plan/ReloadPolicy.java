package dev.ycsbmongo.orchestrator.plan;

/** When a run cell's data set is (re)loaded. */
public enum ReloadPolicy {
  /** Once per (target, data set): every run cell on the same data set reuses it ({@code per-data-set}). */
  PER_DATA_SET,
  /** Drop and reload before every run cell ({@code per-cell}): for scenarios that insert or delete. */
  PER_CELL
}
