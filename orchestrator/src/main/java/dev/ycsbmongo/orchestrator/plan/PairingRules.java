package dev.ycsbmongo.orchestrator.plan;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * How a comparison pairs and sums up, beyond BY: the {@link CellProperty}s whose differences between
 * the two cells of a pair are intended (study 1 scales threads with the instance, so 32 against 64
 * threads is its design, not a mistake), the labels or coordinates whose values get a range across
 * all run scenarios ("at 1:2, across all five mixes"), and the target labels that describe a target
 * rather than tell cells apart (the plan's {@code report.describes}: cores, RAM and disk follow from
 * the cloud and size a study compares, so matching them would leave no pair).
 *
 * @param differing accepted differences; any other difference refuses the pair
 * @param rangesOver label or coordinate keys, in the order given
 * @param describing target labels not matched when pairing (shown with both values in each pair), in the order given
 */
public record PairingRules(Set<CellProperty> differing, List<String> rangesOver, List<String> describing) {

  /** No difference accepted, no range over groups, every label matched: the default. */
  public static final PairingRules NONE = new PairingRules(Set.of(), List.of());

  public PairingRules {
    differing = differing.isEmpty() ? Set.of() : java.util.Collections.unmodifiableSet(EnumSet.copyOf(differing));
    rangesOver = List.copyOf(rangesOver);
    describing = List.copyOf(new java.util.LinkedHashSet<>(describing));
  }

  public PairingRules(Set<CellProperty> differing, List<String> rangesOver) {
    this(differing, rangesOver, List.of());
  }

  public boolean accepts(CellProperty p) {
    return differing.contains(p);
  }

  /** Whether target label {@code label} describes the target, so that pairing does not match it. */
  public boolean describes(String label) {
    return describing.contains(label);
  }

  /**
   * No {@code differing} and no {@code rangesOver}: a comparison entry of its own rules ({@code describing}
   * is the plan's, not the entry's, so it does not count).
   */
  public boolean isDefault() {
    return differing.isEmpty() && rangesOver.isEmpty();
  }

  /** These rules with {@code labels} describing the target as well (the plan's {@code report.describes}). */
  public PairingRules describing(List<String> labels) {
    if (labels.isEmpty()) {
      return this;
    }
    List<String> all = new java.util.ArrayList<>(describing);
    all.addAll(labels);
    return new PairingRules(differing, rangesOver, all);
  }

  /** The words of the accepted differences in declaration order, as a plan writes them. */
  public List<String> differingWords() {
    return differing.stream().sorted().map(CellProperty::word).toList();
  }
}
