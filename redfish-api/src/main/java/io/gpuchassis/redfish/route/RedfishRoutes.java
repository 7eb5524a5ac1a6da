package io.gpuchassis.redfish.route;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.odata.SchemaLinks;
import io.gpuchassis.redfish.query.QueryEngine;
import io.gpuchassis.redfish.query.QueryOptions;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one table of routes, each registered with an explicit privilege rule. It fails closed: a
 * route without a rule cannot be registered, {@link PrivilegeRule#NO_AUTH} is accepted only for the
 * paths DSP0266 opens to everyone, and any request that matches no route is answered 401 (no
 * credential), 405 (known path, other method) or 404, never served.
 */
public final class RedfishRoutes {

  /** The only URIs that answer without credentials (DSP0266 "Requests without authentication"). */
  public static final Set<String> NO_AUTH_PATHS =
      Set.of("/redfish", "/redfish/v1/", "/redfish/v1/odata", "/redfish/v1/$metadata");

  /** Where sessions are created; the one POST that needs no prior authentication. */
  public static final String LOGIN_PATH = "/redfish/v1/SessionService/Sessions";

  /**
   * Appended to a collection's URI, the URI of its {@code Members} property. DSP0266: a POST there
   * is the same as a POST to the collection, so every collection that takes a POST takes it there
   * too, with the same privilege.
   */
  public static final String MEMBERS = "/Members";

  private static final String CALLER_KEY = "redfish.caller";
  private static final String TEMPLATE_KEY = "redfish.template";
  private static final CharSequence ALLOW = io.vertx.core.http.HttpHeaders.createOptimized("Allow");
  private static final Pattern TEMPLATE_VARIABLE = Pattern.compile("\\{(\\w+)}");

  private final Router router;
  private final Authenticator authenticator;
  private final String prefix;
  private final QueryEngine queries;
  private final AccessPolicy policy;
  private final List<RouteEntry> entries = new ArrayList<>();

  /**
   * The methods of each template's entries, in the order they were registered: a registration
   * checks for a duplicate and rebuilds the Allow header from it, where a search of every entry
   * made registering the agent's few hundred routes quadratic.
   */
  private final Map<String, Set<HttpMethod>> methods = new java.util.HashMap<>();

  /** The readable resources by URI template, for $expand and {@link #render}. */
  private final TemplateTrie<Readable> readables = new TemplateTrie<>();

  /** Every registered template, to tell 404 from 405 and which methods a path has. */
  private final TemplateTrie<String> templates = new TemplateTrie<>();

  /** The static files of a page the service ships, open to everyone ({@link #staticFile}). */
  private final Set<String> staticFiles = new java.util.HashSet<>();

  /** The literal templates (no variables) by their path without a trailing slash. */
  private final Map<String, String> literals = new java.util.concurrent.ConcurrentHashMap<>();

  /** The bodies of cacheable resources, by path and version. */
  private final RepresentationCache cache = new RepresentationCache();

  /** The answers to GETs of cacheable resources with query options. */
  private final QueryAnswerCache answers = new QueryAnswerCache();

  /**
   * The URI of the JSON schema that describes a resource of the given {@code @odata.type}, for its
   * Link header.
   */
  private Function<String, Optional<String>> schemas = SchemaLinks::dmtf;

  /**
   * The handler of each template and method. One Vert.x route dispatches through it ({@link
   * #dispatch}): a path finds its template in a map look-up per segment, where Vert.x would try the
   * regular expression of every route before it in turn (a quarter of a port GET's CPU time).
   */
  private final Map<String, Map<HttpMethod, Handler<RoutingContext>>> handlers =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** Whether the dispatching route is on the router yet: it goes there with the first route. */
  private boolean dispatching;

  /** Each template's Allow header, updated as its routes are registered. */
  private final Map<String, CharSequence> allowed = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * Why a method a template does not take is refused, keyed by template then method: the detail of
   * its 405 (no route, so the method stays out of the Allow header and the route table).
   */
  private final Map<String, Map<HttpMethod, String>> refusals =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * @param prefix the URI space this table owns and answers 404/405 for (e.g. {@code /redfish})
   */
  public RedfishRoutes(Router router, Authenticator authenticator, String prefix) {
    this(router, authenticator, prefix, new QueryEngine(), AccessPolicy.NONE);
  }

  public RedfishRoutes(
      Router router,
      Authenticator authenticator,
      String prefix,
      QueryEngine queries,
      AccessPolicy policy) {
    this.router = router;
    this.authenticator = authenticator;
    this.prefix = prefix;
    this.queries = queries;
    this.policy = policy;
  }

  /**
   * Where the {@code Link: <...>; rel=describedby} header of every GET and HEAD of a resource
   * points: a function from the resource's {@code @odata.type} to its JSON schema's URI. By default
   * DMTF's published schema ({@link SchemaLinks#dmtf}); a service that hosts schemas itself names
   * them here, before routes are served.
   */
  public RedfishRoutes describedBy(Function<String, Optional<String>> schemaUri) {
    this.schemas = Objects.requireNonNull(schemaUri, "schemaUri");
    return this;
  }

  /**
   * The session login route ({@code POST /redfish/v1/SessionService/Sessions}, and the same POST to
   * its {@code Members}): the credentials travel in the body, so the handler authenticates the
   * request itself. The only write that passes without an Authorization header.
   */
  public RedfishRoutes login(String template, Handler<RoutingContext> handler) {
    if (!template.equals(LOGIN_PATH)) {
      throw new IllegalArgumentException(template + " is not the session login path");
    }
    for (String path : List.of(template, template + MEMBERS)) {
      record(
          new RouteEntry(
              HttpMethod.POST,
              path,
              PrivilegeTable.of("SessionCollection", HttpMethod.POST).orElseThrow(),
              Optional.of("SessionCollection"),
              registeringClass()));
      known(HttpMethod.POST, path);
      handle(HttpMethod.POST, path, ctx -> safely(ctx, handler));
    }
    return this;
  }

  /** Whether {@code template} is where sessions are created (the collection or its Members). */
  public static boolean isLogin(String template) {
    return template.equals(LOGIN_PATH) || template.equals(LOGIN_PATH + MEMBERS);
  }

  private static void safely(RoutingContext ctx, Handler<RoutingContext> handler) {
    try {
      handler.handle(ctx);
    } catch (RedfishException e) {
      RedfishResponses.error(ctx, e);
    } catch (RuntimeException | Error e) {
      // Called from a future's callback, where nothing else would catch it: unanswered, the
      // request would hang until the client gave up.
      ctx.fail(e);
    }
  }

  /**
   * A readable resource of Privilege Registry {@code entity}: GET and HEAD render it through {@code
   * renderer}, apply the query options ($expand, $select, $filter, $top/$skip, only), and answer
   * with a strong ETag, or 304 when the client's If-None-Match still matches. The same renderer
   * serves {@code $expand} from other resources.
   */
  public RedfishRoutes resource(String template, String entity, ResourceRenderer renderer) {
    return readable(template, entity, renderer, false);
  }

  /**
   * A collection whose schema auto-expands its members (OData.AutoExpand on {@code Members}, e.g.
   * LogEntryCollection): {@code renderer} lists the members as references, and every GET answers,
   * after {@code $filter} and paging, the page's members rendered in full by the routes of their
   * own URIs.
   */
  public RedfishRoutes expandedCollection(
      String template, String entity, ResourceRenderer renderer) {
    return readable(template, entity, renderer, true);
  }

  /**
   * A readable resource whose body is cached: {@code renderer} is called only when {@code version}
   * differs from the one its last body was rendered at, and a GET whose If-None-Match names the
   * current ETag is answered 304 without rendering. The renderer gets no caller (the body must be
   * the same for everyone who may read it) and must read nothing {@code version} does not cover.
   * Requests with query options are answered from the cached body too.
   */
  public RedfishRoutes resource(
      String template, String entity, ResourceVersion version, ResourceRenderer renderer) {
    return readable(template, entity, renderer, Objects.requireNonNull(version, "version"), false);
  }

  /**
   * A cached resource that the Privilege Registry cannot name, an OEM resource (DSP0266: {@code
   * .../Oem/<OemIdentifier>/...}), read under the explicit {@code rule}; otherwise as {@link
   * #resource(String, String, ResourceVersion, ResourceRenderer)}.
   */
  public RedfishRoutes oemResource(
      String template, PrivilegeRule rule, ResourceVersion version, ResourceRenderer renderer) {
    if (!template.contains("/Oem/")) {
      throw new IllegalArgumentException(template + " is not an OEM resource's URI");
    }
    Readable readable = new Readable(rule, renderer, Objects.requireNonNull(version, "version"));
    readables.put(template, readable);
    return get(template, rule, ctx -> represent(ctx, readable, false));
  }

  private RedfishRoutes readable(
      String template, String entity, ResourceRenderer renderer, boolean expandMembers) {
    return readable(template, entity, renderer, null, expandMembers);
  }

  private RedfishRoutes readable(
      String template,
      String entity,
      ResourceRenderer renderer,
      ResourceVersion version,
      boolean expandMembers) {
    PrivilegeRule rule =
        PrivilegeTable.of(entity, HttpMethod.GET)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "entity '" + entity + "' is not in the privilege table"));
    Readable readable = new Readable(rule, renderer, version);
    readables.put(template, readable);
    return get(template, entity, ctx -> represent(ctx, readable, expandMembers));
  }

  /**
   * Renders the resource at {@code uri} as {@code caller} may see it, or empty when no resource
   * lives there or the caller may not read it. Used for the current ETag of a resource being
   * changed: the tree is the caller's to change.
   */
  public Optional<ObjectNode> render(String uri, Caller caller) {
    return shared(uri, caller).map(ObjectNode::deepCopy);
  }

  /**
   * As {@link #render}, but the tree may be the cached one, shared with every request: for readers
   * that only look (the TelemetryService reading the properties of its reports), which must not
   * change it.
   */
  public Optional<com.fasterxml.jackson.databind.JsonNode> view(String uri, Caller caller) {
    return shared(uri, caller).map(tree -> tree);
  }

  /**
   * As {@link #render}, but the tree may be the cached one, shared with other requests: for the
   * query engine, which never modifies what it resolves. {@code sources}, when given, learns what
   * the tree was made from.
   */
  private Optional<ObjectNode> shared(String uri, Caller caller, Sources sources) {
    int end = uri.length();
    for (int i = 0; i < uri.length(); i++) {
      char c = uri.charAt(i);
      if (c == '?' || c == '#') {
        end = i;
        break;
      }
    }
    String path = uri.substring(0, end);
    TemplateTrie.Match<Readable> match = readables.match(path);
    Readable r = match == null ? null : match.value();
    if (r == null
        || !(r.rule.isNoAuth() || (caller != null && r.rule.isSatisfiedBy(caller.privileges())))) {
      sources.unversioned();
      return Optional.empty();
    }
    try {
      if (r.version != null) {
        return Optional.of(cached(strip(path), r, match.params(), sources).tree());
      }
      sources.unversioned();
      return Optional.of(RedfishResponses.tree(r.renderer.render(match.params(), caller)));
    } catch (RedfishException e) {
      sources.unversioned();
      return Optional.empty();
    }
  }

  private Optional<ObjectNode> shared(String uri, Caller caller) {
    return shared(uri, caller, Sources.IGNORED);
  }

  /**
   * The cached representation of a versioned resource, rendered again when its version moved; the
   * version it was taken at goes to {@code sources}.
   */
  private Representation cached(
      String path, Readable r, Map<String, String> params, Sources sources) {
    Object version = r.version.of(params);
    if (version == null) {
      sources.unversioned();
      return Representation.of(RedfishResponses.tree(r.renderer.render(params, null)), schemas);
    }
    Representation representation =
        cache.get(
            path,
            version,
            () ->
                Representation.of(RedfishResponses.tree(r.renderer.render(params, null)), schemas));
    sources.add(new QueryAnswerCache.Source(r.version, params, version));
    return representation;
  }

  private void represent(RoutingContext ctx, Readable r, boolean expandMembers) {
    Caller caller = caller(ctx).orElse(null);
    String query = ctx.request().query();
    if (r.version == null) {
      QueryOptions options =
          query == null ? QueryOptions.NONE : queries.parse(queryParameters(ctx));
      ObjectNode body = RedfishResponses.tree(r.renderer.render(ctx.pathParams(), caller));
      if (!options.isEmpty() || expandMembers) {
        body = queries.apply(body, options, uri -> shared(uri, caller), expandMembers);
      }
      answer(ctx, body);
      return;
    }
    String path = strip(ctx.normalizedPath());
    if (query == null && !expandMembers) {
      Representation cached = cached(path, r, ctx.pathParams(), Sources.IGNORED);
      cached.answer(ctx);
      return;
    }
    // With query options: the answer is cached as long as everything it was made from stands
    QueryAnswerCache.Key key =
        new QueryAnswerCache.Key(path, query, caller == null ? Set.of() : caller.privileges());
    Representation answered = answers.get(key);
    if (answered == null) {
      QueryOptions options =
          query == null ? QueryOptions.NONE : queries.parse(queryParameters(ctx));
      Sources sources = new Sources();
      Representation cached = cached(path, r, ctx.pathParams(), sources);
      ObjectNode body =
          options.isEmpty() && !expandMembers
              ? cached.tree()
              : queries.apply(
                  cached.tree(), options, uri -> shared(uri, caller, sources), expandMembers);
      answered = Representation.of(body, schemas);
      if (sources.complete()) {
        answers.put(key, sources.list, answered);
      }
    }
    answered.answer(ctx);
  }

  /** What one answer was made of, as far as it can be checked again. */
  private static class Sources {
    /** For requests that are not cached: learns nothing. */
    static final Sources IGNORED =
        new Sources() {
          @Override
          void add(QueryAnswerCache.Source source) {}

          @Override
          void unversioned() {}
        };

    final List<QueryAnswerCache.Source> list = new ArrayList<>();
    private boolean complete = true;

    void add(QueryAnswerCache.Source source) {
      list.add(source);
    }

    /** The answer read something without a version: it cannot be checked, so it is not kept. */
    void unversioned() {
      complete = false;
    }

    boolean complete() {
      return complete;
    }
  }

  private void answer(RoutingContext ctx, ObjectNode body) {
    describe(ctx, body);
    RedfishResponses.representation(ctx, body);
  }

  /**
   * DSP0266: a GET or HEAD of a resource answers a Link header naming the JSON schema that
   * describes it.
   */
  private void describe(RoutingContext ctx, ObjectNode body) {
    String link = Representation.linkOf(body, schemas);
    if (link != null) {
      ctx.response().putHeader("Link", link);
    }
  }

  private static Map<String, List<String>> queryParameters(RoutingContext ctx) {
    Map<String, List<String>> params = new java.util.LinkedHashMap<>();
    for (String name : ctx.queryParams().names()) {
      params.put(name, ctx.queryParams().getAll(name));
    }
    return params;
  }

  /** A resource that can be rendered by URI; {@code version} null when it is not cached. */
  private record Readable(PrivilegeRule rule, ResourceRenderer renderer, ResourceVersion version) {}

  /**
   * GET (and HEAD) of a resource of Privilege Registry {@code entity}, with the registry's
   * privileges.
   */
  public RedfishRoutes get(String template, String entity, Handler<RoutingContext> handler) {
    register(HttpMethod.GET, template, entity, handler);
    return register(HttpMethod.HEAD, template, entity, handler);
  }

  /**
   * A POST on a resource of {@code entity}. A POST to a collection is also taken at the URI of its
   * {@code Members} (DSP0266), by the same handler and with the same privilege.
   */
  public RedfishRoutes post(String template, String entity, Handler<RoutingContext> handler) {
    register(HttpMethod.POST, template, entity, handler);
    if (entity.endsWith("Collection")) {
      register(HttpMethod.POST, template + MEMBERS, entity, handler);
    }
    return this;
  }

  public RedfishRoutes patch(String template, String entity, Handler<RoutingContext> handler) {
    return register(HttpMethod.PATCH, template, entity, handler);
  }

  public RedfishRoutes put(String template, String entity, Handler<RoutingContext> handler) {
    return register(HttpMethod.PUT, template, entity, handler);
  }

  public RedfishRoutes delete(String template, String entity, Handler<RoutingContext> handler) {
    return register(HttpMethod.DELETE, template, entity, handler);
  }

  /**
   * A route on a resource of {@code entity}: the privilege is the Privilege Registry's for that
   * entity and method.
   */
  public RedfishRoutes register(
      HttpMethod method, String template, String entity, Handler<RoutingContext> handler) {
    PrivilegeRule rule =
        PrivilegeTable.of(entity, method)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        method
                            + " "
                            + template
                            + ": entity '"
                            + entity
                            + "' is not in the privilege table"));
    return add(method, template, rule, Optional.of(entity), handler);
  }

  /**
   * GET (and HEAD) with an explicit rule, for routes outside the Redfish data model ($metadata,
   * /sim).
   */
  public RedfishRoutes get(String template, PrivilegeRule rule, Handler<RoutingContext> handler) {
    add(HttpMethod.GET, template, rule, Optional.empty(), handler);
    return add(HttpMethod.HEAD, template, rule, Optional.empty(), handler);
  }

  /**
   * GET (and HEAD) of a static file of a page the service ships (its HTML, script, style sheet):
   * open to everyone, as the service root is, because such a file holds no data; what the page
   * shows it reads from the service with its user's own session. Never under {@code /redfish}.
   */
  public RedfishRoutes staticFile(String template, Handler<RoutingContext> handler) {
    if (template.startsWith("/redfish") || template.contains("{")) {
      throw new IllegalArgumentException(template + " is not a static file's path");
    }
    staticFiles.add(template);
    add(HttpMethod.GET, template, PrivilegeRule.NO_AUTH, Optional.empty(), handler);
    return add(HttpMethod.HEAD, template, PrivilegeRule.NO_AUTH, Optional.empty(), handler);
  }

  /**
   * Says why {@code method} on {@code template} is not allowed: its 405 (OperationNotAllowed, with
   * the Allow header of the methods the resource takes) carries {@code detail} as its message. For
   * a method a client may well try, such as DELETE of a resource that cannot be deleted, so that
   * the answer names the way that exists. The method is not registered: it stays out of Allow.
   */
  public RedfishRoutes notAllowed(HttpMethod method, String template, String detail) {
    if (handlerOf(template, method) != null) {
      throw new IllegalArgumentException(method + " " + template + " is a route");
    }
    refusals
        .computeIfAbsent(template, t -> new java.util.concurrent.ConcurrentHashMap<>())
        .put(method, Objects.requireNonNull(detail, "detail"));
    return this;
  }

  /** A route with an explicit rule, for routes outside the Redfish data model. */
  public RedfishRoutes register(
      HttpMethod method, String template, PrivilegeRule rule, Handler<RoutingContext> handler) {
    return add(method, template, rule, Optional.empty(), handler);
  }

  private RedfishRoutes add(
      HttpMethod method,
      String template,
      PrivilegeRule rule,
      Optional<String> entity,
      Handler<RoutingContext> handler) {
    Objects.requireNonNull(
        rule, () -> "route " + method + " " + template + " has no privilege rule");
    Objects.requireNonNull(handler, "handler");
    if (!template.startsWith(prefix)) {
      throw new IllegalArgumentException("route " + template + " lies outside " + prefix);
    }
    if (rule.isNoAuth()
        && !((NO_AUTH_PATHS.contains(template) || staticFiles.contains(template))
            && isRead(method))) {
      throw new IllegalArgumentException(
          method + " " + template + " may not be registered without authentication");
    }
    if (methods.getOrDefault(template, Set.of()).contains(method)) {
      throw new IllegalArgumentException(
          "route " + method + " " + template + " is registered twice");
    }
    record(new RouteEntry(method, template, rule, entity, registeringClass()));
    known(method, template);
    // "/redfish/v1/" and "/redfish/v1" name the same resource: the look-up ignores a trailing slash
    handle(method, template, ctx -> route(ctx, template, rule, handler));
    return this;
  }

  /**
   * Files {@code handler} for {@code method} on {@code template}, where {@link #dispatch} finds it.
   */
  private void handle(HttpMethod method, String template, Handler<RoutingContext> handler) {
    if (!dispatching) {
      router.route().handler(this::dispatch);
      dispatching = true;
    }
    handlers
        .computeIfAbsent(template, t -> new java.util.concurrent.ConcurrentHashMap<>())
        .put(method, handler);
  }

  /**
   * Hands a request to the handler of its template and method: a registered literal template first
   * (it names that resource, never a member of a template beside it), then the template the path
   * belongs to, literal segments first. A path or method with no handler goes on to the routes
   * after (404 or 405 from {@link #unmatched}).
   */
  private void dispatch(RoutingContext ctx) {
    String path = ctx.normalizedPath();
    if (!path.startsWith(prefix)) {
      ctx.next();
      return;
    }
    HttpMethod method = ctx.request().method();
    String literal = literals.get(strip(path));
    if (literal != null) {
      Handler<RoutingContext> handler = handlerOf(literal, method);
      if (handler == null) {
        ctx.next();
      } else {
        handler.handle(ctx);
      }
      return;
    }
    TemplateTrie.Match<String> match = templates.match(path);
    Handler<RoutingContext> handler = match == null ? null : handlerOf(match.template(), method);
    if (handler == null && match != null && !match.template().endsWith(MEMBERS)) {
      // another template of the same shape may have this method; a collection's Members alias
      // names that property, never a member called "Members" (405 for its other methods)
      for (TemplateTrie.Match<String> other : templates.matchAll(path)) {
        handler = handlerOf(other.template(), method);
        if (handler != null) {
          match = other;
          break;
        }
      }
    }
    if (handler == null) {
      ctx.next();
      return;
    }
    Map<String, String> params = ctx.pathParams();
    params.clear();
    match
        .params()
        .forEach(
            (name, value) ->
                params.put(
                    name,
                    value.indexOf('%') < 0
                        ? value
                        : io.vertx.core.internal.net.RFC3986.decodeURIComponent(value, false)));
    handler.handle(ctx);
  }

  private Handler<RoutingContext> handlerOf(String template, HttpMethod method) {
    Map<HttpMethod, Handler<RoutingContext>> byMethod = handlers.get(template);
    return byMethod == null ? null : byMethod.get(method);
  }

  /**
   * Files a registered route where requests find it without a search: its template in the trie, a
   * literal one by its path, and the method in the template's Allow header.
   */
  private void known(HttpMethod method, String template) {
    boolean variable = hasVariables(template);
    if (variable) {
      for (String segment : TemplateTrie.segments(template)) {
        if (segment.indexOf('{') >= 0 && !TemplateTrie.isVariable(segment)) {
          throw new IllegalArgumentException(
              "route " + template + ": a variable must be a whole path segment");
        }
      }
    } else {
      literals.putIfAbsent(strip(template), template);
    }
    templates.put(template, template);
    allowed.put(template, io.vertx.core.http.HttpHeaders.createOptimized(allowOf(template)));
  }

  private static boolean hasVariables(String template) {
    return template.indexOf('{') >= 0 && TEMPLATE_VARIABLE.matcher(template).find();
  }

  private void route(
      RoutingContext ctx, String template, PrivilegeRule rule, Handler<RoutingContext> handler) {
    routedBy(ctx, template);
    if (isRead(ctx.request().method())) {
      // DSP0266: GET and HEAD answers say which methods the resource supports
      ctx.response().putHeader(ALLOW, allowed.get(template));
    }
    guard(ctx, rule, handler);
  }

  /** The methods registered for {@code template}, as an Allow header lists them. */
  private String allowOf(String template) {
    return methods.get(template).stream().map(HttpMethod::name).collect(Collectors.joining(", "));
  }

  private void record(RouteEntry entry) {
    entries.add(entry);
    methods.computeIfAbsent(entry.template(), t -> new LinkedHashSet<>()).add(entry.method());
  }

  /**
   * The literal template (one without variables) that is exactly {@code path}, if one is
   * registered.
   */
  private Optional<String> literal(String path) {
    return Optional.ofNullable(literals.get(strip(path)));
  }

  /**
   * Adds the fallback for everything under the prefix that no route matched. Call once, after all
   * registrations.
   */
  public void seal() {
    router.route(prefix + "*").handler(this::unmatched);
  }

  public List<RouteEntry> entries() {
    return List.copyOf(entries);
  }

  /** The authenticated caller of the current request (absent only on NoAuth routes). */
  public static java.util.Optional<Caller> caller(RoutingContext ctx) {
    return java.util.Optional.ofNullable(ctx.get(CALLER_KEY));
  }

  /**
   * The template of the route that took the current request ({@code
   * /redfish/v1/Chassis/{ChassisId}}), absent when none did: a bounded name for the request, where
   * its path is not.
   */
  public static java.util.Optional<String> template(RoutingContext ctx) {
    return java.util.Optional.ofNullable(ctx.get(TEMPLATE_KEY));
  }

  /** Names {@code template} as the route that took the request, for handlers outside a table. */
  public static void routedBy(RoutingContext ctx, String template) {
    ctx.put(TEMPLATE_KEY, template);
  }

  /** The simple name of the class that called into this table: the resource that owns the route. */
  private static String registeringClass() {
    return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
        .walk(
            frames ->
                frames
                    .map(StackWalker.StackFrame::getDeclaringClass)
                    .filter(c -> c != RedfishRoutes.class)
                    .findFirst()
                    .map(Class::getSimpleName)
                    .orElse("?"));
  }

  private void guard(RoutingContext ctx, PrivilegeRule rule, Handler<RoutingContext> handler) {
    if (rule.isNoAuth()) {
      handler.handle(ctx);
      return;
    }
    authenticator
        .authenticate(ctx.request())
        .onSuccess(
            caller -> {
              if (caller.isEmpty()) {
                RedfishResponses.error(ctx, RedfishErrors.unauthorized());
                return;
              }
              // Known from here on, also when refused below: the security log names who was
              // refused.
              ctx.put(CALLER_KEY, caller.get());
              if (!rule.isSatisfiedBy(caller.get().privileges())) {
                RedfishResponses.error(ctx, RedfishErrors.forbidden());
              } else {
                Optional<RedfishException> refusal =
                    policy.refuse(caller.get(), ctx.request().method(), ctx.normalizedPath());
                if (refusal.isPresent()) {
                  RedfishResponses.error(ctx, refusal.get());
                  return;
                }
                ctx.put(CALLER_KEY, caller.get());
                safely(ctx, handler);
              }
            })
        .onFailure(ctx::fail);
  }

  private void unmatched(RoutingContext ctx) {
    authenticator
        .authenticate(ctx.request())
        .onSuccess(
            caller -> {
              if (caller.isEmpty()) {
                RedfishResponses.error(ctx, RedfishErrors.unauthorized());
                return;
              }
              Set<HttpMethod> allowed = methodsFor(ctx.normalizedPath());
              if (allowed.isEmpty()) {
                RedfishResponses.error(
                    ctx, RedfishErrors.notFound("Resource", ctx.normalizedPath()));
              } else {
                String allow =
                    allowed.stream().map(HttpMethod::name).collect(Collectors.joining(", "));
                RedfishException refused = RedfishErrors.methodNotAllowed(allow);
                Optional<String> why = refusal(ctx.normalizedPath(), ctx.request().method());
                RedfishResponses.error(ctx, why.map(refused::withDetail).orElse(refused));
              }
            })
        .onFailure(ctx::fail);
  }

  private Set<String> templatesOf(String path) {
    Optional<String> literal = literal(path);
    Set<String> matching = new java.util.HashSet<>();
    if (literal.isPresent()) {
      matching.add(literal.get());
    } else {
      templates.matchAll(path).forEach(m -> matching.add(m.value()));
    }
    return matching;
  }

  /** The reason given for refusing {@code method} on {@code path}, if one was. */
  private Optional<String> refusal(String path, HttpMethod method) {
    for (String template : templatesOf(path)) {
      Map<HttpMethod, String> byMethod = refusals.get(template);
      if (byMethod != null && byMethod.containsKey(method)) {
        return Optional.of(byMethod.get(method));
      }
    }
    return Optional.empty();
  }

  private Set<HttpMethod> methodsFor(String path) {
    Set<String> matching = templatesOf(path);
    Set<HttpMethod> methods = new LinkedHashSet<>();
    for (RouteEntry e : entries) {
      if (matching.contains(e.template())) {
        methods.add(e.method());
      }
    }
    return methods;
  }

  private static String strip(String path) {
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }

  /** Redfish {@code {Name}} variables become Vert.x {@code :Name} parameters. */
  static String vertxPath(String template) {
    return TEMPLATE_VARIABLE.matcher(template).replaceAll(":$1");
  }

  private static boolean isRead(HttpMethod method) {
    return method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD);
  }
}
