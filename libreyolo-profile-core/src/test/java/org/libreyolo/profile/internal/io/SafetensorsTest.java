package org.libreyolo.profile.internal.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafetensorsTest {
  @TempDir Path dir;

  static Path write(Path file, String header, byte[] data) throws Exception {
    byte[] h = header.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(h.length).array());
    out.write(h);
    out.write(data);
    Files.write(file, out.toByteArray());
    return file;
  }

  @Test
  void readsNamedFloatTensors() throws Exception {
    ByteBuffer data =
        ByteBuffer.allocate(12)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putFloat(1f)
            .putFloat(2f)
            .putFloat(3f);
    Path file =
        write(
            dir.resolve("w.safetensors"),
            "{\"__metadata__\":{\"format\":\"pt\"},\"a.weight\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[0,12]}}",
            data.array());
    Tensor t = Safetensors.read(file).get("a.weight");
    assertThat(t.toFloatArray()).containsExactly(1f, 2f, 3f);
  }

  @Test
  void bf16IsRejectedBeforeAnyArrayExists() throws Exception {
    Path file =
        write(
            dir.resolve("bf.safetensors"),
            "{\"a\":{\"dtype\":\"BF16\",\"shape\":[1],\"data_offsets\":[0,2]}}",
            new byte[2]);
    assertThatThrownBy(() -> Safetensors.read(file)).hasMessageContaining("BF16");
  }

  @Test
  void offsetsMustMatchTheShape() throws Exception {
    Path file =
        write(
            dir.resolve("off.safetensors"),
            "{\"a\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,12]}}",
            new byte[12]);
    assertThatThrownBy(() -> Safetensors.read(file)).hasMessageContaining("data offsets");
  }
}
