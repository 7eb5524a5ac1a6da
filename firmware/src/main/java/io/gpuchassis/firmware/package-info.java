/**
 * Signed firmware update bundles: the bundle format ({@link
 * io.gpuchassis.firmware.BundleVerifier}), the vendor keys it trusts ({@link
 * io.gpuchassis.firmware.TrustedKeys}), the store uploads are staged in ({@link
 * io.gpuchassis.firmware.StagingStore}) and the vendor's signing tool ({@link
 * io.gpuchassis.firmware.BundleSigner}). See firmware/README.md for the byte layout.
 */
package io.gpuchassis.firmware;
