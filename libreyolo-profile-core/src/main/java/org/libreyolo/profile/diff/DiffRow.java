package org.libreyolo.profile.diff;

import org.libreyolo.profile.Api;

/**
 * One thing that changed between two profiles: a phase, an op call (a layer), a kernel or op by
 * name, a Java method, a memory figure.
 *
 * @param name what it is (a call: the op and its ordinal in the step, {@code aten::conv2d #3})
 * @param phase the phase it belongs to, or null for the whole step
 * @param before its value before (ms per step; bytes for memory), 0 when absent
 * @param after its value after
 * @param countBefore calls per step before (Java methods: samples), -1 when not counted
 * @param countAfter calls per step after
 * @param macsBefore multiply-adds per step before (op calls of convolutions and matrix products), 0
 *     otherwise
 * @param macsAfter multiply-adds per step after
 * @param shapeBefore input shapes before, or null
 * @param shapeAfter input shapes after, or null
 * @param noise the change this row shows without a real one (ms), or null when the step's noise is
 *     unknown
 * @param share the share of the step's change this row accounts for, or null for rows that do not
 *     partition the step (inclusive ops, Java totals, memory)
 * @param order an op call's place in the step (the timeline's order), or -1 for other rows
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record DiffRow(
    String name,
    String phase,
    double before,
    double after,
    long countBefore,
    long countAfter,
    long macsBefore,
    long macsAfter,
    String shapeBefore,
    String shapeAfter,
    Double noise,
    Double share,
    int order) {
  /**
   * {@return this row with another noise}
   *
   * @param n the noise, ms, or null
   */
  public DiffRow withNoise(Double n) {
    return new DiffRow(
        name,
        phase,
        before,
        after,
        countBefore,
        countAfter,
        macsBefore,
        macsAfter,
        shapeBefore,
        shapeAfter,
        n,
        share,
        order);
  }

  /**
   * {@return this row with another share}
   *
   * @param s the share, or null for a row listed beside the partition
   */
  public DiffRow withShare(Double s) {
    return new DiffRow(
        name,
        phase,
        before,
        after,
        countBefore,
        countAfter,
        macsBefore,
        macsAfter,
        shapeBefore,
        shapeAfter,
        noise,
        s,
        order);
  }

  /** How a row changed. */
  public enum Status {
    /** only after */
    ADDED,
    /** only before */
    REMOVED,
    /** on both sides */
    CHANGED
  }

  /** {@return after minus before} */
  public double delta() {
    return after - before;
  }

  /** {@return the change in calls per step (0 when not counted)} */
  public long countDelta() {
    return countBefore < 0 || countAfter < 0 ? 0 : countAfter - countBefore;
  }

  /** {@return whether the row is on one side only} */
  public Status status() {
    boolean was = before != 0 || countBefore > 0;
    boolean is = after != 0 || countAfter > 0;
    return was && !is ? Status.REMOVED : is && !was ? Status.ADDED : Status.CHANGED;
  }

  /**
   * {@return whether it changed exactly: its calls per step, its multiply-adds or its input shapes
   * differ (deterministic counters, no noise applies: a wider layer changed, whatever its time
   * did)}
   */
  public boolean exactChange() {
    return countDelta() != 0
        || macsBefore != macsAfter
        || (shapeBefore != null && shapeAfter != null && !shapeBefore.equals(shapeAfter));
  }

  /**
   * {@return whether its work changed: its multiply-adds or its calls per step differ (a wider
   * layer, an op added): a cause, where a row whose input shapes alone changed, or whose time
   * moved, may be its effect}
   */
  public boolean workChanged() {
    return macsBefore != macsAfter || countDelta() != 0;
  }

  /**
   * {@return whether it counts: its change exceeds its noise (true where the noise is unknown:
   * ranked, not judged), or it changed exactly}
   */
  public boolean aboveNoise() {
    return noise == null || Math.abs(delta()) > noise || exactChange();
  }

  /** {@return whether it was judged and held within its noise: folded below the rows that count} */
  public boolean withinNoise() {
    return !aboveNoise();
  }
}
