/**
 * In-band transport: the management processor is the PCIe root of the switch's management endpoint
 * and talks to it through the Linux kernel's switchtec driver, {@code /dev/switchtecN} (reference
 * §1.2). Whole MRPCs go through the char device's file protocol; GAS bytes through the MRPC
 * commands GAS_READ/GAS_WRITE (reference §1.6). A Unix-domain {@code SOCK_SEQPACKET} socket at the
 * node path stands in for the char device in the simulator ({@link
 * io.gpuchassis.switchdrv.transport.inband.DeviceNodeProtocol}).
 */
package io.gpuchassis.switchdrv.transport.inband;
