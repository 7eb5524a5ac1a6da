package io.gpuchassis.switchdrv.expether;

/** An engine's side of the fabric, as the manager's {@code status} field and query name it. */
public enum EemRole {
  /** The engine in a host: the upstream end of a group. */
  EESV("eesv"),
  /** The engine in front of an I/O device (a GPU here): the downstream end. */
  EEIO("eeio");

  private final String wire;

  EemRole(String wire) {
    this.wire = wire;
  }

  /** The name the manager uses on the wire. */
  public String wire() {
    return wire;
  }

  /** The role a wire name stands for; an unknown name is a malformed answer. */
  public static EemRole fromWire(String name) {
    for (EemRole role : values()) {
      if (role.wire.equals(name)) {
        return role;
      }
    }
    throw new EemException(EemException.Kind.MALFORMED, "unknown device status: " + name);
  }
}
