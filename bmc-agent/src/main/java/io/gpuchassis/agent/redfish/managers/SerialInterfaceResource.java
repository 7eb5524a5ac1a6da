package io.gpuchassis.agent.redfish.managers;

import io.gpuchassis.agent.redfish.core.Collections;
import io.gpuchassis.agent.redfish.core.Schemas;
import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.error.RedfishErrors;
import io.gpuchassis.redfish.http.PatchRequest;
import io.gpuchassis.redfish.http.Preconditions;
import io.gpuchassis.redfish.http.RequestBodies;
import io.gpuchassis.redfish.model.FlowControl;
import io.gpuchassis.redfish.model.Parity;
import io.gpuchassis.redfish.model.SerialInterface;
import io.gpuchassis.redfish.model.SignalType;
import io.gpuchassis.redfish.route.Caller;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.ext.web.RoutingContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code /redfish/v1/Managers/BMC/SerialInterfaces[/{id}]}: the serial ports where the agent runs
 * the technician's console (the board file's console port, or those {@code --console} and {@code
 * console.devices} name), at the configured speed, 8N1 without flow control, as the console opens
 * them. A member's Id is the device's name ({@code ttymxc1} for {@code /dev/ttymxc1}). Read-only:
 * the line settings are the configuration's, so a PATCH is answered PropertyNotWritable for every
 * property. The connector is not described by the board file, so it is left out.
 */
public final class SerialInterfaceResource {

  /**
   * The speeds SerialInterface.BitRate can express; another configured speed is left out of the
   * resource.
   */
  static final Set<Integer> SCHEMA_BIT_RATES =
      Set.of(1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400);

  static final Set<String> READ_ONLY =
      Set.of(
          "Id",
          "Name",
          "Description",
          "InterfaceEnabled",
          "SignalType",
          "BitRate",
          "DataBits",
          "Parity",
          "StopBits",
          "FlowControl",
          "ConnectorType",
          "PinOut",
          "Links");

  /** The consoles' serial devices and their speed, as the agent opens them. */
  public record SerialConsoles(List<String> devices, int baud) {

    public SerialConsoles {
      devices = List.copyOf(devices);
    }

    Optional<String> device(String id) {
      return devices.stream().filter(d -> id(d).equals(id)).findFirst();
    }

    static String id(String device) {
      return Path.of(device).getFileName().toString();
    }
  }

  private final SerialConsoles consoles;
  private RedfishRoutes routes;

  public SerialInterfaceResource(SerialConsoles consoles) {
    this.consoles = consoles;
  }

  public void register(RedfishRoutes routes) {
    this.routes = routes;
    String collection = Uris.SERIAL_INTERFACES_TEMPLATE;
    routes.resource(
        collection,
        "SerialInterfaceCollection",
        (params, caller) -> {
          EthernetInterfaceResource.checkManager(params);
          return Collections.render(
              Schemas.SERIAL_INTERFACE_COLLECTION,
              Uris.managerSerialInterfaces(),
              "Manager Serial Interface Collection",
              consoles.devices().stream()
                  .map(d -> Uris.managerSerialInterface(SerialConsoles.id(d)))
                  .toList());
        });
    routes.resource(
        Uris.SERIAL_INTERFACE_TEMPLATE, "SerialInterface", (params, caller) -> find(params));
    routes.patch(Uris.SERIAL_INTERFACE_TEMPLATE, "SerialInterface", this::patch);
  }

  private SerialInterface find(Map<String, String> params) {
    EthernetInterfaceResource.checkManager(params);
    String id = params.get("SerialInterfaceId");
    String device =
        consoles.device(id).orElseThrow(() -> RedfishErrors.notFound("SerialInterface", id));
    return render(device, consoles.baud());
  }

  private void patch(RoutingContext ctx) {
    SerialInterface current = find(ctx.pathParams());
    Caller caller = RedfishRoutes.caller(ctx).orElseThrow();
    Preconditions.checkIfMatch(ctx, routes.render(current.getAtOdataId(), caller).orElseThrow());
    // Nothing is writable: this throws 400 with a message for each property.
    PatchRequest.of(RequestBodies.object(ctx), READ_ONLY).apply();
  }

  static SerialInterface render(String device, int baud) {
    String id = SerialConsoles.id(device);
    return new SerialInterface()
        .atOdataId(Uris.managerSerialInterface(id))
        .atOdataType(Schemas.SERIAL_INTERFACE.odataType())
        .id(id)
        .name("Serial console " + id)
        .description("The technician's console on " + device + " (docs/CONSOLE.md)")
        .interfaceEnabled(true)
        .signalType(SignalType.RS232)
        .bitRate(SCHEMA_BIT_RATES.contains(baud) ? Integer.toString(baud) : null)
        .dataBits("8")
        .parity(Parity.NONE)
        .stopBits("1")
        .flowControl(FlowControl.NONE);
  }
}
