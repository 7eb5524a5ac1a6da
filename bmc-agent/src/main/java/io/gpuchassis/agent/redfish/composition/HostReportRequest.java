package io.gpuchassis.agent.redfish.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpuchassis.agent.chassis.ChassisState;
import io.gpuchassis.agent.host.ReportedDevice;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.error.RedfishException;
import io.gpuchassis.redfish.http.ActionParameters;
import io.gpuchassis.redfish.message.BaseMessages;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The body of {@code #GpuChassisAgent.HostReport}, read strictly: {@code SystemUUID} (the server's
 * SMBIOS UUID), the optional {@code HotPlugWindowMiB} (the 64-bit prefetchable window of the host's
 * bridge to the chassis, 0 or more) and {@code Devices}, each {@code {"ResourceBlock":
 * {"@odata.id": ".../GPU-SlotN"}, "HostAddress": "0000:41:00.0", "DeviceUUID": "GPU-..."}} with a
 * GPU block of this chassis once, a PCI address once, an optional driver UUID and optional MIG
 * devices ({@link HostPartitionsRequest}). The first problem is the answer (400, an {@code
 * ActionParameter*} message pointing at the value).
 */
record HostReportRequest(
    UUID systemUuid, OptionalLong hotPlugWindowMiB, List<ReportedDevice> devices) {

  static final String ACTION = "GpuChassisAgent.HostReport";

  static final String WINDOW = "HotPlugWindowMiB";

  /** A 64-bit address space holds 2^44 MiB: a larger window is not one a host has. */
  static final long LARGEST_WINDOW_MIB = 1L << 44;

  private static final Pattern UUID_FORM =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final Pattern PCI_ADDRESS =
      Pattern.compile("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[01][0-9a-fA-F]\\.[0-7]");

  /** A UUID, after a driver's prefix such as NVIDIA's {@code GPU-} or {@code MIG-}. */
  private static final Pattern DEVICE_UUID = Pattern.compile("([A-Za-z]{1,8}-)?" + UUID_FORM);

  private static final Set<String> DEVICE_PROPERTIES =
      Set.of("ResourceBlock", "HostAddress", "DeviceUUID", "Partitions");

  static HostReportRequest read(ObjectNode body, ChassisState state) {
    ActionParameters params =
        new ActionParameters(ACTION, body)
            .expect(List.of("SystemUUID"), List.of("Devices", WINDOW), Set.of());
    String uuid = params.string("SystemUUID");
    if (!UUID_FORM.matcher(uuid).matches()) {
      throw formatError(uuid, "SystemUUID", "/SystemUUID")
          .withDetail(
              "SystemUUID must be the server's SMBIOS UUID, such as"
                  + " 4c4c4544-0042-3510-8052-b4c04f4b4e31.");
    }
    OptionalLong window = params.optionalInteger(WINDOW);
    if (window.isPresent() && (window.getAsLong() < 0 || window.getAsLong() > LARGEST_WINDOW_MIB)) {
      throw params
          .invalid(WINDOW)
          .withDetail(
              WINDOW
                  + " must be the MiB of the host's 64-bit prefetchable window, 0 to "
                  + LARGEST_WINDOW_MIB
                  + ", not "
                  + window.getAsLong()
                  + ".");
    }
    JsonNode list = body.path("Devices");
    List<ReportedDevice> devices = new ArrayList<>();
    if (!list.isMissingNode() && !list.isNull()) {
      if (!list.isArray()) {
        throw RedfishErrors.of(
            BaseMessages.ACTION_PARAMETER_VALUE_TYPE_ERROR
                .with(list.toString(), "Devices", ACTION)
                .about("/Devices"));
      }
      Set<Integer> slots = new HashSet<>();
      Set<String> addresses = new HashSet<>();
      for (int i = 0; i < list.size(); i++) {
        ReportedDevice d = device(list.get(i), "/Devices/" + i, state);
        if (!slots.add(d.slot())) {
          throw valueError("/Devices/" + i + "/ResourceBlock")
              .withDetail("Devices lists the GPU in slot " + d.slot() + " twice.");
        }
        if (!addresses.add(d.hostAddress())) {
          throw valueError("/Devices/" + i + "/HostAddress")
              .withDetail("Devices lists the host address " + d.hostAddress() + " twice.");
        }
        devices.add(d);
      }
    }
    return new HostReportRequest(UUID.fromString(uuid), window, devices);
  }

  private static ReportedDevice device(JsonNode item, String at, ChassisState state) {
    if (!item.isObject()) {
      throw RedfishErrors.of(
          BaseMessages.ACTION_PARAMETER_VALUE_TYPE_ERROR
              .with(item.toString(), "Devices", ACTION)
              .about(at));
    }
    for (Iterator<String> names = item.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!DEVICE_PROPERTIES.contains(name) && !name.contains("@")) {
        throw valueError(at + "/" + name)
            .withDetail(
                "A device of Devices has ResourceBlock, HostAddress, DeviceUUID and Partitions,"
                    + " not "
                    + name
                    + ".");
      }
    }
    JsonNode block = item.path("ResourceBlock").path("@odata.id");
    Optional<Integer> slot =
        block.isTextual() ? ResourceBlockResource.slotOf(state, block.asText()) : Optional.empty();
    if (slot.isEmpty()) {
      throw valueError(at + "/ResourceBlock")
          .withDetail(
              "ResourceBlock must link a GPU of this chassis, e.g. {\"@odata.id\": \""
                  + Uris.resourceBlock(1)
                  + "\"}; "
                  + item.path("ResourceBlock")
                  + " is not one.");
    }
    JsonNode address = item.path("HostAddress");
    if (!address.isTextual() || !PCI_ADDRESS.matcher(address.asText()).matches()) {
      throw formatError(address.toString(), "Devices", at + "/HostAddress")
          .withDetail(
              "HostAddress must be the GPU's PCI address on the host, such as 0000:41:00.0.");
    }
    JsonNode deviceUuid = item.path("DeviceUUID");
    if (!deviceUuid.isMissingNode()
        && (!deviceUuid.isTextual() || !DEVICE_UUID.matcher(deviceUuid.asText()).matches())) {
      throw formatError(deviceUuid.toString(), "Devices", at + "/DeviceUUID")
          .withDetail(
              "DeviceUUID must be the UUID the host's driver gives the GPU, such as"
                  + " GPU-5a3c4d1e-8f90-4b2a-9c6d-0e1f2a3b4c5d.");
    }
    return new ReportedDevice(
        slot.get(),
        address.asText().toLowerCase(Locale.ROOT),
        deviceUuid.isMissingNode() ? Optional.empty() : Optional.of(deviceUuid.asText()),
        HostPartitionsRequest.read(item.path("Partitions"), at + "/Partitions"));
  }

  private static RedfishException formatError(String value, String parameter, String at) {
    return RedfishErrors.of(
        BaseMessages.ACTION_PARAMETER_VALUE_FORMAT_ERROR.with(value, parameter, ACTION).about(at));
  }

  static RedfishException valueError(String at) {
    return RedfishErrors.of(
        BaseMessages.ACTION_PARAMETER_VALUE_ERROR.with("Devices", ACTION).about(at));
  }
}
