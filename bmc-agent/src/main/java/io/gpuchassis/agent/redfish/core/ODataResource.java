package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.http.RedfishResponses;
import io.gpuchassis.redfish.model.ODataServiceDocument;
import io.gpuchassis.redfish.model.ODataServiceEntry;
import io.gpuchassis.redfish.odata.MetadataDocument;
import io.gpuchassis.redfish.route.PrivilegeRule;
import io.gpuchassis.redfish.route.RedfishRoutes;
import io.vertx.core.buffer.Buffer;
import java.util.List;

/**
 * The OData service document ({@code /redfish/v1/odata}) and the CSDL ({@code
 * /redfish/v1/$metadata}), which references the DMTF schemas and the agent's own OEM schema.
 */
public final class ODataResource {

  private final Buffer metadata =
      Buffer.buffer(
          MetadataDocument.render(
              Schemas.ALL,
              Schemas.SERVICE_ROOT.version().orElseThrow(),
              List.of(OemSchemaFiles.reference())));

  public void register(RedfishRoutes routes) {
    // The OData service document is not a Redfish resource: no query options, served as is.
    routes.get(Uris.ODATA, PrivilegeRule.NO_AUTH, ctx -> RedfishResponses.ok(ctx, render()));
    routes.get(
        Uris.METADATA,
        PrivilegeRule.NO_AUTH,
        ctx -> RedfishResponses.send(ctx, 200, "application/xml;charset=utf-8", metadata));
  }

  static ODataServiceDocument render() {
    List<ODataServiceEntry> entries =
        List.of(
            entry("Service", Uris.ROOT),
            entry("Chassis", Uris.CHASSIS),
            entry("Managers", Uris.MANAGERS),
            entry("SessionService", Uris.SESSION_SERVICE),
            entry("Fabrics", Uris.FABRICS),
            entry("CompositionService", Uris.COMPOSITION_SERVICE),
            entry("Systems", Uris.SYSTEMS),
            entry("AccountService", Uris.ACCOUNT_SERVICE),
            entry("Registries", Uris.REGISTRIES),
            entry("JsonSchemas", Uris.JSON_SCHEMAS),
            entry("CertificateService", Uris.CERTIFICATE_SERVICE),
            entry("TaskService", Uris.TASK_SERVICE),
            entry("UpdateService", Uris.UPDATE_SERVICE));
    return new ODataServiceDocument().atOdataContext(Uris.METADATA).value(entries);
  }

  private static ODataServiceEntry entry(String name, String url) {
    return new ODataServiceEntry().name(name).kind("Singleton").url(url);
  }
}
