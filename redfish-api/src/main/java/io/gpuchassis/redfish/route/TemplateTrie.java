package io.gpuchassis.redfish.route;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * URI templates ({@code /redfish/v1/Chassis/{ChassisId}}) held as a tree of path segments, so that
 * finding which template a path belongs to costs one map look-up per segment instead of a regular
 * expression per template. A variable matches any non-empty segment; a literal segment beats a
 * variable at the same place. A trailing slash is ignored on both sides. Built while routes are
 * registered, read-only afterwards (then safe for any thread).
 *
 * @param <V> what a template leads to
 */
final class TemplateTrie<V> {

  /** One template that matched a path, with its variables' values by name. */
  record Match<V>(String template, V value, Map<String, String> params) {}

  private record Leaf<V>(String template, List<String> variables, V value) {}

  private static final class Node<V> {
    private final Map<String, Node<V>> literals = new HashMap<>();
    private Node<V> variable;

    /** The templates of this shape; the first is the one a path leads to. */
    private final List<Leaf<V>> leaves = new ArrayList<>(1);
  }

  private final Node<V> root = new Node<>();

  /**
   * Adds {@code template}, replacing the same template added before. Templates of the same shape
   * (same literals, variables at the same places) are kept in order: {@link #match} finds the
   * first, {@link #matchAll} all of them.
   */
  void put(String template, V value) {
    Node<V> node = root;
    List<String> variables = new ArrayList<>();
    for (String segment : segments(template)) {
      if (isVariable(segment)) {
        variables.add(segment.substring(1, segment.length() - 1));
        if (node.variable == null) {
          node.variable = new Node<>();
        }
        node = node.variable;
      } else {
        node = node.literals.computeIfAbsent(segment, s -> new Node<>());
      }
    }
    Leaf<V> leaf = new Leaf<>(template, List.copyOf(variables), value);
    for (int i = 0; i < node.leaves.size(); i++) {
      if (node.leaves.get(i).template().equals(template)) {
        node.leaves.set(i, leaf);
        return;
      }
    }
    node.leaves.add(leaf);
  }

  /** The template {@code path} belongs to, literal segments first; null when none. */
  Match<V> match(String path) {
    List<String> segments = segments(path);
    List<String> captured = new ArrayList<>();
    Leaf<V> leaf = find(root, segments, 0, captured);
    return leaf == null ? null : matchOf(leaf, captured);
  }

  /** Every template {@code path} matches (a literal and a template beside it both count). */
  List<Match<V>> matchAll(String path) {
    List<Match<V>> all = new ArrayList<>();
    collect(root, segments(path), 0, new ArrayList<>(), all);
    return all;
  }

  private static <V> Leaf<V> find(
      Node<V> node, List<String> segments, int at, List<String> captured) {
    if (at == segments.size()) {
      return node.leaves.isEmpty() ? null : node.leaves.get(0);
    }
    String segment = segments.get(at);
    Node<V> literal = node.literals.get(segment);
    if (literal != null) {
      Leaf<V> found = find(literal, segments, at + 1, captured);
      if (found != null) {
        return found;
      }
    }
    if (node.variable != null && !segment.isEmpty()) {
      captured.add(segment);
      Leaf<V> found = find(node.variable, segments, at + 1, captured);
      if (found != null) {
        return found;
      }
      captured.remove(captured.size() - 1);
    }
    return null;
  }

  private static <V> void collect(
      Node<V> node, List<String> segments, int at, List<String> captured, List<Match<V>> all) {
    if (at == segments.size()) {
      for (Leaf<V> leaf : node.leaves) {
        all.add(matchOf(leaf, captured));
      }
      return;
    }
    String segment = segments.get(at);
    Node<V> literal = node.literals.get(segment);
    if (literal != null) {
      collect(literal, segments, at + 1, captured, all);
    }
    if (node.variable != null && !segment.isEmpty()) {
      captured.add(segment);
      collect(node.variable, segments, at + 1, captured, all);
      captured.remove(captured.size() - 1);
    }
  }

  private static <V> Match<V> matchOf(Leaf<V> leaf, List<String> captured) {
    if (leaf.variables().isEmpty()) {
      return new Match<>(leaf.template(), leaf.value(), Map.of());
    }
    Map<String, String> params = new HashMap<>(leaf.variables().size() * 2);
    for (int i = 0; i < leaf.variables().size(); i++) {
      params.put(leaf.variables().get(i), captured.get(i));
    }
    return new Match<>(leaf.template(), leaf.value(), params);
  }

  static boolean isVariable(String segment) {
    return segment.length() > 2 && segment.charAt(0) == '{' && segment.endsWith("}");
  }

  /** The segments after the leading slash, without a trailing empty one. */
  static List<String> segments(String path) {
    List<String> segments = new ArrayList<>(8);
    int end = path.length();
    if (end > 1 && path.charAt(end - 1) == '/') {
      end--;
    }
    int start = path.startsWith("/") ? 1 : 0;
    if (start >= end) {
      return segments;
    }
    while (true) {
      int slash = path.indexOf('/', start);
      if (slash < 0 || slash >= end) {
        segments.add(path.substring(start, end));
        return segments;
      }
      segments.add(path.substring(start, slash));
      start = slash + 1;
    }
  }
}
