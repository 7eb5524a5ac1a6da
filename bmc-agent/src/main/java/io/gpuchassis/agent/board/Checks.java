package io.gpuchassis.agent.board;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** The value rules several parts of the file share, each reporting to {@link Problems}. */
final class Checks {

  static final Set<Integer> LINK_WIDTHS = Set.of(1, 2, 4, 8, 16);
  static final int MAX_PCIE_GEN = 6;
  private static final int MAX_16_BIT = 0xFFFF;

  private final Problems problems;

  Checks(Problems problems) {
    this.problems = problems;
  }

  void problem(KeyPath at, String detail) {
    problems.add(at, detail);
  }

  /**
   * A problem with a key the file leaves out, shown at the line of {@code lineAt}, the entry that
   * needs it.
   */
  void problemAtMissingKey(KeyPath at, KeyPath lineAt, String detail) {
    problems.addMissing(at, lineAt, detail);
  }

  /** Reports {@code value} if it is blank; null values never get here (Jackson requires them). */
  boolean requireText(String value, KeyPath at) {
    if (value.isBlank()) {
      problem(at, "must not be blank");
      return false;
    }
    return true;
  }

  boolean requirePositive(int value, KeyPath at) {
    if (value < 1) {
      problem(at, "must be 1 or more, got " + value);
      return false;
    }
    return true;
  }

  boolean requireAtLeastZero(int value, KeyPath at) {
    if (value < 0) {
      problem(at, "must be 0 or more, got " + value);
      return false;
    }
    return true;
  }

  void require16Bit(HexNumber value, KeyPath at) {
    if (value.value() < 0 || value.value() > MAX_16_BIT) {
      problem(at, HexIds.format(value.value(), 4) + " is not a 16-bit PCI ID (0x0000..0xffff)");
    }
  }

  boolean requireLinkWidth(int width, KeyPath at) {
    if (!LINK_WIDTHS.contains(width)) {
      problem(at, width + " is not a PCIe link width; use 1, 2, 4, 8 or 16");
      return false;
    }
    return true;
  }

  boolean requireGeneration(int gen, KeyPath at) {
    if (gen < 1 || gen > MAX_PCIE_GEN) {
      problem(at, gen + " is not a PCIe generation; use 1.." + MAX_PCIE_GEN);
      return false;
    }
    return true;
  }

  void requireNotEmpty(List<?> items, KeyPath at, String kind) {
    if (items.isEmpty()) {
      problem(at, "at least one " + kind + " is required");
    }
  }

  /**
   * Reports every item whose id an earlier item of {@code items} already has, at its {@code id}
   * key.
   */
  <T> void requireUniqueIds(List<T> items, Function<T, Object> idOf, KeyPath listAt, String kind) {
    Map<Object, Integer> firstIndex = new HashMap<>();
    for (int i = 0; i < items.size(); i++) {
      Object id = idOf.apply(items.get(i));
      Integer first = firstIndex.putIfAbsent(id, i);
      if (first != null) {
        problem(
            listAt.index(i).key("id"),
            "duplicate " + kind + " id '" + id + "' (also " + listAt.index(first) + ")");
      }
    }
  }
}
