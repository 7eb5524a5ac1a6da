/**
 * The agent's figures for Prometheus: chassis, slots, ports, sensors, bindings, HTTP and the JVM as
 * Micrometer meters, written at {@code /metrics} in the Prometheus and OpenMetrics text formats.
 * docs/MONITORING.md lists every metric.
 */
package io.gpuchassis.agent.metrics;
