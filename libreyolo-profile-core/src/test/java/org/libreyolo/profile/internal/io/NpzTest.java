package org.libreyolo.profile.internal.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.TestEngine;

class NpzTest {
  @TempDir Path dir;

  @Test
  void readsTheUpstreamFixture() {
    Map<String, Tensor> io =
        Npz.read(TestEngine.fixture("libreyolo9t/libreyolo9t-seed7-320-io.npz"));
    assertThat(io).containsKeys("input", "predictions", "raw0", "raw1", "raw2");
    assertThat(io.get("input").shape()).containsExactly(1, 3, 320, 320);
    assertThat(io.get("predictions").shape()).containsExactly(1, 84, 2100);
    assertThat(io.get("input").dtype()).isEqualTo(Tensor.DType.F32);
  }

  @Test
  void writtenArraysRoundTrip() {
    Path file = dir.resolve("raw.npz");
    float[] values = {1.5f, -2f, 3.25f, 0f, 7f, 8f};
    AtomicFiles.write(
        file,
        out ->
            Npz.writeFloat32(
                out, Map.of("predictions", new Npz.FloatArray(values, new long[] {1, 2, 3}))));
    Tensor t = Npz.read(file).get("predictions");
    assertThat(t.shape()).containsExactly(1, 2, 3);
    assertThat(t.toFloatArray()).containsExactly(values);
    assertThat(dir.toFile().list()).containsExactly("raw.npz");
  }

  @Test
  void headerIsPaddedToSixtyFourBytesAsNumpyExpects() {
    byte[] npy = Npz.npyFloat32(new Npz.FloatArray(new float[] {1f}, new long[] {1}));
    int headerLength = (npy[8] & 0xff) | (npy[9] & 0xff) << 8;
    assertThat((10 + headerLength) % 64).isZero();
    assertThat(new String(npy, 10, headerLength)).contains("'shape': (1,)").endsWith("\n");
  }

  @Test
  void corruptArchivesAreBadInput() throws Exception {
    Path notZip = dir.resolve("bad.npz");
    Files.writeString(notZip, "definitely not a zip");
    assertThatThrownBy(() -> Npz.read(notZip))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("not a valid .npz");
    Path truncated = dir.resolve("trunc.npz");
    try (OutputStream out = Files.newOutputStream(truncated);
        ZipOutputStream zip = new ZipOutputStream(out)) {
      zip.putNextEntry(new ZipEntry("x.npy"));
      byte[] full = Npz.npyFloat32(new Npz.FloatArray(new float[] {1f, 2f, 3f}, new long[] {3}));
      zip.write(full, 0, full.length - 4);
      zip.closeEntry();
    }
    assertThatThrownBy(() -> Npz.read(truncated)).hasMessageContaining("truncated");
  }

  @Test
  void halfPrecisionConvertsExactly() {
    assertThat(Tensor.halfToFloat((short) 0x3c00)).isEqualTo(1f);
    assertThat(Tensor.halfToFloat((short) 0xc000)).isEqualTo(-2f);
    assertThat(Tensor.halfToFloat((short) 0x0001)).isEqualTo(0x1p-24f);
    assertThat(Tensor.halfToFloat((short) 0x7c00)).isInfinite();
  }
}
