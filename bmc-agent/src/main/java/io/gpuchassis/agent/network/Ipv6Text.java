package io.gpuchassis.agent.network;

/**
 * IPv6 addresses as RFC 5952 text: lower-case hex groups without leading zeros, the longest run of
 * two or more zero groups (the first of equal runs) written {@code ::}. Java's own text keeps every
 * group and a zone suffix.
 */
final class Ipv6Text {

  private Ipv6Text() {}

  static String format(byte[] address) {
    if (address.length != 16) {
      throw new IllegalArgumentException("an IPv6 address has 16 bytes, not " + address.length);
    }
    int[] groups = new int[8];
    for (int i = 0; i < 8; i++) {
      groups[i] = ((address[2 * i] & 0xFF) << 8) | (address[2 * i + 1] & 0xFF);
    }
    int bestStart = -1;
    int bestLength = 1; // a single zero group is written "0", not "::"
    for (int i = 0; i < 8; i++) {
      int length = 0;
      while (i + length < 8 && groups[i + length] == 0) {
        length++;
      }
      if (length > bestLength) {
        bestStart = i;
        bestLength = length;
      }
      i += length;
    }
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      if (i == bestStart) {
        text.append("::");
        i += bestLength - 1;
        continue;
      }
      if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
        text.append(':');
      }
      text.append(Integer.toHexString(groups[i]));
    }
    return text.toString();
  }
}
