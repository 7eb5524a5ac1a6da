package io.gpuchassis.agent.chassis;

/** A link joining a port of one switch chip to a port of another, with its width and PCIe generation. */
public record InterSwitchLink(String switchA, int portA, String switchB, int portB, int lanes, int generation) {}
