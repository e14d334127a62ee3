package org.libreyolo.profile.report;

import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.options.Progress;

/**
 * Progress as whole lines, for a log that cannot redraw a bar (a CI log, Maven's log, Surefire's
 * output): the first line of each stage, the end of each stage, and at most one line per {@link
 * #HEARTBEAT_NS} in between (a new stage's first line only when none came in the last second), so a
 * fork or a training step gets its line and a fast loop does not flood the log. Nothing in the
 * first {@link #QUIET_NS} of a job unless a stage is announced with {@code done == 0} (a slow
 * start, such as loading the engine). Producers call it between iterations, never inside a timed
 * one.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ProgressLog implements Progress {
  /** A job shorter than this prints nothing but its announcements. */
  public static final long QUIET_NS = 2_000_000_000L;

  /** The longest a running stage stays without a line. */
  public static final long HEARTBEAT_NS = 5_000_000_000L;

  /** A new stage gets its own line unless one was just printed. */
  private static final long NEW_STAGE_GAP_NS = 1_000_000_000L;

  private final Consumer<String> lines;
  private final LongSupplier clock;
  private final long start;
  private String stage;
  private long stageStart;
  private long lastLine;

  private ProgressLog(Consumer<String> lines, LongSupplier clock) {
    this.lines = Objects.requireNonNull(lines, "lines");
    this.clock = clock;
    this.start = clock.getAsLong();
    this.lastLine = start - HEARTBEAT_NS;
  }

  /**
   * @param lines where each line goes (a logger's info, a stream's println)
   * @return progress that writes whole lines
   */
  public static ProgressLog to(Consumer<String> lines) {
    return new ProgressLog(lines, System::nanoTime);
  }

  /**
   * For tests: the same with a clock of their own.
   *
   * @param lines where each line goes
   * @param nanoClock the clock, in nanoseconds
   * @return progress that writes whole lines
   */
  static ProgressLog to(Consumer<String> lines, LongSupplier nanoClock) {
    return new ProgressLog(lines, nanoClock);
  }

  @Override
  public void update(String stageName, int done, int total) {
    long now = clock.getAsLong();
    boolean newStage = !stageName.equals(stage);
    if (newStage) {
      stage = stageName;
      stageStart = now;
    }
    boolean announced = newStage && done == 0;
    boolean due =
        now - start >= QUIET_NS && (newStage || done >= total || now - lastLine >= HEARTBEAT_NS);
    if (announced || due) {
      lines.accept(line(stageName, done, total, now));
      lastLine = now;
    }
  }

  private String line(String stageName, int done, int total, long now) {
    StringBuilder s = new StringBuilder("progress: ").append(stageName);
    if (total > 1) {
      s.append(' ').append(done).append('/').append(total);
    }
    s.append(String.format(Locale.ROOT, " (%s in", seconds(now - start)));
    if (done > 0 && done < total) {
      long left = (now - stageStart) / done * (total - done);
      if (left >= 1_000_000_000L) {
        s.append(", about ").append(seconds(left)).append(" left");
      }
    }
    return s.append(')').toString();
  }

  private static String seconds(long nanos) {
    double s = nanos / 1e9;
    return s < 10
        ? String.format(Locale.ROOT, "%.1f s", s)
        : String.format(Locale.ROOT, "%.0f s", s);
  }
}
