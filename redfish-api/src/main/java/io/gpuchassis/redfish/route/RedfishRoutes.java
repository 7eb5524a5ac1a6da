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
import java.util.regex.Matcher;
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
  private static final Pattern TEMPLATE_VARIABLE = Pattern.compile("\\{(\\w+)}");

  private final Router router;
  private final Authenticator authenticator;
  private final String prefix;
  private final QueryEngine queries;
  private final AccessPolicy policy;
  private final List<RouteEntry> entries = new ArrayList<>();
  private final List<Readable> readables = new ArrayList<>();

  /**
   * The URI of the JSON schema that describes a resource of the given {@code @odata.type}, for its
   * Link header.
   */
  private Function<String, Optional<String>> schemas = SchemaLinks::dmtf;

  /** Each template's Allow header, made at its first read (every route is registered by then). */
  private final Map<String, String> allowed = new java.util.concurrent.ConcurrentHashMap<>();

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
      entries.add(
          new RouteEntry(
              HttpMethod.POST,
              path,
              PrivilegeTable.of("SessionCollection", HttpMethod.POST).orElseThrow(),
              Optional.of("SessionCollection"),
              registeringClass()));
      router.route(HttpMethod.POST, vertxPath(path)).handler(ctx -> safely(ctx, handler));
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
    } catch (RuntimeException e) {
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

  private RedfishRoutes readable(
      String template, String entity, ResourceRenderer renderer, boolean expandMembers) {
    PrivilegeRule rule =
        PrivilegeTable.of(entity, HttpMethod.GET)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "entity '" + entity + "' is not in the privilege table"));
    readables.add(new Readable(templatePattern(template), variables(template), rule, renderer));
    return get(template, entity, ctx -> represent(ctx, renderer, expandMembers));
  }

  /**
   * Renders the resource at {@code uri} as {@code caller} may see it, or empty when no resource
   * lives there or the caller may not read it. Used for $expand and for the current ETag of a
   * resource being changed.
   */
  public Optional<ObjectNode> render(String uri, Caller caller) {
    String path = strip(uri.split("[?#]")[0]);
    for (Readable r : readables) {
      Matcher m = r.pattern.matcher(path);
      if (m.matches()
          && (r.rule.isNoAuth() || (caller != null && r.rule.isSatisfiedBy(caller.privileges())))) {
        Map<String, String> params = new java.util.HashMap<>();
        for (int i = 0; i < r.variables.size(); i++) {
          params.put(r.variables.get(i), m.group(i + 1));
        }
        try {
          return Optional.of(RedfishResponses.tree(r.renderer.render(params, caller)));
        } catch (RedfishException e) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  private void represent(RoutingContext ctx, ResourceRenderer renderer, boolean expandMembers) {
    Caller caller = caller(ctx).orElse(null);
    QueryOptions options = queries.parse(queryParameters(ctx));
    ObjectNode body = RedfishResponses.tree(renderer.render(ctx.pathParams(), caller));
    if (!options.isEmpty() || expandMembers) {
      body = queries.apply(body, options, uri -> render(uri, caller), expandMembers);
    }
    describe(ctx, body);
    RedfishResponses.representation(ctx, body);
  }

  /**
   * DSP0266: a GET or HEAD of a resource answers a Link header naming the JSON schema that
   * describes it.
   */
  private void describe(RoutingContext ctx, ObjectNode body) {
    com.fasterxml.jackson.databind.JsonNode type = body.get("@odata.type");
    if (type != null && type.isTextual()) {
      schemas
          .apply(type.asText())
          .ifPresent(uri -> ctx.response().putHeader("Link", "<" + uri + ">; rel=describedby"));
    }
  }

  private static Map<String, List<String>> queryParameters(RoutingContext ctx) {
    Map<String, List<String>> params = new java.util.LinkedHashMap<>();
    for (String name : ctx.queryParams().names()) {
      params.put(name, ctx.queryParams().getAll(name));
    }
    return params;
  }

  private static List<String> variables(String template) {
    List<String> names = new ArrayList<>();
    Matcher m = TEMPLATE_VARIABLE.matcher(template);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  /** A resource that can be rendered by URI. */
  private record Readable(
      Pattern pattern, List<String> variables, PrivilegeRule rule, ResourceRenderer renderer) {}

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
    if (rule.isNoAuth() && !(NO_AUTH_PATHS.contains(template) && isRead(method))) {
      throw new IllegalArgumentException(
          method + " " + template + " may not be registered without authentication");
    }
    for (RouteEntry e : entries) {
      if (e.method().equals(method) && e.template().equals(template)) {
        throw new IllegalArgumentException(
            "route " + method + " " + template + " is registered twice");
      }
    }
    entries.add(new RouteEntry(method, template, rule, entity, registeringClass()));
    router.route(method, vertxPath(template)).handler(ctx -> route(ctx, template, rule, handler));
    if (template.length() > 1 && template.endsWith("/")) {
      // "/redfish/v1/" and "/redfish/v1" name the same resource
      router
          .route(method, vertxPath(strip(template)))
          .handler(ctx -> route(ctx, template, rule, handler));
    }
    return this;
  }

  /**
   * A path that is a registered literal template (e.g. {@code /redfish/v1/Systems/Capabilities})
   * names that resource, never a member of a template beside it ({@code
   * /redfish/v1/Systems/{SystemId}}): the template's route passes it on, so a method the literal
   * resource lacks is answered 405 like any other.
   */
  private void route(
      RoutingContext ctx, String template, PrivilegeRule rule, Handler<RoutingContext> handler) {
    if (TEMPLATE_VARIABLE.matcher(template).find() && literal(ctx.normalizedPath()).isPresent()) {
      ctx.next();
      return;
    }
    if (isRead(ctx.request().method())) {
      // DSP0266: GET and HEAD answers say which methods the resource supports
      ctx.response().putHeader("Allow", allowed.computeIfAbsent(template, this::allowOf));
    }
    guard(ctx, rule, handler);
  }

  /** The methods registered for {@code template}, as an Allow header lists them. */
  private String allowOf(String template) {
    return entries.stream()
        .filter(e -> e.template().equals(template))
        .map(e -> e.method().name())
        .distinct()
        .collect(Collectors.joining(", "));
  }

  /**
   * The literal template (one without variables) that is exactly {@code path}, if one is
   * registered.
   */
  private Optional<String> literal(String path) {
    String normalized = strip(path);
    return entries.stream()
        .map(RouteEntry::template)
        .filter(t -> !TEMPLATE_VARIABLE.matcher(t).find() && strip(t).equals(normalized))
        .findFirst();
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
                RedfishResponses.error(ctx, RedfishErrors.methodNotAllowed(allow));
              }
            })
        .onFailure(ctx::fail);
  }

  private Set<HttpMethod> methodsFor(String path) {
    String normalized = strip(path);
    Optional<String> literal = literal(path);
    Set<HttpMethod> methods = new LinkedHashSet<>();
    for (RouteEntry e : entries) {
      boolean same =
          literal.isPresent()
              ? e.template().equals(literal.get())
              : templatePattern(e.template()).matcher(normalized).matches();
      if (same) {
        methods.add(e.method());
      }
    }
    return methods;
  }

  private static Pattern templatePattern(String template) {
    Matcher m = TEMPLATE_VARIABLE.matcher(strip(template));
    StringBuilder regex = new StringBuilder();
    int last = 0;
    while (m.find()) {
      regex.append(Pattern.quote(strip(template).substring(last, m.start()))).append("([^/]+)");
      last = m.end();
    }
    regex.append(Pattern.quote(strip(template).substring(last)));
    return Pattern.compile(regex.toString());
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
