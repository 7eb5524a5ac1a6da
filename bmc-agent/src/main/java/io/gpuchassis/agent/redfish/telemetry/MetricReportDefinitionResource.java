package io.gpuchassis.agent.redfish.telemetry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.telemetry.MetricSpec;
import io.gpuchassis.agent.telemetry.ReportDefinition;
import io.gpuchassis.agent.telemetry.Telemetry;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.model.Health;
import io.gpuchassis.redfish.model.MetricReportDefinition;
import io.gpuchassis.redfish.model.MetricReportDefinitionType;
import io.gpuchassis.redfish.model.ReportActionsEnum;
import io.gpuchassis.redfish.model.ReportMetric;
import io.gpuchassis.redfish.model.ReportUpdatesEnum;
import io.gpuchassis.redfish.model.Schedule;
import io.gpuchassis.redfish.model.State;
import io.gpuchassis.redfish.model.Status;
import io.gpuchassis.redfish.query.ETags;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /redfish/v1/TelemetryService/MetricReportDefinitions}: which metrics are collected, when
 * and where their reports go. Created by POST, changed by PATCH, removed by DELETE, each with
 * ConfigureManager (Privilege Registry); at most {@link Telemetry#MAX_DEFINITIONS}. The chassis
 * starts with a few ({@code GPUs}, {@code PCIeLinks}, {@code Environment}, {@code LinkChanges}),
 * which are definitions like any other.
 */
public final class MetricReportDefinitionResource {

  private final Telemetry telemetry;
  private final Vertx vertx;
  private RedfishRoutes routes;

  public MetricReportDefinitionResource(Telemetry telemetry, Vertx vertx) {
    this.telemetry = telemetry;
    this.vertx = vertx;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    routes.resource(
        Uris.METRIC_REPORT_DEFINITIONS,
        "MetricReportDefinitionCollection",
        (params, caller) ->
            Collections.render(
                Schemas.METRIC_REPORT_DEFINITION_COLLECTION,
                Uris.METRIC_REPORT_DEFINITIONS,
                "Metric Report Definitions",
                telemetry.definitions().stream()
                    .map(d -> Uris.metricReportDefinition(d.id()))
                    .toList()));
    routes.post(
        Uris.METRIC_REPORT_DEFINITIONS, "MetricReportDefinitionCollection", this::handleCreate);
    String member = Uris.METRIC_REPORT_DEFINITION_TEMPLATE;
    routes.resource(
        member,
        "MetricReportDefinition",
        (params, caller) -> render(find(params.get("MetricReportDefinitionId"))));
    routes.patch(member, "MetricReportDefinition", this::handlePatch);
    routes.delete(member, "MetricReportDefinition", this::handleDelete);
  }

  MetricReportDefinition render(ReportDefinition d) {
    List<ReportActionsEnum> actions = new ArrayList<>();
    if (d.logToCollection()) {
      actions.add(ReportActionsEnum.LOG_TO_METRIC_REPORTS_COLLECTION);
    }
    if (d.sendEvent()) {
      actions.add(ReportActionsEnum.REDFISH_EVENT);
    }
    MetricReportDefinition r =
        new MetricReportDefinition()
            .atOdataId(Uris.metricReportDefinition(d.id()))
            .atOdataType(Schemas.METRIC_REPORT_DEFINITION.odataType())
            .id(d.id())
            .name(d.name())
            .metricReportDefinitionType(MetricReportDefinitionType.fromValue(d.type().name()))
            .metricReportDefinitionEnabled(d.enabled())
            .reportActions(actions)
            .reportUpdates(ReportUpdatesEnum.OVERWRITE)
            .metrics(
                d.metrics().stream()
                    .map(
                        m -> {
                          ReportMetric metric =
                              new ReportMetric()
                                  .metricProperties(
                                      m.properties().isEmpty()
                                          ? m.metricId()
                                              .flatMap(telemetry.catalog()::byId)
                                              .map(MetricSpec::properties)
                                              .orElse(List.of())
                                          : m.properties());
                          m.metricId().ifPresent(metric::metricId);
                          return metric;
                        })
                    .toList())
            .status(
                new Status().state(d.enabled() ? State.ENABLED : State.DISABLED).health(Health.OK));
    d.interval().ifPresent(i -> r.schedule(new Schedule().recurrenceInterval(i.toString())));
    if (telemetry.reportIds().contains(d.id())) {
      r.metricReport(Uris.ref(Uris.metricReport(d.id())));
    }
    return r;
  }

  private void handleCreate(RoutingContext ctx) {
    ReportDefinitionRequest request =
        ReportDefinitionRequest.create(RequestBodies.object(ctx), freeId()).checked();
    Offload.run(
        vertx,
        ctx,
        () -> {
          ReportDefinition d = request.definition(telemetry);
          synchronized (telemetry) {
            if (telemetry.definition(d.id()).isPresent()) {
              throw RedfishErrors.of(
                  BaseMessages.RESOURCE_ALREADY_EXISTS
                      .with("MetricReportDefinition", "Id", d.id())
                      .about("/Id"));
            }
            if (telemetry.full()) {
              throw RedfishErrors.of(BaseMessages.CREATE_LIMIT_REACHED_FOR_RESOURCE.with())
                  .withDetail(
                      "There are already "
                          + Telemetry.MAX_DEFINITIONS
                          + " metric report definitions.");
            }
            telemetry.save(d);
          }
          return d;
        },
        created -> {
          ObjectNode body = RedfishResponses.tree(render(created));
          ctx.response()
              .putHeader("Location", Uris.metricReportDefinition(created.id()))
              .putHeader("ETag", ETags.of(body));
          RedfishResponses.json(ctx, 201, body);
        });
  }

  private void handlePatch(RoutingContext ctx) {
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    ReportDefinition current = find(ctx.pathParams().get("MetricReportDefinitionId"));
    Preconditions.checkIfMatch(
        ctx, routes.render(Uris.metricReportDefinition(current.id()), caller).orElseThrow());
    ReportDefinitionRequest request =
        ReportDefinitionRequest.patch(RequestBodies.object(ctx), current).checked();
    Offload.run(
        vertx,
        ctx,
        () -> {
          ReportDefinition changed = request.definition(telemetry);
          synchronized (telemetry) {
            find(current.id());
            telemetry.save(changed);
          }
          return changed;
        },
        changed ->
            RedfishResponses.changed(ctx, RedfishResponses.tree(render(changed)), List.of()));
  }

  private void handleDelete(RoutingContext ctx) {
    ReportDefinition d = find(ctx.pathParams().get("MetricReportDefinitionId"));
    Offload.run(
        vertx,
        ctx,
        () -> {
          if (!telemetry.delete(d.id())) {
            throw notFound(d.id());
          }
          return null;
        },
        done -> ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end());
  }

  /** The first {@code ReportN} no definition has, for a create that names no Id. */
  private String freeId() {
    for (int n = 1; ; n++) {
      String id = "Report" + n;
      if (telemetry.definition(id).isEmpty()) {
        return id;
      }
    }
  }

  private ReportDefinition find(String id) {
    return telemetry.definition(id).orElseThrow(() -> notFound(id));
  }

  private static RedfishException notFound(String id) {
    return RedfishErrors.notFound("MetricReportDefinition", id);
  }
}
