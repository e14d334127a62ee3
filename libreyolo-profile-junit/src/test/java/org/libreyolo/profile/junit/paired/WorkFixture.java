package org.libreyolo.profile.junit.paired;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

/**
 * Not a test Surefire runs (its name matches none of Surefire's patterns): the perf tests {@code
 * VersionAbInOneJvmTest} runs on two "versions" whose only difference is {@code
 * paired-side.properties}, read from each side's own class path.
 */
class WorkFixture {
  static final Properties SIDE = side();
  static volatile long sink;
  private static volatile boolean started;

  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void work(StepProfiler profiler) throws IOException {
    if (Boolean.parseBoolean(SIDE.getProperty("haltAfterFirstJvm", "false"))) {
      haltAfterFirstJvm();
    }
    int rounds = Integer.parseInt(SIDE.getProperty("work"));
    profiler.measure(() -> spin(rounds));
  }

  @Test
  @ProfiledStep(runs = 10, warmup = 2)
  void onlyHere(StepProfiler profiler) {
    if (Boolean.parseBoolean(SIDE.getProperty("fails", "false"))) {
      throw new IllegalStateException("this side refuses to run");
    }
    profiler.measure(() -> spin(100));
  }

  @Test
  @ProfiledStep(runs = 10, warmup = 2)
  void leaky(StepProfiler profiler) {
    if (!started) { // a worker the test forgets to stop
      started = true;
      Thread t = new Thread(WorkFixture::sleep, "leaky-worker");
      t.start();
    }
    profiler.measure(() -> spin(100));
  }

  /** The first JVM to get here leaves its pid behind; any other JVM dies on the spot. */
  private static void haltAfterFirstJvm() throws IOException {
    java.nio.file.Path marker = java.nio.file.Path.of("first-jvm.pid");
    String me = Long.toString(ProcessHandle.current().pid());
    if (!java.nio.file.Files.exists(marker)) {
      java.nio.file.Files.writeString(marker, me);
    } else if (!java.nio.file.Files.readString(marker).equals(me)) {
      Runtime.getRuntime().halt(3);
    }
  }

  private static void spin(int rounds) {
    long x = 17;
    for (int i = 0; i < rounds * 1000; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    sink = x;
  }

  private static void sleep() {
    try {
      Thread.sleep(120_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Properties side() {
    Properties p = new Properties();
    try (InputStream in = WorkFixture.class.getResourceAsStream("/paired-side.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    p.putIfAbsent("work", "100");
    return p;
  }
}
