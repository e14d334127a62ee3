package org.libreyolo.profile.junit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * The JIT's compilations of each side's own classes in a JVM holding both versions, from Flight
 * Recorder's {@code jdk.Compilation} events (docs/versions.md, "Both copies warmed"): per method,
 * the highest tier it was compiled at as a whole method, and whether it has on-stack-replacement
 * code. Two copies of one method that ended a step in different states (one at C2, the other only
 * as OSR code or at C1) are named in the step's result. Without Flight Recorder it names nothing.
 */
final class SideCompilations implements AutoCloseable {
  /** Names at most this many methods per step. */
  static final int MOST = 3;

  private final Recording recording;

  /** A compilation of a side's method. */
  private record Compile(Instant at, String side, String method, int level, boolean osr) {}

  private SideCompilations(Recording recording) {
    this.recording = recording;
  }

  /** Starts recording compilations; a JVM without Flight Recorder records nothing. */
  static SideCompilations start() {
    try {
      Recording r = new Recording();
      r.setName("libreyolo-side-compilations");
      r.enable("jdk.Compilation").withThreshold(Duration.ZERO);
      r.setToDisk(true);
      r.start();
      return new SideCompilations(r);
    } catch (RuntimeException | LinkageError e) {
      return new SideCompilations(null);
    }
  }

  /**
   * The methods whose two copies were in different states at {@code until}, in words (at most
   * {@link #MOST}): {@code demo.Work.crunch: C2 on the baseline, OSR code only on this build}.
   */
  List<String> differences(Instant until) {
    List<Compile> all = compiles();
    // per method and side: the highest whole-method tier, and whether it has OSR code
    Map<String, int[]> state = new TreeMap<>(); // "side|method" -> {level, osr}
    for (Compile c : all) {
      if (c.at().isAfter(until)) {
        continue;
      }
      int[] s = state.computeIfAbsent(c.side() + "|" + c.method(), k -> new int[] {0, 0});
      if (c.osr()) {
        s[1] = Math.max(s[1], c.level());
      } else {
        s[0] = Math.max(s[0], c.level());
      }
    }
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, int[]> e : state.entrySet()) {
      if (!e.getKey().startsWith("baseline|")) {
        continue;
      }
      String method = e.getKey().substring("baseline|".length());
      int[] a = e.getValue();
      int[] b = state.getOrDefault("candidate|" + method, new int[] {0, 0});
      if (a[0] != b[0] && Math.max(a[0], b[0]) == 4 && out.size() < MOST) {
        out.add(method + ": " + words(a) + " on the baseline, " + words(b) + " on this build");
      }
    }
    return out;
  }

  private static String words(int[] s) {
    String whole = s[0] == 4 ? "C2" : s[0] > 0 ? "C1 (tier " + s[0] + ")" : "interpreted";
    return s[0] < 4 && s[1] > 0 ? whole + " with OSR code" : whole;
  }

  /** The compilations so far, read from a snapshot of the recording. */
  private List<Compile> compiles() {
    if (recording == null) {
      return List.of();
    }
    List<Compile> out = new ArrayList<>();
    Path file = null;
    try {
      file = Files.createTempFile("libreyolo-compilations", ".jfr");
      recording.dump(file);
      for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
        RecordedMethod m = e.getValue("method");
        if (m == null || m.getType() == null || m.getType().getClassLoader() == null) {
          continue;
        }
        String loader = m.getType().getClassLoader().getName();
        if (!"baseline".equals(loader) && !"candidate".equals(loader)) {
          continue; // shared code: one copy for both sides
        }
        if (!e.getBoolean("succeded")) { // sic: the event's field name
          continue;
        }
        out.add(
            new Compile(
                e.getStartTime(),
                loader,
                m.getType().getName() + "." + m.getName(),
                e.getInt("compileLevel"),
                e.getBoolean("isOsr")));
      }
    } catch (IOException | RuntimeException e) {
      return List.of(); // the JIT's record is a note, never the A/B's failure
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException ignored) {
          // a temp file left behind
        }
      }
    }
    return out;
  }

  @Override
  public void close() {
    if (recording != null) {
      recording.close();
    }
  }
}
