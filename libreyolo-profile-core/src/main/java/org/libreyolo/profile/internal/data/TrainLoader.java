package org.libreyolo.profile.internal.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.image.Letterbox;
import org.libreyolo.profile.internal.image.RgbImage;

/**
 * The training data loader: {@code workers} threads decode, augment (LibreYOLO9's 4-image mosaic,
 * HSV jitter, horizontal flip), letterbox and collate whole batches ahead of the training loop (a
 * prefetch queue), so the time {@link #next()} blocks is the real data-loading stall. Epochs
 * reshuffle; the last partial batch is dropped. Targets are {@code (B, 100, 5)} rows {@code [class,
 * x1, y1, x2, y2]} normalised to the input, padded with class -1.
 */
public final class TrainLoader implements AutoCloseable {
  public static final int MAX_TARGETS = 100;

  private final DetectionDataset dataset;
  private final int batch;
  private final int size;
  private final boolean mosaic;
  private final ExecutorService pool;
  private final Deque<Future<Batch>> queue = new ArrayDeque<>();
  private final Random shuffle;
  private final int prefetch;
  private List<Integer> order = new ArrayList<>();
  private int cursor;
  private long batchesMade;

  /**
   * A collated batch: images {@code (B,3,S,S)} and targets {@code (B,100,5)} as direct buffers /
   * arrays.
   */
  public record Batch(FloatBuffer images, float[] targets, int size, int imgsz) {}

  /**
   * @param mosaic LibreYOLO's mosaic, on for every epoch of a profile run (it passes {@code
   *     no_aug_epochs=0} so that the real augmentation pipeline is profiled)
   */
  public TrainLoader(
      DetectionDataset dataset, int batch, int imgsz, int workers, long seed, boolean mosaic) {
    if (dataset.train().size() < batch) {
      throw new LibreYoloException(
          LibreYoloException.Kind.NO_PROFILE,
          "the dataset has "
              + dataset.train().size()
              + " training images, fewer than one batch of "
              + batch);
    }
    this.dataset = dataset;
    this.batch = batch;
    this.size = imgsz;
    this.mosaic = mosaic;
    this.shuffle = new Random(seed);
    this.pool =
        workers > 0
            ? Executors.newFixedThreadPool(
                workers,
                r -> {
                  Thread t = new Thread(r, "libreyolo-loader");
                  t.setDaemon(true);
                  return t;
                })
            : null;
    this.prefetch = Math.max(1, 2 * workers);
  }

  public int batchesPerEpoch() {
    return dataset.train().size() / batch;
  }

  /**
   * The next batch, waiting for a worker when none is ready (that wait is the data-loading time).
   */
  public Batch next() {
    if (pool == null) {
      return build(nextIndices(), batchesMade++);
    }
    while (queue.size() < prefetch) {
      List<Integer> indices = nextIndices();
      long id = batchesMade++;
      queue.add(pool.submit(() -> build(indices, id)));
    }
    try {
      Batch b = queue.poll().get();
      List<Integer> indices = nextIndices();
      long id = batchesMade++;
      queue.add(pool.submit(() -> build(indices, id)));
      return b;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while loading data", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof LibreYoloException le) {
        throw le;
      }
      throw new IllegalStateException("data loading failed: " + e.getCause(), e.getCause());
    }
  }

  private List<Integer> nextIndices() {
    if (cursor + batch > order.size()) {
      order = new ArrayList<>();
      for (int i = 0; i < dataset.train().size(); i++) {
        order.add(i);
      }
      Collections.shuffle(order, shuffle);
      cursor = 0;
    }
    List<Integer> out = new ArrayList<>(order.subList(cursor, cursor + batch));
    cursor += batch;
    return out;
  }

  private Batch build(List<Integer> indices, long id) {
    int plane = 3 * size * size;
    FloatBuffer images =
        ByteBuffer.allocateDirect(indices.size() * plane * 4)
            .order(ByteOrder.nativeOrder())
            .asFloatBuffer();
    float[] targets = new float[indices.size() * MAX_TARGETS * 5];
    SplittableRandom random = new SplittableRandom(id * 7919 + 17);
    for (int b = 0; b < indices.size(); b++) {
      Mosaic.Sample sample = load(dataset.train().get(indices.get(b)), random);
      float[] boxes = sample.boxes().clone();
      RgbImage image = Augment.hsv(sample.image(), random);
      if (random.nextDouble() < 0.5) {
        image = Augment.flip(image);
        for (int r = 0; r < boxes.length / 5; r++) {
          float x1 = boxes[r * 5 + 1];
          boxes[r * 5 + 1] = 1 - boxes[r * 5 + 3];
          boxes[r * 5 + 3] = 1 - x1;
        }
      }
      double ratio = Letterbox.apply(image, size, size, images);
      double sx = image.width() * ratio / size;
      double sy = image.height() * ratio / size;
      int kept = 0;
      java.util.Arrays.fill(targets, b * MAX_TARGETS * 5, (b + 1) * MAX_TARGETS * 5, 0f);
      for (int r = 0; r < boxes.length / 5 && kept < MAX_TARGETS; r++) {
        float x1 = (float) (boxes[r * 5 + 1] * sx);
        float y1 = (float) (boxes[r * 5 + 2] * sy);
        float x2 = (float) (boxes[r * 5 + 3] * sx);
        float y2 = (float) (boxes[r * 5 + 4] * sy);
        if ((x2 - x1) * size <= 1 || (y2 - y1) * size <= 1) {
          continue; // boxes of a pixel or less say nothing
        }
        int o = (b * MAX_TARGETS + kept) * 5;
        targets[o] = boxes[r * 5];
        targets[o + 1] = Math.min(1, Math.max(0, x1));
        targets[o + 2] = Math.min(1, Math.max(0, y1));
        targets[o + 3] = Math.min(1, Math.max(0, x2));
        targets[o + 4] = Math.min(1, Math.max(0, y2));
        kept++;
      }
      for (int r = kept; r < MAX_TARGETS; r++) {
        targets[(b * MAX_TARGETS + r) * 5] = -1;
      }
    }
    images.flip();
    return new Batch(images, targets, indices.size(), size);
  }

  private Mosaic.Sample load(DetectionDataset.Item item, SplittableRandom random) {
    Mosaic.Sample plain = new Mosaic.Sample(ImageSource.decode(item.image(), true), item.boxes());
    if (!mosaic) {
      return plain;
    }
    List<Mosaic.Sample> four = new ArrayList<>(4);
    four.add(plain);
    for (int k = 0; k < 3; k++) {
      DetectionDataset.Item other = dataset.train().get(random.nextInt(dataset.train().size()));
      four.add(new Mosaic.Sample(ImageSource.decode(other.image(), true), other.boxes()));
    }
    Mosaic.Sample mixed = Mosaic.of(four, size, random);
    // as LibreYOLO: when no box survives the augmentation, train on the plain image
    return mixed.boxes().length == 0 && plain.boxes().length > 0 ? plain : mixed;
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
