package org.libreyolo.profile.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.internal.io.AtomicFiles;

/** A writer that dies half-way leaves the previous file intact and no temp file behind. */
class AtomicWriteTest {
  @TempDir Path dir;

  @Test
  void aFailingWriterKeepsThePreviousFileAndLeavesNoTemp() throws Exception {
    Path target = dir.resolve("profile.json");
    Files.writeString(target, "{\"previous\": true}");
    assertThatThrownBy(
            () ->
                AtomicFiles.write(
                    target,
                    out -> {
                      out.write("{\"half\": ".getBytes(StandardCharsets.UTF_8));
                      throw new IOException("disk full (injected)");
                    }))
        .hasMessageContaining("disk full (injected)")
        .hasMessageContaining(target.toString());
    assertThat(Files.readString(target)).isEqualTo("{\"previous\": true}");
    assertThat(dir.toFile().list()).containsExactly("profile.json");
  }

  /** Writes slowly in a child JVM, kills it mid-write, and checks what a reader would see. */
  @Test
  void aKilledWriterProcessLeavesThePreviousFileIntact() throws Exception {
    Path target = dir.resolve("profile.json");
    Files.writeString(target, "{\"previous\": true}");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                SlowWriter.class.getName(),
                target.toString())
            .redirectErrorStream(true)
            .start();
    // wait until the writer has started writing its temp file
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline && dir.toFile().list().length < 2) {
      Thread.sleep(20);
    }
    assertThat(dir.toFile().list()).as("a temp file is being written").hasSize(2);
    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    assertThat(Files.readString(target)).isEqualTo("{\"previous\": true}");
  }

  /** Child process: writes the target through AtomicFiles, one byte every 50 ms. */
  public static final class SlowWriter {
    public static void main(String[] args) {
      AtomicFiles.write(
          Path.of(args[0]),
          out -> {
            for (int i = 0; i < 1000; i++) {
              out.write('x');
              out.flush();
              try {
                Thread.sleep(50);
              } catch (InterruptedException e) {
                return;
              }
            }
          });
    }
  }
}
