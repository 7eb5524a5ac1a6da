package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.compose.Reservation;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Offload;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.json.RedfishJson;
import io.gpuchassis.redfish.model.CompositionReservation;
import io.gpuchassis.redfish.model.Manifest;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code CompositionService/CompositionReservations[/{id}]}: the blocks a PreviewReserve holds for
 * its client until the reservation expires, is applied, or is deleted ({@code DELETE} frees them).
 */
final class CompositionReservationResource {

  private final Vertx vertx;
  private final Reservations reservations;

  CompositionReservationResource(Vertx vertx, Reservations reservations) {
    this.vertx = vertx;
    this.reservations = reservations;
  }

  void register(RedfishRoutes routes) {
    String member = Uris.COMPOSITION_RESERVATION_TEMPLATE;
    routes.resource(
        Uris.COMPOSITION_RESERVATIONS,
        "CompositionReservationCollection",
        (params, caller) ->
            Collections.render(
                Schemas.COMPOSITION_RESERVATION_COLLECTION,
                Uris.COMPOSITION_RESERVATIONS,
                "Composition Reservations",
                reservations.current().stream()
                    .map(r -> Uris.compositionReservation(r.id()))
                    .toList()));
    routes.resource(
        member,
        "CompositionReservation",
        (params, caller) -> render(find(params.get("ReservationId"))));
    routes.delete(member, "CompositionReservation", this::delete);
  }

  private Reservation find(String id) {
    return reservations
        .find(id)
        .orElseThrow(() -> RedfishErrors.notFound("CompositionReservation", id));
  }

  static CompositionReservation render(Reservation r) {
    List<String> blocks = new ArrayList<>();
    r.hosts().stream().sorted().forEach(h -> blocks.add(Uris.hostResourceBlock(h)));
    r.slots().stream().sorted().forEach(s -> blocks.add(Uris.resourceBlock(s)));
    return new CompositionReservation()
        .atOdataId(Uris.compositionReservation(r.id()))
        .atOdataType(Schemas.COMPOSITION_RESERVATION.odataType())
        .id(r.id())
        .name("Composition reservation " + r.id())
        .description(
            "Held for "
                + r.client()
                + " until "
                + r.expires()
                + "; applied with CompositionService.Compose "
                + "(RequestType Apply, ReservationId "
                + r.id()
                + ")")
        .reservationTime(r.created().atOffset(ZoneOffset.UTC))
        .client(r.client())
        .reservedResourceBlocks(blocks.stream().map(Uris::ref).toList())
        .manifest(manifest(r.manifest()));
  }

  static Manifest manifest(String json) {
    try {
      return RedfishJson.mapper().readValue(json, Manifest.class);
    } catch (IOException e) {
      throw new UncheckedIOException("a stored reservation manifest cannot be read", e);
    }
  }

  private void delete(RoutingContext ctx) {
    String id = ctx.pathParam("ReservationId");
    find(id);
    Offload.run(
        vertx,
        ctx,
        () -> reservations.release(id),
        released -> {
          if (!released) {
            throw RedfishErrors.notFound("CompositionReservation", id);
          }
          ctx.response().setStatusCode(204).putHeader("OData-Version", "4.0").end();
        });
  }
}
