package org.libreyolo.profile.produce;

import java.nio.file.Path;
import org.libreyolo.profile.internal.report.TextReport;
import org.libreyolo.profile.result.Profile;

/**
 * A traced plain step in a JVM started without the {@code jdk.jfr} module ({@link
 * JavaSamplesTest}): the measurement runs, and the profile says why it has no Java samples.
 */
public final class NoFlightRecorderMain {
  private NoFlightRecorderMain() {}

  static volatile long sink;

  public static void main(String[] args) {
    Profile p =
        CustomStepProfiler.run(
            StepOptions.builder("step", "no-jfr")
                .warmup(2)
                .runs(10)
                .trace(true)
                .outputDirectory(Path.of(args[0]))
                .build(),
            (phases, index) -> {
              try (var ph = phases.start("work")) {
                sink = Long.toString(index).hashCode();
              }
            });
    System.out.println(String.join("\n", TextReport.summary(p)));
  }
}
