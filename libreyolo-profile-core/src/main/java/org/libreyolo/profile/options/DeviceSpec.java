package org.libreyolo.profile.options;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;

/**
 * A parsed {@code --device} value: {@code cpu}, a CUDA index ({@code 0}, {@code 1}, ...), {@code
 * cuda:N}, or {@code auto} (CUDA 0 when the engine has a GPU, else the CPU; resolved by {@link
 * Engines#concrete}). Parsing never touches the engine; {@link Engines#resolve} checks
 * availability.
 *
 * @param cuda whether the device is CUDA
 * @param index the position
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record DeviceSpec(boolean cuda, int index) {
  public static final String AUTO_NAME = "auto";

  /** Decided when the engine is up ({@link Engines#concrete}); never recorded in a profile. */
  public static final DeviceSpec AUTO = new DeviceSpec(true, -1);

  private static final Pattern CUDA = Pattern.compile("(?:cuda:|gpu:?)?(\\d+)");

  public static final DeviceSpec CPU = new DeviceSpec(false, 0);

  /**
   * Reads a device as the options spell it (no engine needed).
   *
   * @param text the device as the user wrote it: auto, cpu, 0, 1, ... or cuda:N
   * @return the device
   */
  public static DeviceSpec parse(String text) {
    if (text == null || text.isBlank()) {
      throw LibreYoloException.badInput("{device} is empty: use auto, cpu, 0, 1, ... or cuda:0");
    }
    String value = text.trim().toLowerCase(Locale.ROOT);
    if (value.equals("cpu")) {
      return CPU;
    }
    if (value.equals(AUTO_NAME)) {
      return AUTO;
    }
    if (value.equals("cuda") || value.equals("gpu")) {
      return new DeviceSpec(true, 0);
    }
    Matcher m = CUDA.matcher(value);
    if (m.matches()) {
      return new DeviceSpec(true, Integer.parseInt(m.group(1)));
    }
    throw LibreYoloException.badInput(
        "unknown {device} '" + text + "': use auto, cpu, a CUDA index such as 0, or cuda:0");
  }

  /**
   * Whether this is {@code auto}, still to be decided by {@link Engines#concrete}.
   *
   * @return whether the device is still {@code auto}
   */
  public boolean auto() {
    return index < 0;
  }

  /**
   * The name recorded in profiles: {@code cpu} or {@code cuda:N} ({@code auto} before it is
   * decided).
   *
   * @return the label as the profile writes it
   */
  public String label() {
    return auto() ? AUTO_NAME : cuda ? "cuda:" + index : "cpu";
  }

  @Override
  public String toString() {
    return label();
  }
}
