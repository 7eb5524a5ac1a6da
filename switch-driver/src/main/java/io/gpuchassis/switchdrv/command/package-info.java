/**
 * Typed MRPC commands with their byte-exact encoders and decoders (little-endian packed structs,
 * reference §2), and decoders of the GAS register blocks the driver reads directly (system info,
 * port config-space mirror). Decoders throw only SwitchException(PROTOCOL) on bad input.
 */
package io.gpuchassis.switchdrv.command;
