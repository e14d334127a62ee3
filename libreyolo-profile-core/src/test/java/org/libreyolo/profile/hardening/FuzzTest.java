package org.libreyolo.profile.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.analysis.Traces;
import org.libreyolo.profile.internal.data.DetectionDataset;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.Npz;

/**
 * Seeded random-mutation fuzzing with a fixed budget (Jazzer is not in this build): every mutated
 * input either works or fails with the documented error type, within a time bound.
 */
class FuzzTest {
  static final int CASES = 300;

  /**
   * The bound on one input's CPU time (this thread's, not the wall clock's: a busy machine does not
   * stretch it); a runaway parse (a regex that backtracks, a loop on a cycle) takes far more.
   */
  static final long MAX_MS_PER_INPUT = 2_000;

  private static final java.lang.management.ThreadMXBean THREADS =
      java.lang.management.ManagementFactory.getThreadMXBean();

  @TempDir Path dir;

  interface Target {
    void run(Path file) throws Exception;
  }

  static byte[] mutate(byte[] seed, SplittableRandom r) {
    byte[] b = seed.clone();
    int kind = r.nextInt(5);
    switch (kind) {
      case 0 -> { // flip bytes
        for (int i = 0; i < 1 + r.nextInt(8); i++) {
          b[r.nextInt(b.length)] = (byte) r.nextInt(256);
        }
      }
      case 1 -> b = java.util.Arrays.copyOf(b, r.nextInt(b.length)); // truncate
      case 2 -> { // duplicate a slice
        int from = r.nextInt(b.length);
        int len = Math.min(b.length - from, 1 + r.nextInt(64));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(b, 0, from + len);
        out.write(b, from, len);
        out.write(b, from + len, b.length - from - len);
        b = out.toByteArray();
      }
      case 3 -> { // swap digits for huge numbers / NaN text
        String s = new String(b, StandardCharsets.ISO_8859_1);
        String[] junk = {
          "1e400", "NaN", "-0", "99999999999999999999", "[[[[[[", "{}", "null", "\"\\u0000\""
        };
        int at = r.nextInt(Math.max(1, s.length()));
        s =
            s.substring(0, at)
                + junk[r.nextInt(junk.length)]
                + s.substring(Math.min(s.length(), at + r.nextInt(6)));
        b = s.getBytes(StandardCharsets.ISO_8859_1);
      }
      default -> { // zero a run
        int from = r.nextInt(b.length);
        java.util.Arrays.fill(b, from, Math.min(b.length, from + 1 + r.nextInt(32)), (byte) 0);
      }
    }
    return b;
  }

  void fuzz(byte[] seed, String name, Target target, long seedValue) throws Exception {
    SplittableRandom r = new SplittableRandom(seedValue);
    int ok = 0;
    for (int i = 0; i < CASES; i++) {
      Path file = dir.resolve(i + "-" + name);
      Files.write(file, mutate(seed, r));
      long t0 = THREADS.getCurrentThreadCpuTime();
      try {
        target.run(file);
        ok++;
      } catch (LibreYoloException expected) {
        assertThat(expected.getMessage()).as("one-line message").doesNotContain("\n").isNotBlank();
      } catch (Throwable unexpected) {
        throw new AssertionError("case " + i + " of " + name + " threw " + unexpected, unexpected);
      }
      assertThat((THREADS.getCurrentThreadCpuTime() - t0) / 1_000_000)
          .as("case " + i + " CPU time")
          .isLessThan(MAX_MS_PER_INPUT);
      Files.delete(file);
    }
    // the mutations exercise both paths: some inputs stay readable, some are refused
    assertThat(ok).as("mutants read without error, of " + CASES).isStrictlyBetween(0, CASES);
  }

  @Test
  void traceReaderAndAnalyser() throws Exception {
    byte[] seed = Files.readAllBytes(Traces.traceA().write(dir.resolve("seed.json")));
    fuzz(seed, "trace.json", file -> ProfileLoader.load(file), 1);
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(seed);
    }
    fuzz(gz.toByteArray(), "trace.json.gz", file -> ProfileLoader.load(file), 2);
  }

  @Test
  void npzReader() throws Exception {
    Path seed = dir.resolve("seed.npz");
    AtomicFiles.write(
        seed,
        out ->
            Npz.writeFloat32(
                out,
                Map.of(
                    "input",
                    new Npz.FloatArray(new float[] {1, 2, 3, 4, 5, 6}, new long[] {1, 2, 3}))));
    fuzz(
        Files.readAllBytes(seed),
        "x.npz",
        file -> Npz.read(file).values().forEach(t -> t.toFloatArray()),
        3);
  }

  @Test
  void dataYamlAndLabels() throws Exception {
    Path root = dir.resolve("ds");
    Files.createDirectories(root.resolve("images/train"));
    Files.createDirectories(root.resolve("labels/train"));
    Files.write(root.resolve("images/train/a.jpg"), new byte[] {1});
    byte[] yaml =
        "path: .\ntrain: images/train\nnc: 2\nnames: [a, b]\n".getBytes(StandardCharsets.UTF_8);
    byte[] labels =
        "0 0.5 0.5 0.2 0.2\n1 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8\n".getBytes(StandardCharsets.UTF_8);
    fuzz(
        yaml,
        "data.yaml",
        file -> {
          Path target = root.resolve("data.yaml");
          Files.copy(file, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
          DetectionDataset.load(target);
        },
        4);
    Files.write(root.resolve("data.yaml"), yaml);
    fuzz(
        labels,
        "a.txt",
        file -> {
          Files.copy(
              file,
              root.resolve("labels/train/a.txt"),
              java.nio.file.StandardCopyOption.REPLACE_EXISTING);
          DetectionDataset.load(root.resolve("data.yaml"));
        },
        5);
  }
}
