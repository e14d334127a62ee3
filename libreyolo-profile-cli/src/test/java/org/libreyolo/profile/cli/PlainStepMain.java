package org.libreyolo.profile.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.produce.StepOptions;

/**
 * A plain-Java step in a JVM of its own, for {@link CountersAcrossProcessesTest}: it parses a line
 * into boxed numbers (a fixed allocation per iteration) and writes its profile under {@code
 * args[0]}.
 */
public final class PlainStepMain {
  static volatile Object sink;

  private PlainStepMain() {}

  public static void main(String[] args) {
    StepOptions o =
        StepOptions.builder("parse", "PlainStepMain")
            .warmup(20)
            .runs(40)
            .trace(false)
            .outputDirectory(Path.of(args[0]))
            .build();
    CustomStepProfiler.run(
        o,
        (phases, index) -> {
          List<Long> values = new ArrayList<>();
          for (String part : "3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4".split(" ")) {
            values.add(Long.parseLong(part) * 1_000_003L);
          }
          sink = values;
        });
  }
}
