package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;

/**
 * The profile's samples as typed records: the raw measurements ({@code samples}: iterations,
 * blocks, forks) and the Java samples of the measured iterations ({@code java_samples}). The rows
 * of the analysis are {@link ProfileRows}.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class SampleRows {
  private SampleRows() {}

  /**
   * Java samples of the measured iterations (JDK Flight Recorder), per phase.
   *
   * @param samples samples of the measuring thread inside the measured iterations
   * @param nativeSamples how many of them were inside a native call (the Java frame at the
   *     boundary)
   * @param periodMs the sampling period, ms
   * @param thread the measuring thread's name
   * @param phases per phase, the phases with samples in the step's order
   * @param otherThreads samples per other Java thread inside the iterations (a step that starts its
   *     own threads), by thread name: not attributed to a phase
   * @param why why there are no samples (no Flight Recorder in the JVM), else null
   */
  public record JavaSamples(
      int samples,
      int nativeSamples,
      long periodMs,
      String thread,
      List<JavaPhase> phases,
      Map<String, Integer> otherThreads,
      String why) {
    static JavaSamples of(JsonNode n) {
      if (!n.isObject()) {
        return null;
      }
      List<JavaPhase> phases = new ArrayList<>();
      n.path(ProfileSchema.PHASES)
          .fields()
          .forEachRemaining(
              e ->
                  phases.add(
                      new JavaPhase(
                          e.getKey(),
                          e.getValue().path(ProfileSchema.SAMPLES).asInt(),
                          e.getValue().path(ProfileSchema.SHARE).asDouble(),
                          e.getValue().path(ProfileSchema.NATIVE_SAMPLES).asInt(),
                          javaMethods(e.getValue().path(ProfileSchema.SELF)),
                          javaMethods(e.getValue().path(ProfileSchema.TOTAL)),
                          javaStacks(e.getValue().path(ProfileSchema.STACKS)))));
      return new JavaSamples(
          n.path(ProfileSchema.SAMPLES).asInt(),
          n.path(ProfileSchema.NATIVE_SAMPLES).asInt(),
          n.path(ProfileSchema.PERIOD_MS).asLong(),
          n.path(ProfileSchema.THREAD).asText(""),
          phases,
          otherThreads(n.path(ProfileSchema.OTHER_THREADS).path(ProfileSchema.THREADS)),
          n.hasNonNull(ProfileSchema.WHY) ? n.get(ProfileSchema.WHY).asText() : null);
    }

    private static Map<String, Integer> otherThreads(JsonNode threads) {
      Map<String, Integer> out = new java.util.LinkedHashMap<>();
      threads.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asInt()));
      return out;
    }

    private static List<JavaStack> javaStacks(JsonNode rows) {
      List<JavaStack> out = new ArrayList<>();
      for (JsonNode r : rows) {
        out.add(
            new JavaStack(
                r.path(ProfileSchema.STACK).asText(), r.path(ProfileSchema.SAMPLES).asInt()));
      }
      return out;
    }

    private static List<JavaMethod> javaMethods(JsonNode rows) {
      List<JavaMethod> out = new ArrayList<>();
      for (JsonNode r : rows) {
        out.add(
            new JavaMethod(
                r.path(ProfileSchema.METHOD).asText(),
                r.path(ProfileSchema.SAMPLES).asInt(),
                r.path(ProfileSchema.SHARE).asDouble()));
      }
      return out;
    }
  }

  /**
   * One phase's Java samples.
   *
   * @param phase the phase ({@code (other)}: inside the iteration, outside every named phase)
   * @param samples samples in it
   * @param share its share of all samples
   * @param nativeSamples samples inside a native call
   * @param self methods by samples where they were the top Java frame, most first
   * @param total methods by samples where they were on the stack, most first
   * @param stacks the most frequent stacks, most first (empty in profiles recorded before them)
   */
  public record JavaPhase(
      String phase,
      int samples,
      double share,
      int nativeSamples,
      List<JavaMethod> self,
      List<JavaMethod> total,
      List<JavaStack> stacks) {}

  /**
   * One stack of a phase's samples.
   *
   * @param stack its methods, outermost first, joined by {@code ;}
   * @param samples the samples that had it
   */
  public record JavaStack(String stack, int samples) {}

  /**
   * A method's samples within a phase.
   *
   * @param method the class and method name
   * @param samples its samples
   * @param share its share of the phase's samples
   */
  public record JavaMethod(String method, int samples, double share) {}

  /** A lambda's hidden class carries its address ({@code Foo$$Lambda$92+0x00007f85...}). */
  private static final java.util.regex.Pattern LAMBDA_ADDRESS =
      java.util.regex.Pattern.compile("\\$\\$Lambda(\\$\\d+)?(\\+0x[0-9a-f]+)?(\\.\\d+)?");

  /**
   * A sampled method's name as every process names it: a lambda's hidden class without the address
   * it has in this one (what two profiles' samples are compared and merged by).
   *
   * @param method the method as sampled
   * @return its name across processes
   */
  public static String acrossProcesses(String method) {
    return LAMBDA_ADDRESS.matcher(method).replaceAll("\\$\\$Lambda");
  }

  /**
   * The raw measurements statistics use (empty arrays when absent).
   *
   * @param latencyMs the latency samples, ms
   * @param stepMs the step's median iteration per block (or per step), ms
   * @param imgPerSTrials the throughput of each trial
   * @param skippedSteps steps skipped before the window
   * @param blocks the block series (with forks: every fork's blocks, in fork order)
   * @param forks per fork, its own blocks and environment; empty for a profile measured in one
   *     process
   * @param stagesMs each stage's iterations, ms, in the profile's order (empty when absent)
   * @param allocatedBytes each measured iteration's allocation on the measuring thread
   */
  public record Samples(
      double[] latencyMs,
      double[] stepMs,
      double[] imgPerSTrials,
      long skippedSteps,
      Blocks blocks,
      List<Fork> forks,
      Map<String, double[]> stagesMs,
      double[] allocatedBytes) {
    static Samples of(JsonNode n) {
      List<Fork> forks = new ArrayList<>();
      for (JsonNode f : n.path(ProfileSchema.FORKS)) {
        Blocks b = Blocks.of(f.path(ProfileSchema.BLOCKS));
        if (b != null) {
          forks.add(
              new Fork(
                  f.path(ProfileSchema.INDEX).asInt(forks.size()),
                  b,
                  f.path(ProfileSchema.ENVIRONMENT)));
        }
      }
      return new Samples(
          ProfileRows.values(n.path(ProfileSchema.LATENCY_MS)),
          ProfileRows.values(n.path(ProfileSchema.STEP_MS)),
          ProfileRows.values(n.path(ProfileSchema.IMG_PER_S_TRIALS)),
          n.path(ProfileSchema.SKIPPED_STEPS).asLong(0),
          Blocks.of(n.path(ProfileSchema.BLOCKS)),
          List.copyOf(forks),
          stages(n.path(ProfileSchema.STAGES_MS)),
          ProfileRows.values(n.path(ProfileSchema.ALLOCATED_BYTES)));
    }

    private static Map<String, double[]> stages(JsonNode n) {
      Map<String, double[]> out = new LinkedHashMap<>();
      n.fields().forEachRemaining(e -> out.put(e.getKey(), ProfileRows.values(e.getValue())));
      return out;
    }

    /**
     * The processes the gate compares: each fork's blocks, or the one process's blocks of a profile
     * measured without forks (empty when it has none).
     *
     * @return per process, its blocks
     */
    public List<Blocks> processes() {
      if (!forks.isEmpty()) {
        return forks.stream().map(Fork::blocks).toList();
      }
      return blocks == null ? List.of() : List.of(blocks);
    }
  }

  /**
   * One fork of a forked measurement ({@code samples.forks[i]}): a fresh JVM with its own warmup,
   * blocks and canary.
   *
   * @param index the fork's position, from 0
   * @param blocks its blocks
   * @param environment its environment fingerprint
   */
  public record Fork(int index, Blocks blocks, JsonNode environment) {}

  /**
   * {@code samples.blocks}: per block the step's median iteration and the canary around it
   * (docs/profile-schema.md); null when the profile was measured without blocks.
   *
   * @param runsPerBlock iterations per block
   * @param canary which canary the blocks were timed against
   * @param normalised whether the gate divides the step by the canary
   * @param stepMs the step's median iteration per block (or per step), ms
   * @param canaryMs the canary's time per block, ms
   * @param quantiles per block, another quantile of its iterations by its key ({@code step_p90_ms}:
   *     {@link Metric#blockKey()}), ms; empty in a profile recorded without them
   */
  public record Blocks(
      int runsPerBlock,
      String canary,
      boolean normalised,
      double[] stepMs,
      double[] canaryMs,
      Map<String, double[]> quantiles) {
    static Blocks of(JsonNode n) {
      if (!n.isObject()) {
        return null;
      }
      Map<String, double[]> quantiles = new LinkedHashMap<>();
      for (double q : Metric.blockQuantiles()) {
        String key = Metric.blockKey(q);
        if (!key.equals(ProfileSchema.STEP_MS) && n.path(key).isArray()) {
          quantiles.put(key, ProfileRows.values(n.path(key)));
        }
      }
      return new Blocks(
          n.path(ProfileSchema.RUNS_PER_BLOCK).asInt(0),
          n.path(ProfileSchema.CANARY).asText(""),
          n.path(ProfileSchema.NORMALISED).asBoolean(true),
          ProfileRows.values(n.path(ProfileSchema.STEP_MS)),
          ProfileRows.values(n.path(ProfileSchema.CANARY_MS)),
          Map.copyOf(quantiles));
    }

    /**
     * The blocks as a gated metric sees them: the step's per-block series that metric names.
     *
     * @param metric a gated metric
     * @return these blocks with that series as {@link #stepMs()}, or null when they lack it (a
     *     profile recorded before the series existed)
     */
    public Blocks of(Metric metric) {
      String key = metric.blockKey();
      if (ProfileSchema.STEP_MS.equals(key)) {
        return this;
      }
      double[] series = quantiles.get(key);
      return series == null
          ? null
          : new Blocks(runsPerBlock, canary, normalised, series, canaryMs, quantiles);
    }

    /**
     * Equal lengths and positive, finite numbers only (a hand-edited file may have anything).
     *
     * @return whether the blocks can be judged
     */
    public boolean valid() {
      if (stepMs.length != canaryMs.length) {
        return false;
      }
      for (int i = 0; i < stepMs.length; i++) {
        if (!(stepMs[i] > 0)
            || !(canaryMs[i] > 0)
            || Double.isInfinite(stepMs[i])
            || Double.isInfinite(canaryMs[i])) {
          return false;
        }
      }
      return true;
    }
  }
}
