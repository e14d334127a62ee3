package org.libreyolo.profile.report;

import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.options.Progress;

/**
 * Progress as whole lines, for a log that cannot redraw a bar (a CI log, Maven's log, Surefire's
 * output): the first line of each stage, the end of each stage, each unit that takes a second or
 * more, and at most one line per {@link #HEARTBEAT_NS} in between (a new stage's first line only
 * when none came in the last second), so a fork or a training step gets its line and a fast loop
 * does not flood the log. Nothing in the first {@link #QUIET_NS} of a job unless a stage is
 * announced with {@code done == 0} (a slow start, such as loading the engine). Producers call it
 * between iterations, never inside a timed one.
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

  /** Runs a task {@link #QUIET_NS} from now; null: announcements are not printed. */
  private final Consumer<Runnable> timer;

  private final long start;
  private String stage;
  private long stageStart;
  private long lastLine;
  private int stageDone; // the current stage's last count, for an announcement that comes late

  private ProgressLog(Consumer<String> lines, LongSupplier clock, Consumer<Runnable> timer) {
    this.lines = Objects.requireNonNull(lines, "lines");
    this.clock = clock;
    this.timer = timer;
    this.start = clock.getAsLong();
    this.lastLine = start - HEARTBEAT_NS;
  }

  /**
   * @param lines where each line goes (a logger's info, a stream's println)
   * @return progress that writes whole lines
   */
  public static ProgressLog to(Consumer<String> lines) {
    return new ProgressLog(
        lines,
        System::nanoTime,
        task -> Timer.THREAD.schedule(task, QUIET_NS, TimeUnit.NANOSECONDS));
  }

  /**
   * For tests: the same with a clock and a timer of their own.
   *
   * @param lines where each line goes
   * @param nanoClock the clock, in nanoseconds
   * @param timer runs a task {@link #QUIET_NS} later
   * @return progress that writes whole lines
   */
  static ProgressLog to(Consumer<String> lines, LongSupplier nanoClock, Consumer<Runnable> timer) {
    return new ProgressLog(lines, nanoClock, timer);
  }

  /** One daemon thread for every log's announcements, made on first use. */
  private static final class Timer {
    static final ScheduledExecutorService THREAD =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "libreyolo-progress");
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public synchronized void update(String stageName, int done, int total) {
    long now = clock.getAsLong();
    boolean newStage = !stageName.equals(stage);
    stageDone = done;
    if (newStage) {
      stage = stageName;
      stageStart = now;
      if (done == 0 && timer != null) {
        long announced = stageStart;
        timer.accept(() -> announce(stageName, announced, total));
        return;
      }
    }
    long sinceLine = now - lastLine;
    // a unit of a second or more (a fork, a training step) is worth its own line, early or not
    boolean coarse = done > 0 && (now - stageStart) / done >= NEW_STAGE_GAP_NS;
    boolean due =
        coarse
            || now - start >= QUIET_NS
                && (done >= total
                    || sinceLine >= HEARTBEAT_NS
                    || newStage && sinceLine >= NEW_STAGE_GAP_NS);
    if (due) {
      lines.accept(line(stageName, done, total, now));
      lastLine = now;
    }
  }

  /** The announced stage, if it is still the current one and nothing was said since. */
  private synchronized void announce(String stageName, long announcedAt, int total) {
    if (stageName.equals(stage) && stageStart == announcedAt && lastLine < announcedAt) {
      long now = clock.getAsLong();
      lines.accept(line(stageName, stageDone, total, now));
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
