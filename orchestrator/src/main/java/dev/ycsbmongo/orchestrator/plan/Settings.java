package dev.ycsbmongo.orchestrator.plan;

import java.time.Duration;
import java.util.Map;

/**
 * How the phases of a plan run (the plan's {@code execution} block); defaults in {@link Defaults}.
 *
 * @param repetitions measured repetitions of every cell (>= 1)
 * @param warmup properties of an unmeasured run before each run cell (e.g. {@code operationcount});
 *     empty: no warm-up
 * @param loadThreads client threads of the loads that prepare run cells' data sets
 * @param loadProperties extra properties for those loads (e.g. {@code mongodb.batchsize})
 * @param reload when run cells' data sets are (re)loaded
 * @param verifyLoad count the documents after each load and fail it unless all are there
 * @param phaseTimeout a phase still running after this is killed and recorded as failed
 * @param maxErrorRate a phase whose failed operations exceed this share (0..1) is failed
 * @param rampUp the start of each phase left out of the steady-state figures
 * @param statusInterval YCSB's status and HDR interval-log period
 * @param acceptance what a measured cell must show to be {@code ok}
 * @param onTargetDown what the run does when a target stops answering
 * @param distribution the cells' client processes unless a cell sets {@code clients}: {@code execution.clients},
 *     {@code execution.backend}, {@code execution.kubernetes}
 * @param loadClients client processes of the loads that prepare run cells' data sets ({@code execution.load.clients})
 */
public record Settings(int repetitions, Map<String, String> warmup, int loadThreads, Map<String, String> loadProperties,
    ReloadPolicy reload, boolean verifyLoad, Duration phaseTimeout, double maxErrorRate, Duration rampUp,
    Duration statusInterval, Acceptance acceptance, TargetDownPolicy onTargetDown, Distribution distribution,
    int loadClients) {

  /** Settings whose phases each run as one client process on this host. */
  public Settings(int repetitions, Map<String, String> warmup, int loadThreads, Map<String, String> loadProperties,
      ReloadPolicy reload, boolean verifyLoad, Duration phaseTimeout, double maxErrorRate, Duration rampUp,
      Duration statusInterval, Acceptance acceptance, TargetDownPolicy onTargetDown) {
    this(repetitions, warmup, loadThreads, loadProperties, reload, verifyLoad, phaseTimeout, maxErrorRate, rampUp,
        statusInterval, acceptance, onTargetDown, Distribution.oneLocalClient(), Defaults.LOAD_CLIENTS);
  }

  public Settings {
    warmup = Map.copyOf(warmup);
    loadProperties = Map.copyOf(loadProperties);
    if (repetitions < 1) {
      throw new IllegalArgumentException("repetitions must be at least 1, got " + repetitions);
    }
    if (loadThreads < 1) {
      throw new IllegalArgumentException("load threads must be at least 1, got " + loadThreads);
    }
    if (!(maxErrorRate >= 0 && maxErrorRate <= 1)) {
      throw new IllegalArgumentException("maxErrorRate must be from 0 to 1 (0% to 100%), got " + maxErrorRate);
    }
    java.util.Objects.requireNonNull(distribution, "distribution");
    // the loads run on the cells' backend: only their count may differ
    distribution.withClients(loadClients);
  }

  /** The distribution of the loads that prepare data sets: the cells' backend with {@link #loadClients} clients. */
  public Distribution loadDistribution() {
    return distribution.withClients(loadClients);
  }

  /** Every default, for a plan without an {@code execution} block. */
  public static Settings defaults() {
    return new Settings(Defaults.REPETITIONS, Map.of(), Defaults.LOAD_THREADS, Map.of(), Defaults.RELOAD,
        Defaults.VERIFY_LOAD, Defaults.PHASE_TIMEOUT, Defaults.MAX_ERROR_RATE, Defaults.RAMP_UP,
        Defaults.STATUS_INTERVAL, Acceptance.defaults(), TargetDownPolicy.defaults(), Distribution.oneLocalClient(),
        Defaults.LOAD_CLIENTS);
  }
}
