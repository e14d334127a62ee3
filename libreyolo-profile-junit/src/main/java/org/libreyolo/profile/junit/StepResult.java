package org.libreyolo.profile.junit;

import java.nio.file.Path;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.result.Profile;

/**
 * What {@link StepProfiler#measure} measured, typed: the latency percentiles and mean of one
 * iteration, the mean of each phase, the throughput in the unit the test named ({@link
 * ProfiledStep#unit()}), the gate's verdict (null without a baseline or while recording one) and
 * the files written. {@link #profile()} is the whole profile for anything else.
 *
 * @param step the step's name
 * @param p50Ms the median iteration, ms
 * @param p90Ms the 90th percentile, ms
 * @param p99Ms the 99th percentile, ms
 * @param meanMs the mean iteration, ms
 * @param phaseMeansMs each phase's mean, ms, in the step's order
 * @param throughput items per second (the test's {@code unit})
 * @param throughputUnit the throughput's unit, e.g. {@code images/s}
 * @param verdict the gate's verdict, or null without a baseline or while recording one
 * @param profileFile the {@code profile.json} written
 * @param reportFile the {@code report.html} written
 * @param profile the whole profile
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record StepResult(
    String step,
    double p50Ms,
    double p90Ms,
    double p99Ms,
    double meanMs,
    Map<String, Double> phaseMeansMs,
    double throughput,
    String throughputUnit,
    Verdict verdict,
    Path profileFile,
    Path reportFile,
    Profile profile) {

  /**
   * {@code p50 12.345 ms, 81.0 images/s}.
   *
   * @return the headline, e.g. {@code p50 12.345 ms, 81.00 images/s}
   */
  public String headline() {
    return String.format(
        java.util.Locale.ROOT, "p50 %.3f ms, %.2f %s", p50Ms, throughput, throughputUnit);
  }
}
