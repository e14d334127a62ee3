package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.yolo.ModelFacts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code libreyolo model ...}: facts about the built-in architectures. */
@Command(
    name = "model",
    mixinStandardHelpOptions = true,
    description = "Model facts.",
    subcommands = {ModelCommand.Info.class})
public final class ModelCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code libreyolo model info}: size, parameters, GFLOPs and output shape. */
  @Command(
      name = "info",
      mixinStandardHelpOptions = true,
      description = "Print size, parameter count, GFLOPs (2 x conv MACs) and output shape.")
  public static final class Info implements Runnable {
    @Spec CommandSpec spec;

    @Option(
        names = "--size",
        defaultValue = "t",
        description = "t, s, m or c (default: ${DEFAULT-VALUE})")
    String size;

    @Option(
        names = "--nc",
        defaultValue = "80",
        description = "number of classes (default: ${DEFAULT-VALUE})")
    int nc;

    @Option(
        names = "--imgsz",
        defaultValue = "640",
        description = "input size (default: ${DEFAULT-VALUE})")
    int imgsz;

    @Option(names = "--json", description = "print as JSON")
    boolean json;

    @Override
    public void run() {
      ModelFacts f = ModelFacts.of(size, nc, imgsz);
      long params = f.params();
      double gflops = f.gflops();
      long anchors = f.outputShape().get(2);
      String letter = f.size();
      List<Long> shape = f.outputShape();
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", "LibreYOLO9" + letter);
        m.put("size", letter);
        m.put("nc", nc);
        m.put("imgsz", imgsz);
        m.put("params", params);
        m.put("gflops", Math.round(gflops * 100) / 100.0);
        m.put("output_shape", shape);
        out.println(Json.indented(m));
      } else {
        out.printf(Locale.ROOT, "LibreYOLO9%s  nc=%d  imgsz=%d%n", letter, nc, imgsz);
        out.printf(Locale.ROOT, "params   %,d%n", params);
        out.printf(Locale.ROOT, "GFLOPs   %.2f%n", gflops);
        out.printf(
            Locale.ROOT,
            "output   (1, %d, %d)  xyxy + %d class scores per anchor%n",
            4 + nc,
            anchors,
            nc);
      }
    }
  }
}
