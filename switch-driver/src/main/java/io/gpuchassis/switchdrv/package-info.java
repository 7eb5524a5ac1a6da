/** PCIe switch management: transports, MRPC commands, the SwitchDriver API and the wire-level simulator. */
package io.gpuchassis.switchdrv;
