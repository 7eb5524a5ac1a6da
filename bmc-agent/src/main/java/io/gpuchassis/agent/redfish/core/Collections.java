package io.gpuchassis.agent.redfish.core;

import io.gpuchassis.agent.uri.Uris;
import io.gpuchassis.redfish.model.ResourceCollection;
import io.gpuchassis.redfish.odata.ServedSchema;
import java.util.List;

/** Renders resource collections: members as links, with {@code Members@odata.count}. */
public final class Collections {

  private Collections() {}

  public static ResourceCollection render(
      ServedSchema schema, String uri, String name, List<String> memberUris) {
    return new ResourceCollection()
        .atOdataId(uri)
        .atOdataType(schema.odataType())
        .name(name)
        .members(memberUris.stream().map(Uris::ref).toList())
        .membersAtOdataCount(memberUris.size());
  }
}
