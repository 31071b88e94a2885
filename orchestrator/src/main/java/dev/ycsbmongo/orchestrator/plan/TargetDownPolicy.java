package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;

/**
 * What a run does when a target stops answering ({@code execution.onTargetDown}): stop the plan at
 * once, or wait up to {@code wait} for the target to answer again before stopping. Either way
 * nothing measured is lost and {@code run --resume} takes the plan up where it stopped.
 *
 * @param downAfter a target that has not answered a ping for this long is down: its running phase fails
 */
public record TargetDownPolicy(Action action, Duration maxWait, Duration downAfter) {

  public enum Action {
    STOP, WAIT
  }

  public static TargetDownPolicy defaults() {
    return new TargetDownPolicy(Defaults.ON_TARGET_DOWN, Defaults.TARGET_WAIT, Defaults.TARGET_DOWN_AFTER);
  }
}
