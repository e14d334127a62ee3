package org.libreyolo.profile.options;

import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;

/**
 * The network input {@code NxCxHxW} ({@code --input-shape 1x3x224x224}), for models exported at a
 * fixed size (a classifier traced at 224): it sets the batch and the letterboxed height and width,
 * replacing {@code --batch} and {@code --imgsz}. Images are RGB, so C is 3.
 *
 * @param batch images per forward or training step
 * @param height the height in pixels
 * @param width the width in pixels
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record InputShape(int batch, int height, int width) {
  public InputShape {
    if (batch < 1 || height < 1 || width < 1) {
      // the fields are not assigned yet in a compact constructor: spell the arguments
      throw LibreYoloException.badInput(
          "{inputShape} needs positive sizes, got " + batch + "x3x" + height + "x" + width);
    }
  }

  /**
   * Reads a shape as the options spell it.
   *
   * @param text NxCxHxW, e.g. 1x3x224x224
   * @return the shape
   */
  public static InputShape parse(String text) {
    String[] parts = text == null ? new String[0] : text.trim().toLowerCase(Locale.ROOT).split("x");
    if (parts.length != 4) {
      throw LibreYoloException.badInput(
          "{inputShape} must be NxCxHxW such as 1x3x224x224, got '" + text + "'");
    }
    int[] v = new int[4];
    for (int i = 0; i < 4; i++) {
      try {
        v[i] = Integer.parseInt(parts[i].trim());
      } catch (NumberFormatException e) {
        throw LibreYoloException.badInput(
            "{inputShape} must be NxCxHxW such as 1x3x224x224, got '" + text + "'");
      }
    }
    if (v[1] != 3) {
      throw LibreYoloException.badInput(
          "{inputShape} must have 3 channels (RGB images), got '" + text + "'");
    }
    return new InputShape(v[0], v[2], v[3]);
  }

  @Override
  public String toString() {
    return batch + "x3x" + height + "x" + width;
  }
}
