package org.libreyolo.profile.maven;

import java.io.File;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Option;
import org.libreyolo.profile.Properties;
import org.libreyolo.profile.gate.GateOptions;

/**
 * Common to every goal: {@code skip}, the output directory, and the mapping of core errors to
 * {@link MojoExecutionException} with a one-line message in Maven's terms (parameter names, not CLI
 * flags). Mojos only map parameters to core options, call core and log.
 */
abstract class AbstractProfileMojo extends AbstractMojo {
  /** Skips the goal. */
  @Parameter(property = "libreyolo.profile.skip", defaultValue = "false")
  boolean skip;

  /** Where producers and the gate write (the CLI's {@code runs/profile} stays the CLI's). */
  @Parameter(
      property = "libreyolo.profile.outputDirectory",
      defaultValue = "${project.build.directory}/libreyolo-profile")
  File outputDirectory;

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("libreyolo-profile: skipped (libreyolo.profile.skip)");
      return;
    }
    if (UNKNOWN_SAID.compareAndSet(false, true)) { // once per build, not per goal
      Properties.unknown(System.getProperties()).forEach(getLog()::warn);
    }
    try {
      checkGateProperties();
      run();
    } catch (LibreYoloException e) {
      // no cause attached: Maven appends a cause's message to the line, which said it twice; the
      // trace only with -X (a log without a level, as a test's, prints whatever it is given)
      if (getLog().isDebugEnabled()) {
        getLog().debug(e);
      }
      throw new MojoExecutionException(e.message(Option.Surface.MAVEN));
    }
  }

  /** Whether this build said which {@code libreyolo.profile.*} properties nothing reads. */
  private static final AtomicBoolean UNKNOWN_SAID = new AtomicBoolean();

  abstract void run() throws MojoExecutionException, MojoFailureException;

  /**
   * The check goal's {@code -D} settings, validated by every goal before it works: in {@code mvn
   * verify} the infer goal measures for a minute before check runs, and a bad {@code alpha} should
   * fail first, not after the measurement.
   */
  static void checkGateProperties() {
    String prefix = "libreyolo.profile.";
    GateOptions defaults = GateOptions.defaults();
    double alpha = real(prefix + "alpha", defaults.alpha());
    double maxRegression = real(prefix + "maxRegression", defaults.maxRegression());
    double processNoise = real(prefix + "processNoise", defaults.processNoise());
    double jobNoise = real(prefix + "jobNoise", defaults.jobNoise());
    String metrics = System.getProperty(prefix + "metrics");
    GateOptions.builder()
        .alpha(alpha)
        .maxRegression(maxRegression)
        .metrics(metrics == null || metrics.isBlank() ? null : List.of(metrics.split("\\s*,\\s*")))
        .processNoise(processNoise)
        .jobNoise(jobNoise)
        .build();
  }

  private static double real(String property, double fallback) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw LibreYoloException.badInput("-D" + property + "=" + value + " is not a number");
    }
  }

  void log(List<String> lines) {
    lines.forEach(getLog()::info);
  }

  /** What reads a profile next, in Maven's terms (the CLI prints its own command). */
  static String summaryGoal(java.nio.file.Path profile) {
    return "mvn libreyolo-profile:summary -Dlibreyolo.profile.input=" + profile;
  }

  static File required(File file, String name) throws MojoExecutionException {
    if (file == null) {
      throw new MojoExecutionException(
          "missing parameter " + name + ": set -Dlibreyolo.profile." + name + "=<file>");
    }
    return file;
  }
}
