/**
 * The host-side Ethernet fabric of the 100GbE variant: a client of the ExpEther manager's (EEM)
 * REST API, through which PCIe-over-Ethernet engines are grouped. A host engine (EESV) and the I/O
 * engines (EEIO) that share its group ID form one PCIe tree; the group ID is also the VLAN tag.
 * Free I/O engines sit in group 4093, hosts without a group in 4094.
 *
 * <p>{@link io.gpuchassis.switchdrv.expether.EemClient} maps the API one call to one request;
 * {@link io.gpuchassis.switchdrv.expether.ExpEtherGrouping} adds the rules an attach and a detach
 * follow (those OpenStack Valence's ExpEther driver applies). The wire facts come from Valence's
 * driver and tests and from NEC's own EEM client; docs/ARCHITECTURE.md names them.
 */
package io.gpuchassis.switchdrv.expether;
