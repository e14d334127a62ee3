package org.libreyolo.profile.diff;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.analysis.StepCalls;
import org.libreyolo.profile.result.OpCalls;
import org.libreyolo.profile.result.Profile;

/**
 * What changed between two profiles and how much of the step's change each change accounts for
 * (docs/diff.md). The rows that partition the step's own time (op calls from the traces, else
 * kernels or CPU leaf ops by name, else the Java methods' own samples) are the {@code
 * contributors}: each says the share of the step's change it explains; those above their noise sum
 * to the explained part and the rest is named unexplained (noise, or time outside what was traced
 * or sampled). Inclusive ops, Java totals and memory are listed beside, never summed.
 *
 * @param phase the phase diffed, or null for the whole step
 * @param beforeMs the step (or the phase) before, ms
 * @param afterMs the step (or the phase) after, ms
 * @param tracedBeforeMs the traced step (or phase) before, ms: what the traced rows partition
 *     (their processes' mean), or NaN when the rows were not traced (Java samples)
 * @param tracedAfterMs the traced step after, ms, or NaN
 * @param stepChange the step's change with its interval, or null when no evidence gives one
 * @param level which rows partition the step: {@code op calls}, {@code kernels}, {@code Java
 *     methods}, or null when neither side has any
 * @param contributors the partitioning rows, largest change first
 * @param phases per phase
 * @param kernels kernels (CPU profiles: leaf ops' own time) by name
 * @param ops framework ops by name (inclusive: counts, not summed)
 * @param javaSelf Java methods by their own samples, per phase (ms per step estimated from shares)
 * @param javaTotal Java methods by samples on the stack, per phase
 * @param counters memory and work per step (exact counters)
 * @param notes what the diff could not read, one line each (a trace a profile names that is not
 *     beside it)
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record ProfileDiff(
    String phase,
    double beforeMs,
    double afterMs,
    double tracedBeforeMs,
    double tracedAfterMs,
    StepChange stepChange,
    String level,
    List<DiffRow> contributors,
    List<DiffRow> phases,
    List<DiffRow> kernels,
    List<DiffRow> ops,
    List<DiffRow> javaSelf,
    List<DiffRow> javaTotal,
    List<DiffRow> counters,
    List<String> notes) {
  /** {@link #level()}: op calls from the traces partition the step. */
  public static final String CALLS = "op calls";

  /** {@link #level()}: kernels (CPU: ops' own time) by name partition the step. */
  public static final String KERNELS = "kernels";

  /** {@link #level()}: the Java methods' own samples partition the step. */
  public static final String JAVA = "Java methods";

  /**
   * A share of a change that is not there means nothing (a row of -0.02 ms in a step that moved
   * -0.01 ms within its noise read "218%"): the rows of an unchanged step carry no share.
   */
  public ProfileDiff {
    if (!changed(stepChange, level, contributors, afterMs - beforeMs)) {
      contributors = withoutShares(contributors);
      kernels = withoutShares(kernels);
      javaSelf = withoutShares(javaSelf);
    }
  }

  private static List<DiffRow> withoutShares(List<DiffRow> rows) {
    return rows.stream().map(r -> r.withShare(null)).toList();
  }

  /**
   * The diff of two profiles, their op calls as they keep them ({@code op_calls}), else (a profile
   * recorded before profiles kept them) read from the traces they name, resolved against their own
   * folders.
   *
   * @param before the earlier profile
   * @param after the later profile
   * @param stepChange the step's change with its interval, or null
   * @param phase one phase, or null for the whole step
   * @return the diff
   */
  public static ProfileDiff of(Profile before, Profile after, StepChange stepChange, String phase) {
    List<String> notes = new ArrayList<>();
    List<OpCalls.Process> b = calls(before, "before", notes);
    List<OpCalls.Process> a = calls(after, "after", notes);
    return ProfileDiffer.diff(before, after, b, a, stepChange, phase, List.copyOf(notes));
  }

  /**
   * The op calls of every process a profile traced, as it keeps them, else read from the traces it
   * names (resolved against its folder): what a baseline recorded from an older profile stores.
   *
   * @param p the profile
   * @return its op calls, or null where it has none and no CPU trace beside it
   */
  public static OpCalls opCalls(Profile p) {
    List<OpCalls.Process> read = calls(p, "", new ArrayList<>());
    return read.isEmpty() ? null : new OpCalls(read);
  }

  /**
   * The op calls of every process a profile traced: kept in it, else read from the trace it names
   * and, for a forked profile, its other forks' traces beside it; empty without a readable CPU
   * trace (none, a GPU trace). A CPU profile whose trace is not where it says is noted: its rows
   * come from the profile, never from another file.
   */
  private static List<OpCalls.Process> calls(Profile p, String side, List<String> notes) {
    OpCalls kept = p.opCalls();
    if (kept != null) {
      return kept.processes();
    }
    Path file = p.traceFile();
    if (file == null) {
      return List.of();
    }
    if (!Files.isRegularFile(file)) {
      if (p.isCpu()) {
        notes.add(
            side
                + ": the trace "
                + p.trace()
                + " is not "
                + (p.origin() == null ? "there" : "beside " + p.origin())
                + " and the profile keeps no op calls (recorded before profiles kept them): its"
                + " rows are the profile's own, kernels by name");
      }
      return List.of();
    }
    List<OpCalls.Process> out = new ArrayList<>();
    try {
      OpCalls.Process own = StepCalls.of(file);
      if (own == null) {
        return List.of();
      }
      out.add(own);
      Path forks = file.toAbsolutePath().getParent().resolve("forks");
      if (Files.isDirectory(forks)) {
        try (var dirs = Files.list(forks)) {
          for (Path fork : dirs.sorted().toList()) {
            OpCalls.Process c = StepCalls.of(fork.resolve("infer").resolve(file.getFileName()));
            if (c != null) {
              out.add(c);
            }
          }
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      return out; // an unreadable trace: the diff keeps what it read, else the profile's own rows
    }
    return out;
  }

  /** {@return the step's change, ms} */
  public double deltaMs() {
    return afterMs - beforeMs;
  }

  /** {@return the half-width of the step's interval in ms, or null when no evidence gives one} */
  public Double noiseMs() {
    return judged() ? stepChange.noiseMs(beforeMs) : null;
  }

  /** {@return whether the step's interval judges the rows against noise} */
  public boolean judged() {
    return stepChange != null && stepChange.judges();
  }

  /**
   * {@return whether there is a change to explain: the step's interval excludes none, or a row
   * moved beyond its own noise (evidence too, where the step's interval is too wide); without rows
   * or an interval, any change at all}
   */
  public boolean changed() {
    return changed(stepChange, level, contributors, deltaMs());
  }

  private static boolean changed(
      StepChange stepChange, String level, List<DiffRow> contributors, double deltaMs) {
    if (stepChange != null && stepChange.real()) {
      return true;
    }
    if (level != null) {
      return contributors.stream().anyMatch(DiffRow::aboveNoise); // an unjudged row counts
    }
    return stepChange == null && deltaMs != 0;
  }

  /** {@return the contributors above their noise, largest first} */
  public List<DiffRow> explaining() {
    return contributors.stream().filter(DiffRow::aboveNoise).toList();
  }

  /** {@return the change the contributors above their noise account for, ms} */
  public double explainedMs() {
    return explaining().stream().mapToDouble(DiffRow::delta).sum();
  }

  /** {@return whether the rows were traced: they partition the traced step, not the timed one} */
  public boolean traced() {
    return !Double.isNaN(tracedBeforeMs) && !Double.isNaN(tracedAfterMs);
  }

  /**
   * {@return the change the rows partition, ms: the traced step's where they were traced (the timed
   * iterations ran between canary blocks, the traced ones back to back), else the step's}
   */
  public double explainableMs() {
    return traced() ? tracedAfterMs - tracedBeforeMs : deltaMs();
  }

  /**
   * {@return the explained share of the change the rows partition, or null when there is none to
   * explain}
   */
  public Double explainedShare() {
    return !changed() || explainableMs() == 0 ? null : explainedMs() / explainableMs();
  }

  /** {@return the change the rows partition that they do not account for, ms} */
  public double unexplainedMs() {
    return explainableMs() - explainedMs();
  }
}
