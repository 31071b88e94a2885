package dev.ycsbmongo.orchestrator.report.html;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.report.ClientHostSection;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** What the page says about the run as a whole: how long it took, and the client host's CPU and load. */
final class RunFacts {

  private RunFacts() {
  }

  /** From the first phase's start to the last one's end: {@code 45 s}, {@code 12 min 05 s}, {@code 2 h 03 min}. */
  static Optional<String> duration(List<PhaseResult> records) {
    Optional<Instant> first = records.stream().map(PhaseResult::start).filter(Objects::nonNull).min(Instant::compareTo);
    Optional<Instant> last = records.stream().map(PhaseResult::end).filter(Objects::nonNull).max(Instant::compareTo);
    if (first.isEmpty() || last.isEmpty() || last.get().isBefore(first.get())) {
      return Optional.empty();
    }
    long s = Duration.between(first.get(), last.get()).toSeconds();
    if (s < 60) {
      return Optional.of(s + " s");
    }
    if (s < 3600) {
      return Optional.of(String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60));
    }
    return Optional.of(String.format(Locale.ROOT, "%d h %02d min", s / 3600, s / 60 % 60));
  }

  /** The client host's CPU model, cores and load average over the watched phases; empty when none was watched. */
  static Optional<String> clientHost(List<PhaseResult> records) {
    List<ClientHostLoad> watched = records.stream().map(PhaseResult::clientHostLoad).filter(Objects::nonNull).toList();
    return watched.isEmpty() ? Optional.empty() : Optional.of(ClientHostSection.overview(watched));
  }
}
