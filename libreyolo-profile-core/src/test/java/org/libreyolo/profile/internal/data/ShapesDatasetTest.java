package org.libreyolo.profile.internal.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShapesDatasetTest {
  @TempDir Path a;
  @TempDir Path b;

  @Test
  void generationIsDeterministicAndLoadsAsAYoloDataset() throws Exception {
    Path yamlA = ShapesDataset.ensure("shapes6", a);
    Path yamlB = ShapesDataset.ensure("shapes6", b);
    for (int i = 0; i < 6; i++) {
      String label = String.format("labels/train/train_%06d.txt", i);
      assertThat(Files.readString(a.resolve("shapes6").resolve(label)))
          .isEqualTo(Files.readString(b.resolve("shapes6").resolve(label)));
    }
    DetectionDataset ds = DetectionDataset.load(yamlA);
    assertThat(ds.names()).hasSize(80).startsWith("person", "bicycle");
    assertThat(ds.train()).hasSize(6);
    int objects = ds.train().stream().mapToInt(DetectionDataset.Item::count).sum();
    assertThat(objects).isBetween(6, 120);
    for (DetectionDataset.Item item : ds.train()) {
      for (int r = 0; r < item.count(); r++) {
        float[] box = java.util.Arrays.copyOfRange(item.boxes(), r * 5, r * 5 + 5);
        assertThat(box[3]).isGreaterThan(box[1]);
        assertThat(box[4]).isGreaterThan(box[2]);
      }
    }
    // reused, not regenerated
    long before = Files.getLastModifiedTime(yamlA).toMillis();
    ShapesDataset.ensure("shapes6", a);
    assertThat(Files.getLastModifiedTime(yamlA).toMillis()).isEqualTo(before);
  }

  @Test
  void loaderCollatesLetterboxedBatchesWithPaddedTargets() throws Exception {
    DetectionDataset ds = DetectionDataset.load(ShapesDataset.ensure("shapes6", a));
    try (TrainLoader loader = new TrainLoader(ds, 3, 64, 2, 1, true)) {
      assertThat(loader.batchesPerEpoch()).isEqualTo(2);
      for (int i = 0; i < 5; i++) {
        TrainLoader.Batch batch = loader.next();
        assertThat(batch.images().remaining()).isEqualTo(3 * 3 * 64 * 64);
        assertThat(batch.targets()).hasSize(3 * TrainLoader.MAX_TARGETS * 5);
        for (int r = 0; r < 3 * TrainLoader.MAX_TARGETS; r++) {
          float cls = batch.targets()[r * 5];
          assertThat(cls).isBetween(-1f, 79f);
          if (cls >= 0) {
            assertThat(batch.targets()[r * 5 + 3])
                .isGreaterThan(batch.targets()[r * 5 + 1])
                .isLessThanOrEqualTo(1f);
          }
        }
      }
    }
  }
}
