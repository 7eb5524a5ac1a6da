package io.gpuchassis.redfish.query;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * The query parameters of one GET, validated (DSP0266 §7.3). Parsing fails with a {@link
 * io.gpuchassis.redfish.error.RedfishException} that carries the status and Base message the
 * specification names:
 *
 * <ul>
 *   <li>501 {@code QueryParameterUnsupported}, one message per parameter, for a parameter starting
 *       with {@code $} that is not {@code $filter}, {@code $skip}, {@code $top}, {@code $expand} or
 *       {@code $select};
 *   <li>400 {@code QueryParameterValueTypeError} for {@code $skip} or {@code $top} that is not an
 *       integer;
 *   <li>400 {@code QueryParameterOutOfRange} for {@code $skip} below 0, {@code $top} below 1, and
 *       {@code $levels} outside 1 to {@link QueryConfig#maxExpandLevels()};
 *   <li>400 {@code QueryParameterValueFormatError} for any other value the parameter does not
 *       accept, including a value after {@code only} and a {@code $filter} outside the grammar;
 *   <li>400 {@code QueryCombinationInvalid} for {@code only} with any other parameter, and for a
 *       parameter given twice.
 * </ul>
 *
 * Parameters without {@code $} other than {@code only} are ignored, as the specification requires;
 * {@code excerpt} is one of them, since the service does not implement it. Names are
 * case-sensitive, as in OData 4.0.
 */
public final class QueryOptions {

  /** No query parameters at all. */
  public static final QueryOptions NONE =
      new QueryOptions(false, null, null, null, null, null, null);

  static final String ONLY = "only";
  static final String FILTER = "$filter";
  static final String SKIP = "$skip";
  static final String TOP = "$top";

  /** The parameters this class reads, in the order their values are checked. */
  private static final List<String> RECOGNISED =
      List.of(ONLY, FILTER, SKIP, TOP, ExpandOption.PARAMETER, SelectOption.PARAMETER);

  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

  private final boolean only;
  private final FilterExpression filter;
  private final String filterText;
  private final Integer skip;
  private final Integer top;
  private final ExpandOption expand;
  private final SelectOption select;

  private QueryOptions(
      boolean only,
      FilterExpression filter,
      String filterText,
      Integer skip,
      Integer top,
      ExpandOption expand,
      SelectOption select) {
    this.only = only;
    this.filter = filter;
    this.filterText = filterText;
    this.skip = skip;
    this.top = top;
    this.expand = expand;
    this.select = select;
  }

  /**
   * The options in {@code parameters} (decoded names to their values), within {@link
   * QueryConfig#DEFAULTS}.
   */
  public static QueryOptions parse(Map<String, List<String>> parameters) {
    return parse(parameters, QueryConfig.DEFAULTS);
  }

  /**
   * The options in {@code parameters} (decoded names to their values), within the limits of {@code
   * config}.
   */
  public static QueryOptions parse(Map<String, List<String>> parameters, QueryConfig config) {
    return parse(parameters, Set.of(), config);
  }

  /**
   * The options in a raw query string (after the {@code ?}, percent-encoded), within {@link
   * QueryConfig#DEFAULTS}.
   */
  public static QueryOptions fromQueryString(String rawQuery) {
    return fromQueryString(rawQuery, QueryConfig.DEFAULTS);
  }

  /**
   * The options in a raw query string (after the {@code ?}, percent-encoded), within the limits of
   * {@code config}.
   */
  public static QueryOptions fromQueryString(String rawQuery, QueryConfig config) {
    QueryStrings.Decoded decoded = QueryStrings.decode(rawQuery);
    return parse(decoded.parameters(), decoded.badlyEncoded(), config);
  }

  private static QueryOptions parse(
      Map<String, List<String>> parameters, Set<String> badlyEncoded, QueryConfig config) {
    // 501 before 400: an unknown $ parameter is reported whatever else is wrong with the request.
    List<String> unsupported =
        parameters.keySet().stream()
            .filter(name -> name != null && name.startsWith("$") && !RECOGNISED.contains(name))
            .sorted()
            .toList();
    if (!unsupported.isEmpty()) {
      throw QueryErrors.unsupportedParameters(unsupported);
    }
    Map<String, String> values = singleValues(parameters, badlyEncoded);

    String onlyValue = values.get(ONLY);
    if (onlyValue != null && !onlyValue.isEmpty()) {
      throw QueryErrors.valueFormat(onlyValue, ONLY, "only takes no value.");
    }
    String filterValue = values.get(FILTER);
    FilterExpression filter = filterValue == null ? null : parseFilter(filterValue);
    Integer skip = values.containsKey(SKIP) ? integer(values.get(SKIP), SKIP, 0) : null;
    Integer top = values.containsKey(TOP) ? integer(values.get(TOP), TOP, 1) : null;
    String expandValue = values.get(ExpandOption.PARAMETER);
    ExpandOption expand =
        expandValue == null ? null : ExpandOption.parse(expandValue, config.maxExpandLevels());
    String selectValue = values.get(SelectOption.PARAMETER);
    SelectOption select = selectValue == null ? null : SelectOption.parse(selectValue);

    if (onlyValue != null && values.size() > 1) {
      throw QueryErrors.combinationInvalid("only cannot be combined with other query parameters.");
    }
    return new QueryOptions(onlyValue != null, filter, filterValue, skip, top, expand, select);
  }

  /** The value of each recognised parameter present, refusing repeats and broken encodings. */
  private static Map<String, String> singleValues(
      Map<String, List<String>> parameters, Set<String> badlyEncoded) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String name : RECOGNISED) {
      List<String> given = parameters.get(name);
      if (given == null || given.isEmpty()) {
        continue;
      }
      if (given.size() > 1) {
        throw QueryErrors.combinationInvalid(name + " is given more than once.");
      }
      String value = Objects.requireNonNullElse(given.get(0), "");
      if (badlyEncoded.contains(name)) {
        throw QueryErrors.valueFormat(value, name, "The value is not valid percent-encoded UTF-8.");
      }
      values.put(name, value);
    }
    return values;
  }

  private static FilterExpression parseFilter(String value) {
    try {
      return FilterParser.parse(value);
    } catch (FilterSyntaxException e) {
      throw QueryErrors.valueFormat(value, FILTER, "$filter: " + e.getMessage() + ".");
    }
  }

  /** {@code value} as an integer of at least {@code min}. */
  private static int integer(String value, String name, int min) {
    if (!INTEGER.matcher(value).matches()) {
      throw QueryErrors.valueType(value, name);
    }
    BigInteger number = new BigInteger(value);
    if (number.compareTo(BigInteger.valueOf(min)) < 0
        || number.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
      throw QueryErrors.outOfRange(value, name, min + "-" + Integer.MAX_VALUE);
    }
    return number.intValue();
  }

  /** Whether {@code only} was given. */
  public boolean only() {
    return only;
  }

  /** The parsed {@code $filter}, applied to collection members. */
  public Optional<FilterExpression> filter() {
    return Optional.ofNullable(filter);
  }

  /** The {@code $filter} as the client wrote it (decoded). */
  public Optional<String> filterText() {
    return Optional.ofNullable(filterText);
  }

  /** {@code $skip}: members to pass over, 0 or more. */
  public OptionalInt skip() {
    return skip == null ? OptionalInt.empty() : OptionalInt.of(skip);
  }

  /** {@code $top}: members to show at most, 1 or more. */
  public OptionalInt top() {
    return top == null ? OptionalInt.empty() : OptionalInt.of(top);
  }

  /** The parsed {@code $expand}. */
  public Optional<ExpandOption> expand() {
    return Optional.ofNullable(expand);
  }

  /** The parsed {@code $select}. */
  public Optional<SelectOption> select() {
    return Optional.ofNullable(select);
  }

  /**
   * Whether no query parameter was given; a route for another method than GET refuses anything
   * else.
   */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /** The first given parameter that only a resource collection takes, if any. */
  Optional<String> collectionOnlyParameter() {
    if (only) {
      return Optional.of(ONLY);
    }
    if (filter != null) {
      return Optional.of(FILTER);
    }
    if (skip != null) {
      return Optional.of(SKIP);
    }
    return top != null ? Optional.of(TOP) : Optional.empty();
  }

  /** These options with {@code $skip} set to {@code newSkip}, for the next page. */
  QueryOptions withSkip(int newSkip) {
    return new QueryOptions(only, filter, filterText, newSkip, top, expand, select);
  }

  /**
   * The options as a percent-encoded query string (without {@code ?}), in processing order, for a
   * next link; {@code only} is left out since a next link pages a collection. Empty when there is
   * nothing to write.
   */
  String toQueryString() {
    StringJoiner query = new StringJoiner("&");
    add(query, FILTER, filterText);
    add(query, SKIP, skip == null ? null : skip.toString());
    add(query, TOP, top == null ? null : top.toString());
    add(query, ExpandOption.PARAMETER, expand == null ? null : expand.toQueryValue());
    add(query, SelectOption.PARAMETER, select == null ? null : select.toQueryValue());
    return query.toString();
  }

  private static void add(StringJoiner query, String name, String value) {
    if (value != null) {
      query.add(name + "=" + QueryStrings.encodeComponent(value));
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof QueryOptions other
        && only == other.only
        && Objects.equals(filter, other.filter)
        && Objects.equals(skip, other.skip)
        && Objects.equals(top, other.top)
        && Objects.equals(expand, other.expand)
        && Objects.equals(select, other.select);
  }

  @Override
  public int hashCode() {
    return Objects.hash(only, filter, skip, top, expand, select);
  }

  @Override
  public String toString() {
    String query = toQueryString();
    return "QueryOptions[" + (only ? (query.isEmpty() ? "only" : "only&" + query) : query) + "]";
  }
}
