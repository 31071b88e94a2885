package dev.ycsbmongo.orchestrator.plan;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * How a comparison pairs and sums up, beyond BY: the {@link CellProperty}s whose differences between
 * the two cells of a pair are intended (study 1 scales threads with the instance, so 32 against 64
 * threads is its design, not a mistake), and the labels or coordinates whose values get a range across
 * all run scenarios ("at 1:2, across all five mixes").
 *
 * @param differing accepted differences; any other difference refuses the pair
 * @param rangesOver label or coordinate keys, in the order given
 */
public record PairingRules(Set<CellProperty> differing, List<String> rangesOver) {

  /** No difference accepted, no range over groups: the default. */
  public static final PairingRules NONE = new PairingRules(Set.of(), List.of());

  public PairingRules {
    differing = differing.isEmpty() ? Set.of() : java.util.Collections.unmodifiableSet(EnumSet.copyOf(differing));
    rangesOver = List.copyOf(rangesOver);
  }

  public boolean accepts(CellProperty p) {
    return differing.contains(p);
  }

  public boolean isDefault() {
    return differing.isEmpty() && rangesOver.isEmpty();
  }

  /** The words of the accepted differences in declaration order, as a plan writes them. */
  public List<String> differingWords() {
    return differing.stream().sorted().map(CellProperty::word).toList();
  }
}
