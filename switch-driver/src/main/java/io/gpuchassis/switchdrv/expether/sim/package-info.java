/**
 * An ExpEther manager (EEM) at the HTTP level, for tests and the demo: the REST API the manager
 * serves under {@code /eem} (Basic auth, JSON with numbers as strings), the free pool (4093),
 * unassigned hosts (4094), the per-host device limit, group changes that the engine reports only
 * after a hot-plug delay, and engines that drop off the network. It implements the manager's side
 * of the wire, never the client API, so the real client runs against it.
 */
package io.gpuchassis.switchdrv.expether.sim;
