package org.libreyolo.profile.internal.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.ProfileRows;

/**
 * The process's resident memory around the measured iterations, from Linux's {@code /proc}
 * (docs/measurement.md, "Memory"): the peak resident set ({@code VmHWM}), reset before the
 * iterations by writing 5 to {@code /proc/self/clear_refs} so that it is their peak and not the
 * model load's, and the major page faults during them (a fault that read from disk: memory
 * pressure). Elsewhere, or where the kernel refuses, the figures are absent, never guessed.
 */
public final class HostMemory {
  private static final Path STATUS = Path.of("/proc/self/status");
  private static final Path STAT = Path.of("/proc/self/stat");
  private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

  private final boolean reset;
  private final long faultsBefore;

  private HostMemory(boolean reset, long faultsBefore) {
    this.reset = reset;
    this.faultsBefore = faultsBefore;
  }

  /** The highest peak a reset cleared, kB: with the current peak, the process's own. */
  private static long clearedPeakKb = -1;

  /**
   * The process's peak resident set so far, MB (what {@code getrusage} reports as its maximum), or
   * -1 off Linux: the peaks the resets before the measured runs cleared, and the current one.
   */
  public static synchronized double processPeakMb() {
    long now = statusKb("VmHWM:");
    return now < 0 ? -1 : PyRound.round(Math.max(now, clearedPeakKb) / 1024.0, 1);
  }

  /** Resets the peak and notes the fault count: call just before the measured iterations. */
  public static HostMemory start() {
    synchronized (HostMemory.class) {
      clearedPeakKb = Math.max(clearedPeakKb, statusKb("VmHWM:"));
    }
    boolean reset;
    try {
      Files.writeString(CLEAR_REFS, "5", StandardCharsets.US_ASCII);
      reset = true;
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      reset = false; // not Linux, or not allowed: the peak is then the process's
    }
    return new HostMemory(reset, majorFaults());
  }

  /**
   * Major faults per measured iteration from which the runs count as under memory pressure: a
   * process that swaps faults on every iteration, one that paged in a library page once does not.
   */
  static final double PRESSURE_FAULTS_PER_RUN = 1.0;

  /**
   * The figures after the iterations: {@code peak_rss_mb}, {@code peak_since} ({@code measured
   * runs} or {@code process start}), {@code major_faults} and {@code memory_pressure} (at least
   * {@link #PRESSURE_FAULTS_PER_RUN} per run); null where {@code /proc} is not there.
   *
   * @param runs the measured iterations
   */
  public ProfileRows.HostMemory stop(int runs) {
    long peakKb = statusKb("VmHWM:");
    long faults = majorFaults();
    if (peakKb < 0) {
      return null;
    }
    boolean counted = faults >= 0 && faultsBefore >= 0;
    return new ProfileRows.HostMemory(
        PyRound.round(peakKb / 1024.0, 1),
        reset ? "measured runs" : "process start",
        counted ? faults - faultsBefore : null,
        counted ? faults - faultsBefore >= PRESSURE_FAULTS_PER_RUN * runs : null,
        null);
  }

  /** A {@code kB} field of {@code /proc/self/status}, or -1. */
  private static long statusKb(String field) {
    try {
      for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
        if (line.startsWith(field)) {
          return Long.parseLong(line.substring(field.length()).replace("kB", "").strip());
        }
      }
    } catch (IOException | NumberFormatException | SecurityException e) {
      // absent: not Linux
    }
    return -1;
  }

  /**
   * {@code majflt}, the 12th field of {@code /proc/self/stat} (after the command's parentheses).
   */
  private static long majorFaults() {
    try {
      String stat = Files.readString(STAT, StandardCharsets.US_ASCII);
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[9]); // fields from the 3rd: state is f[0], majflt (12th) is f[9]
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
