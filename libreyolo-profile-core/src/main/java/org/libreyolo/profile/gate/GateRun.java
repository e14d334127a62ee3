package org.libreyolo.profile.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.OpCalls;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows.Blocks;

/**
 * The baseline gate as the CLI's {@code check}, the Maven {@code check} goal and the JUnit
 * extension run it: {@link #judge} decides (the files that tell the verdict are {@code
 * report.CheckFiles}'), {@link #recordBaseline} records, and the rules around them (what fails a
 * build, what can be judged at all) live here.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class GateRun {

  private GateRun() {}

  /**
   * Exit code of {@code profile check} on a REGRESSION (0 PASS / IMPROVED / INCONCLUSIVE, 2 bad
   * input).
   */
  public static final int REGRESSION_EXIT_CODE = 4;

  /**
   * Whether a verdict fails the build: a REGRESSION always; an INCONCLUSIVE only for teams that ask
   * for strictness ({@code failOnInconclusive}, default false).
   *
   * @param verdict the verdict
   * @param failOnInconclusive whether INCONCLUSIVE fails too
   * @return whether the build should fail
   */
  public static boolean fails(Verdict verdict, boolean failOnInconclusive) {
    return verdict == Verdict.REGRESSION || (failOnInconclusive && verdict == Verdict.INCONCLUSIVE);
  }

  /**
   * What a gate says when baselines found no current profile: perf tests that silently did not run
   * are the usual cause (a Surefire older than 3 runs no JUnit 5 test and reports success).
   *
   * @param count how many baselines have no current run
   * @return the line to print
   */
  public static String missingRuns(int count) {
    return count
        + (count == 1 ? " baseline has" : " baselines have")
        + " no current run: did the perf tests run?"
        + " JUnit 5 needs Surefire >= 3 (docs/junit.md)";
  }

  /**
   * The verdict alone, written nowhere ({@code profile check} without {@code --out}).
   *
   * @param baseline the baseline profile, or its file
   * @param current the current profile, or its file
   * @param options the gate's settings
   * @return the gate's result
   */
  public static Gate.Result judge(Path baseline, Path current, GateOptions options) {
    return judge(
        ProfileLoader.baseline(baseline), baseline, ProfileLoader.load(current), current, options);
  }

  /**
   * The verdict on profiles already loaded; both need timing blocks ({@link #requireBlocks}).
   *
   * @param base the baseline profile
   * @param baseline the baseline profile, or its file
   * @param now the current profile
   * @param current the current profile, or its file
   * @param options the gate's settings
   * @return the gate's result
   */
  public static Gate.Result judge(
      Profile base, Path baseline, Profile now, Path current, GateOptions options) {
    requireBlocks(base, baseline, "baseline");
    requireBlocks(now, current, "current profile");
    return Gate.check(base, now, options);
  }

  /**
   * The stored-baseline gate judges timing blocks of this schema (docs/statistics.md): another
   * schema version, a profile without blocks (recorded before blocks existed, a training profile, a
   * trace), too few blocks, or hand-edited ones are bad input with the way out.
   */
  /**
   * The forks of one run share one machine: a profile whose forks' fingerprints differ (forks
   * merged from two machines by hand) is bad input, not a measurement.
   */
  static void requireOneEnvironment(Profile p, Path file, String role) {
    var forks = p.samples().forks();
    for (var fork : forks) {
      for (String field : Gate.FINGERPRINT) {
        var first = forks.get(0).environment().path(field);
        var other = fork.environment().path(field);
        if (!first.equals(other)) {
          throw LibreYoloException.badInput(
              "the "
                  + role
                  + " "
                  + file
                  + " has forks from different environments (fork "
                  + fork.index()
                  + ": "
                  + field
                  + " "
                  + first
                  + " -> "
                  + other
                  + "): record it again in one job");
        }
      }
    }
  }

  /**
   * Refuses, before anything is measured, a baseline the gate could never judge: one process gives
   * {@code repeat * floor(runs / 5)} timing blocks and the gate needs {@link
   * BlockStatistics#MIN_BLOCKS}; forks need a block each.
   *
   * @param runs measured iterations per trial
   * @param repeat trials in one process
   * @param forks processes
   */
  public static void requireJudgeable(int runs, int repeat, int forks) {
    int perBlock = StepTimer.Blocks.RUNS_PER_BLOCK;
    int blocks = Math.max(1, repeat) * (runs / perBlock);
    if (forks < 2 && blocks < BlockStatistics.MIN_BLOCKS) {
      throw LibreYoloException.badInput(
          "{runs} "
              + runs
              + " gives "
              + blocks
              + " timing block"
              + (blocks == 1 ? "" : "s")
              + " of "
              + perBlock
              + " runs, the gate needs at least "
              + BlockStatistics.MIN_BLOCKS
              + ": a baseline recorded"
              + " so could never be judged; set {runs} >= "
              + BlockStatistics.MIN_BLOCKS * perBlock
              + " (or {forks} >= 2)");
    }
    if (blocks < 1) {
      throw LibreYoloException.badInput(
          "{runs} "
              + runs
              + " gives no timing block of "
              + perBlock
              + " runs in each fork:"
              + " set {runs} >= "
              + perBlock);
    }
  }

  static void requireBlocks(Profile p, Path file, String role) {
    requireOneEnvironment(p, file, role);
    String schema = p.schemaName();
    String again = ": record it again with this version's infer or @ProfiledStep";
    if (!schema.equals(Profile.SCHEMA)) {
      throw LibreYoloException.badInput(
          "the "
              + role
              + " "
              + file
              + " is schema '"
              + schema
              + "', the gate judges "
              + Profile.SCHEMA
              + again);
    }
    Blocks blocks = p.samples().blocks();
    if (blocks == null) {
      throw LibreYoloException.badInput(
          "the "
              + role
              + " "
              + file
              + " has no timing blocks (samples.blocks): it was"
              + " recorded by an older version, or is a training profile or a trace"
              + again);
    }
    if (!blocks.valid()) {
      throw LibreYoloException.badInput(
          "the "
              + role
              + " "
              + file
              + " has invalid timing blocks (samples.blocks"
              + " needs step_ms and canary_ms of equal length, positive numbers only)"
              + again);
    }
    if (!Gate.hasBlocks(p)) {
      throw LibreYoloException.badInput(
          "the "
              + role
              + " "
              + file
              + " has "
              + blocks.stepMs().length
              + " timing blocks, the gate needs at least "
              + BlockStatistics.MIN_BLOCKS
              + ": measure at least "
              + BlockStatistics.MIN_BLOCKS * StepTimer.Blocks.RUNS_PER_BLOCK
              + " runs");
    }
  }

  /**
   * The producer output a gate should read under {@code outputDirectory}: {@code infer_repeat.json}
   * when {@code infer --repeat} wrote it after the last single-trial {@code infer/profile.json},
   * else {@code infer/profile.json}.
   *
   * @param outputDirectory the directory the files are written to
   * @return the latest infer output found, or null
   */
  public static Path latestInferOutput(Path outputDirectory) {
    Path single = outputDirectory.resolve("infer").resolve("profile.json");
    Path repeat = outputDirectory.resolve("infer_repeat.json");
    try {
      if (Files.isRegularFile(repeat)
          && (!Files.isRegularFile(single)
              || Files.getLastModifiedTime(repeat).compareTo(Files.getLastModifiedTime(single))
                  >= 0)) {
        return repeat;
      }
    } catch (IOException e) {
      // unreadable times: fall back to the single-trial profile
    }
    return single;
  }

  /**
   * Refuses, before any measuring, a baseline the gate could not use: a directory, a file it could
   * not read as a profile, or (when recording) a folder it could not write.
   *
   * @param baseline the baseline's file
   * @param record whether the run records it (else judges against it where it exists)
   */
  public static void checkBaseline(Path baseline, boolean record) {
    if (Files.isDirectory(baseline)) {
      throw LibreYoloException.badInput(
          "{baseline} " + baseline + " is a directory: name the baseline's .json file");
    }
    if (record) { // where it will be written: proven now, not after measuring
      Path parent = baseline.toAbsolutePath().getParent();
      Folders.checkWritable(parent, "{baseline}");
    } else if (Files.exists(baseline)) {
      ProfileLoader.load(baseline); // corrupt, empty, a PNG, another schema: its one line now
    }
  }

  /**
   * Copies {@code current} (a profile or trace every reader accepts) to {@code baseline},
   * atomically. An existing baseline is replaced only with {@code overwrite}. A baseline explains a
   * later change on its own: a profile that keeps no op calls of its own (recorded before profiles
   * kept them) is stored with those its traces hold, read now while they are beside it.
   *
   * @param current the current profile, or its file
   * @param baseline the baseline profile, or its file
   * @param overwrite whether an existing baseline may be replaced
   * @param overwriteHint how to say that the baseline may be overwritten
   */
  public static void recordBaseline(
      Path current, Path baseline, boolean overwrite, String overwriteHint) {
    if (Files.exists(baseline) && !overwrite) {
      throw LibreYoloException.badInput(
          "baseline " + baseline + " exists: " + overwriteHint + " to replace it");
    }
    Profile p = ProfileLoader.load(current); // must be a readable profile or trace
    OpCalls calls = p.hasSchema() && p.opCalls() == null ? ProfileDiff.opCalls(p) : null;
    try {
      byte[] content =
          calls == null
              ? Files.readAllBytes(current)
              : Json.compact(p.with(j -> j.set(ProfileSchema.OP_CALLS, calls.json())).json())
                  .getBytes(java.nio.charset.StandardCharsets.UTF_8);
      AtomicFiles.write(baseline, out -> out.write(content));
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot read " + current + ": " + e.getMessage(), e);
    }
  }
}
