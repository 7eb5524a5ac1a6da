package io.gpuchassis.redfish.route;

/** The Redfish standard privileges (DSP0266 "Privilege model"; DMTF Privilege Registry). */
public enum Privilege {
  Login,
  ConfigureManager,
  ConfigureUsers,
  ConfigureSelf,
  ConfigureComponents
}
