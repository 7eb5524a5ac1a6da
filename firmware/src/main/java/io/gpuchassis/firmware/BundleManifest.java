package io.gpuchassis.firmware;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The signed description of a bundle's payload (the manifest JSON of firmware/README.md).
 *
 * @param component what the payload is for, e.g. {@code "pcie-switch"}; the caller decides which
 *     values it accepts
 * @param version the payload's version as the vendor spells it, e.g. {@code "4.70.0.12"}
 * @param compatible device identities the payload may be written to (switches: {@code
 *     "vendorId:deviceId"}, lower-case hex, e.g. {@code "11f8:4000"}); an immutable copy
 * @param description free text for people; never null ({@code ""} when absent)
 * @param payloadSha256 SHA-256 of the payload, 64 lower-case hex digits; null in a manifest handed
 *     to {@link BundleSigner#sign} (the signer fills it)
 */
@JsonPropertyOrder({"Component", "Version", "Compatible", "Description", "PayloadSha256"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BundleManifest(
    @JsonProperty("Component") String component,
    @JsonProperty("Version") String version,
    @JsonProperty("Compatible") List<String> compatible,
    @JsonProperty("Description") String description,
    @JsonProperty("PayloadSha256") String payloadSha256) {

  /**
   * Copies {@code compatible} (null stays null, a null element is refused) and makes a null
   * description "".
   */
  public BundleManifest {
    compatible = compatible == null ? null : List.copyOf(compatible);
    description = description == null ? "" : description;
  }

  /** The same manifest with {@code PayloadSha256} set to {@code sha256Hex}. */
  public BundleManifest withPayloadSha256(String sha256Hex) {
    return new BundleManifest(component, version, compatible, description, sha256Hex);
  }
}
