package io.gpuchassis.switchdrv.command;

import java.util.Map;

/**
 * FWDNLD GET_STATUS answer {dlstatus u8, bgstatus u8, rsvd u16} (reference §2.8).
 *
 * @param dlStatus download status code
 * @param bgStatus background (flash programming) status: 0 idle, 1 in progress, 2 done, 3 offset
 *     error, 0xFF error
 */
public record DownloadStatus(int dlStatus, int bgStatus) {

  public static final int DL_READY = 0;
  public static final int DL_IN_PROGRESS = 1;
  public static final int DL_HEADER_INCORRECT = 2;
  public static final int DL_OFFSET_INCORRECT = 3;
  public static final int DL_CRC_INCORRECT = 4;
  public static final int DL_LENGTH_INCORRECT = 5;
  public static final int DL_COMPLETES = 7;
  public static final int DL_SUCCESS_FW_ACTIVATED = 8;
  public static final int DL_SUCCESS_DATA_ACTIVATED = 9;
  public static final int DL_PACKAGE_TOO_SMALL = 0xA;
  public static final int DL_READ_ONLY = 0xD;
  public static final int DL_RUNNING_PARTITION = 0x10;

  public static final int BG_IDLE = 0;
  public static final int BG_IN_PROGRESS = 1;
  public static final int BG_DONE = 2;
  public static final int BG_OFFSET_ERROR = 3;
  public static final int BG_ERROR = 0xFF;

  private static final Map<Integer, String> TEXT =
      Map.ofEntries(
          Map.entry(0, "ready"),
          Map.entry(1, "in progress"),
          Map.entry(2, "header incorrect"),
          Map.entry(3, "offset incorrect"),
          Map.entry(4, "CRC incorrect"),
          Map.entry(5, "length incorrect"),
          Map.entry(6, "hardware error"),
          Map.entry(7, "download complete"),
          Map.entry(8, "success, firmware activated"),
          Map.entry(9, "success, data activated"),
          Map.entry(0xA, "package smaller than 32 bytes"),
          Map.entry(0xB, "signature memory allocation"),
          Map.entry(0xC, "SEEPROM download failed"),
          Map.entry(0xD, "read-only partition"),
          Map.entry(0xE, "download timeout"),
          Map.entry(0xF, "SEEPROM/TWI not enabled"),
          Map.entry(0x10, "programming a running partition"),
          Map.entry(0x11, "not allowed over this interface"),
          Map.entry(0x12, "activation failed: XML version mismatch"),
          Map.entry(0x13, "activation failed"));

  public boolean finishedOk() {
    return dlStatus == DL_COMPLETES
        || dlStatus == DL_SUCCESS_FW_ACTIVATED
        || dlStatus == DL_SUCCESS_DATA_ACTIVATED;
  }

  public static String describe(int dlStatus) {
    return TEXT.getOrDefault(dlStatus, "unknown download status");
  }
}
