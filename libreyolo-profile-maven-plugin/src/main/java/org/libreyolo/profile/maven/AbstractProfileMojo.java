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
import org.libreyolo.profile.process.ChildJvms;

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
    String badSwitch = Properties.badSwitch(System.getProperties());
    // Maven reads any other word as false: updateBaseline=maybe did nothing
    if (badSwitch != null) {
      throw new MojoExecutionException(badSwitch);
    }
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
    } catch (RuntimeException e) {
      // the error is the clean-up's doing (a fork ended, its folder gone)
      if (ChildJvms.stopping()) {
        throw new MojoExecutionException(ChildJvms.STOPPED);
      }
      if (!(e instanceof LibreYoloException tool)) {
        throw e;
      }
      // no cause attached: Maven appends a cause's message to the line, which said it twice; the
      // trace only with -X (a log without a level, as a test's, prints whatever it is given)
      if (getLog().isDebugEnabled()) {
        getLog().debug(e);
      }
      throw new MojoExecutionException(tool.message(Option.Surface.MAVEN));
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
    GateOptions.of(o -> System.getProperty("libreyolo.profile." + o.on(Option.Surface.MAVEN)));
    String blocks = System.getProperty("libreyolo.profile.blockRuns");
    if (blocks != null && !blocks.strip().matches("[1-9][0-9]{0,5}")) {
      throw org.libreyolo.profile.LibreYoloException.badInput(
          "{blockRuns} must be a whole number >= 1, got '" + blocks + "'");
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
