package org.libreyolo.profile.internal.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;

class LetterboxTest {
  @Test
  void keepsAspectRatioAndPadsRightAndBottomWith114() {
    byte[] rgb = new byte[8 * 4 * 3];
    for (int i = 0; i < rgb.length; i += 3) {
      rgb[i] = (byte) 255; // pure red 8x4 image
    }
    FloatBuffer out = FloatBuffer.allocate(3 * 32 * 32);
    double r = Letterbox.apply(new RgbImage("red", 8, 4, rgb), 32, 32, out);
    assertThat(r).isEqualTo(4.0);
    float[] v = out.array();
    int plane = 32 * 32;
    // content: 32 x 16 at the top-left
    assertThat(v[0]).isEqualTo(1f);
    assertThat(v[plane]).isEqualTo(0f);
    assertThat(v[15 * 32 + 31]).isEqualTo(1f);
    // padding below row 16 in every channel
    assertThat(v[16 * 32]).isCloseTo(114f / 255f, within(1e-6f));
    assertThat(v[2 * plane + 31 * 32 + 31]).isCloseTo(114f / 255f, within(1e-6f));
  }

  @Test
  void bilinearUsesHalfPixelCentres() {
    // 2x1 image, black then white, upscaled to 4x2: cv2 gives 0, 63.75, 191.25, 255
    byte[] rgb = {0, 0, 0, (byte) 255, (byte) 255, (byte) 255};
    FloatBuffer out = FloatBuffer.allocate(3 * 32 * 32);
    Letterbox.apply(new RgbImage("ramp", 2, 1, rgb), 32, 32, out);
    float[] v = out.array();
    // ratio 16: 32 x 16 content; first columns stay black (edge clamp), the ramp is centred
    assertThat(v[0]).isEqualTo(0f);
    assertThat(v[31]).isEqualTo(1f);
    assertThat(v[16] * 255).isCloseTo(255f * (16.5f / 16 - 0.5f), within(1e-3f));
  }
}
