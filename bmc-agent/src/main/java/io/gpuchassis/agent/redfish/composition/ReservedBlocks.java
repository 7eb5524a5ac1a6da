package io.gpuchassis.agent.redfish.composition;

import io.gpuchassis.agent.compose.Reservations;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.message.CompositionMessages;
import java.util.Set;

/**
 * The refusal every view gives a client that asks to bind a GPU (or compose a host) another
 * client's composition reservation holds: 409 SpecifiedResourceAlreadyReserved, naming the block
 * and the reservation.
 */
public final class ReservedBlocks {

  private ReservedBlocks() {}

  public static void refuseIfHeld(
      Reservations reservations, String client, Set<Integer> slots, Set<String> hosts) {
    reservations
        .conflicting(client, slots, hosts)
        .ifPresent(
            r -> {
              String block =
                  slots.stream()
                      .filter(r.slots()::contains)
                      .findFirst()
                      .map(Uris::resourceBlock)
                      .orElseGet(
                          () ->
                              Uris.hostResourceBlock(
                                  hosts.stream()
                                      .filter(r.hosts()::contains)
                                      .findFirst()
                                      .orElseThrow()));
              throw RedfishErrors.of(
                      CompositionMessages.SPECIFIED_RESOURCE_ALREADY_RESERVED.with(block, r.id()))
                  .withDetail(block + " is reserved for another client until " + r.expires() + ".");
            });
  }
}
