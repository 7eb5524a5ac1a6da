/** Firmware images, verification, the A/B slot state machine and simulated flash. */
package io.gpuchassis.firmware;
