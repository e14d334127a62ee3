package org.libreyolo.profile.engine;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.libreyolo.profile.LibreYoloException;

/**
 * A parsed {@code --device} value: {@code cpu}, a CUDA index ({@code 0}, {@code 1}, ...) or
 * {@code cuda:N}. Parsing never touches the engine; {@link Engines#resolve} checks availability.
 */
public record DeviceSpec(boolean cuda, int index) {
  private static final Pattern CUDA = Pattern.compile("(?:cuda:|gpu:?)?(\\d+)");

  public static final DeviceSpec CPU = new DeviceSpec(false, 0);

  public static DeviceSpec parse(String text) {
    if (text == null || text.isBlank()) {
      throw LibreYoloException.badInput("--device is empty: use cpu, 0, 1, ... or cuda:0");
    }
    String value = text.trim().toLowerCase(Locale.ROOT);
    if (value.equals("cpu")) {
      return CPU;
    }
    if (value.equals("cuda") || value.equals("gpu")) {
      return new DeviceSpec(true, 0);
    }
    Matcher m = CUDA.matcher(value);
    if (m.matches()) {
      return new DeviceSpec(true, Integer.parseInt(m.group(1)));
    }
    throw LibreYoloException.badInput(
        "unknown --device '" + text + "': use cpu, a CUDA index such as 0, or cuda:0");
  }

  /** The name recorded in profiles: {@code cpu} or {@code cuda:N}. */
  public String label() {
    return cuda ? "cuda:" + index : "cpu";
  }

  @Override
  public String toString() {
    return label();
  }
}
