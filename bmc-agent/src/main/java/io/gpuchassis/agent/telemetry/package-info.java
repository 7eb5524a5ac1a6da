/**
 * The TelemetryService's engine (docs/MONITORING.md, "Redfish TelemetryService"): {@link
 * io.gpuchassis.agent.telemetry.MetricCatalog} holds the metrics the chassis has, {@link
 * io.gpuchassis.agent.telemetry.ReportDefinition}s (kept by {@link
 * io.gpuchassis.agent.telemetry.ReportDefinitionStore}) say which to collect and when, and {@link
 * io.gpuchassis.agent.telemetry.Telemetry} collects them on its own thread into {@link
 * io.gpuchassis.agent.telemetry.MetricReportData}, read from the resources the Redfish service
 * renders, so a report always says what a GET would.
 */
package io.gpuchassis.agent.telemetry;
