package org.libreyolo.profile.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.internal.image.RgbImage;

class MosaicTest {
  static final int S = 64;
  static final int[][] COLOURS = {{200, 30, 30}, {30, 200, 30}, {30, 30, 200}, {220, 220, 20}};

  /** A solid image of the given colour whose one box (class = its index) covers it entirely. */
  static Mosaic.Sample solid(int index, int w, int h) {
    byte[] rgb = new byte[w * h * 3];
    for (int i = 0; i < w * h; i++) {
      for (int c = 0; c < 3; c++) {
        rgb[i * 3 + c] = (byte) COLOURS[index][c];
      }
    }
    return new Mosaic.Sample(new RgbImage("q" + index, w, h, rgb), new float[] {index, 0, 0, 1, 1});
  }

  @Test
  void boxesFollowTheirImagesOntoTheHalvedCanvas() {
    for (long seed = 0; seed < 20; seed++) {
      List<Mosaic.Sample> four = new ArrayList<>();
      int[][] sizes = {{80, 60}, {40, 90}, {128, 128}, {30, 20}};
      for (int q = 0; q < 4; q++) {
        four.add(solid(q, sizes[q][0], sizes[q][1]));
      }
      Mosaic.Sample m = Mosaic.of(four, S, new SplittableRandom(seed));
      assertThat(m.image().width()).isEqualTo(S);
      assertThat(m.image().height()).isEqualTo(S);
      float[] b = m.boxes();
      assertThat(b.length % 5).isZero();
      for (int r = 0; r < b.length / 5; r++) {
        int q = (int) b[r * 5];
        assertThat(b[r * 5 + 1]).isBetween(0f, 1f);
        assertThat(b[r * 5 + 4]).isBetween(0f, 1f);
        assertThat((b[r * 5 + 3] - b[r * 5 + 1]) * S).as("width px").isGreaterThan(2f);
        assertThat((b[r * 5 + 4] - b[r * 5 + 2]) * S).as("height px").isGreaterThan(2f);
        // the pixel at the box centre shows that image's colour
        int cx = (int) ((b[r * 5 + 1] + b[r * 5 + 3]) / 2 * S);
        int cy = (int) ((b[r * 5 + 2] + b[r * 5 + 4]) / 2 * S);
        int o = (cy * S + cx) * 3;
        for (int c = 0; c < 3; c++) {
          assertThat(m.image().rgb()[o + c] & 0xff)
              .as("seed %d box of image %d", seed, q)
              .isCloseTo(COLOURS[q][c], within(2));
        }
      }
      // the item itself (top-left) is always at least partly visible: its corner sits at the centre
      assertThat(classesOf(b)).contains(0);
    }
  }

  @Test
  void imagesAreFittedByTheirLongerSideAndHalvingAveragesPixelPairs() {
    RgbImage wide = solid(0, 200, 100).image();
    RgbImage fitted = Mosaic.fitLongerSide(wide, S);
    assertThat(new int[] {fitted.width(), fitted.height()}).containsExactly(S, S / 2);
    byte[] rgb = {0, 0, 0, 100, 100, 100, 50, 50, 50, (byte) 150, (byte) 150, (byte) 150};
    RgbImage half = Mosaic.resize(new RgbImage("x", 2, 2, rgb), 1, 1);
    assertThat(half.rgb()[0] & 0xff).isEqualTo(75);
  }

  private static List<Integer> classesOf(float[] boxes) {
    List<Integer> out = new ArrayList<>();
    for (int r = 0; r < boxes.length / 5; r++) {
      out.add((int) boxes[r * 5]);
    }
    return out;
  }

  @Test
  void sameSeedSameMosaic() {
    List<Mosaic.Sample> four =
        Arrays.asList(solid(0, 50, 40), solid(1, 40, 50), solid(2, 64, 64), solid(3, 10, 60));
    Mosaic.Sample a = Mosaic.of(four, S, new SplittableRandom(7));
    Mosaic.Sample b = Mosaic.of(four, S, new SplittableRandom(7));
    assertThat(a.boxes()).containsExactly(b.boxes());
    assertThat(a.image().rgb()).isEqualTo(b.image().rgb());
  }
}
