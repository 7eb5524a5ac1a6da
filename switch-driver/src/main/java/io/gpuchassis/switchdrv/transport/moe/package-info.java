/**
 * MoE, the Switchtec management-over-Ethernet protocol (TCP port 54545, switchtec-user
 * lib/platform/linux-eth.c): 16-byte big-endian headers, an open handshake per channel, whole MRPCs
 * and GAS reads/writes on the command channel, "an event occurred" on the event channel.
 */
package io.gpuchassis.switchdrv.transport.moe;
