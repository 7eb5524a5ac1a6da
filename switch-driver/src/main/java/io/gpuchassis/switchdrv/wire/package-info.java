/**
 * Byte-level helpers shared by the driver's codecs and the simulator: CRCs and bounded
 * little-endian access.
 */
package io.gpuchassis.switchdrv.wire;
