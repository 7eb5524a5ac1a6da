package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.compose.Reservation;
import io.gpuchassis.agent.compose.ReservationConflict;
import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.PatchRefusals;
import io.gpuchassis.redfish.message.BaseMessages;
import io.gpuchassis.redfish.message.CompositionMessages;
import io.gpuchassis.redfish.message.MessageInstance;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code PATCH} of a resource block's {@code CompositionStatus.Reserved} (ReadWrite in DSP2050's
 * schema): {@code true} reserves the block for the caller, as the Compose action's {@code
 * PreviewReserve} does (a CompositionReservation of that block, held for the service's
 * ReservationDuration); {@code false} ends the caller's reservation of that block alone. Another
 * client's reservation is theirs, and one made with other blocks ends by deleting it.
 */
final class BlockReservationPatch {

  private final Reservations reservations;

  BlockReservationPatch(Reservations reservations) {
    this.reservations = reservations;
  }

  /**
   * Applies {@code body} to the block at {@code uri} (a GPU's {@code slots}, or a host's {@code
   * hosts}) for {@code client}.
   *
   * @param shown the block as the caller reads it now
   * @param composed whether the block is part of a composition now (then it cannot be reserved)
   */
  void apply(
      ObjectNode body,
      ObjectNode shown,
      String uri,
      Set<Integer> slots,
      Set<String> hosts,
      boolean composed,
      String client) {
    boolean reserve = read(body, shown);
    Optional<Reservation> holder =
        reservations.current().stream()
            .filter(
                r ->
                    slots.stream().anyMatch(r.slots()::contains)
                        || hosts.stream().anyMatch(r.hosts()::contains))
            .findFirst();
    if (holder.isPresent() && !holder.get().client().equals(client)) {
      throw RedfishErrors.of(
              CompositionMessages.SPECIFIED_RESOURCE_ALREADY_RESERVED.with(uri, holder.get().id()))
          .withDetail("Another client holds it.");
    }
    if (reserve) {
      if (holder.isPresent()) {
        return; // the caller holds it already
      }
      if (composed) {
        throw RedfishErrors.of(CompositionMessages.RESOURCE_BLOCK_IN_USE.with(uri));
      }
      try {
        // A manifest without stanzas: the reservation holds the block and composes nothing
        reservations.reserve(
            client,
            slots,
            hosts,
            "{\"Description\": \""
                + uri
                + " reserved by a PATCH of its CompositionStatus.Reserved\","
                + " \"Stanzas\": []}");
      } catch (ReservationConflict e) {
        throw RedfishErrors.of(
            CompositionMessages.SPECIFIED_RESOURCE_ALREADY_RESERVED.with(uri, e.holder().id()));
      }
      return;
    }
    if (holder.isEmpty()) {
      return; // not reserved
    }
    Reservation mine = holder.get();
    if (mine.slots().size() + mine.hosts().size() > 1) {
      throw RedfishErrors.of(
              CompositionMessages.SPECIFIED_RESOURCE_ALREADY_RESERVED.with(uri, mine.id()))
          .withDetail(
              "Reservation "
                  + mine.id()
                  + " holds other blocks too; DELETE it to release them all.");
    }
    reservations.release(mine.id());
  }

  /** The Reserved asked for; everything else in the body is refused, all in one 400. */
  private static boolean read(ObjectNode body, ObjectNode shown) {
    List<MessageInstance> problems = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      String name = it.next().getKey();
      if (!name.startsWith("@odata.") && !name.equals("CompositionStatus")) {
        problems.add(PatchRefusals.of(name, shown.has(name), "/" + name));
      }
    }
    JsonNode status = body.path("CompositionStatus");
    for (Iterator<String> it = status.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!name.equals("Reserved")) {
        problems.add(
            PatchRefusals.of(
                "CompositionStatus/" + name,
                shown.path("CompositionStatus").has(name),
                "/CompositionStatus/" + name));
      }
    }
    JsonNode reserved = status.path("Reserved");
    if (reserved.isMissingNode()) {
      problems.add(
          BaseMessages.PROPERTY_MISSING
              .with("CompositionStatus/Reserved")
              .about("/CompositionStatus/Reserved"));
    } else if (!reserved.isBoolean()) {
      problems.add(
          BaseMessages.PROPERTY_VALUE_TYPE_ERROR
              .with(reserved.toString(), "CompositionStatus/Reserved")
              .about("/CompositionStatus/Reserved"));
    }
    if (!problems.isEmpty()) {
      throw RedfishErrors.of(problems);
    }
    return reserved.asBoolean();
  }
}
