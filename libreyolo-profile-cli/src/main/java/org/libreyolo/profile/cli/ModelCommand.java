package org.libreyolo.profile.cli;

import ai.djl.Device;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.python.PyJson;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code libreyolo model ...}: facts about the built-in architectures. */
@Command(name = "model", mixinStandardHelpOptions = true, description = "Model facts.",
    subcommands = {ModelCommand.Info.class})
public final class ModelCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code libreyolo model info}: size, parameters, GFLOPs and output shape. */
  @Command(name = "info", mixinStandardHelpOptions = true,
      description = "Print size, parameter count, GFLOPs (2 x conv MACs) and output shape.")
  public static final class Info implements Runnable {
    @Spec CommandSpec spec;

    @Option(names = "--size", defaultValue = "t", description = "t, s, m or c (default: ${DEFAULT-VALUE})")
    String size;

    @Option(names = "--nc", defaultValue = "80", description = "number of classes (default: ${DEFAULT-VALUE})")
    int nc;

    @Option(names = "--imgsz", defaultValue = "640", description = "input size (default: ${DEFAULT-VALUE})")
    int imgsz;

    @Option(names = "--json", description = "print as JSON")
    boolean json;

    @Override
    public void run() {
      Yolo9Size s = Yolo9Size.parse(size);
      if (nc <= 0) {
        throw LibreYoloException.badInput("--nc must be >= 1, got " + nc);
      }
      DetectionPipeline.checkSize("size", imgsz);
      Engines.boot(Engines.defaultThreads());
      try (Yolo9Detector detector = new Yolo9Detector(s, nc, Device.cpu(), "random-init")) {
        long params = detector.info().parameters();
        double gflops = 2.0 * detector.macs(imgsz, imgsz) / 1e9;
        long anchors = 0;
        for (int stride : org.libreyolo.profile.internal.model.Yolo9Net.STRIDES) {
          anchors += (long) (imgsz / stride) * (imgsz / stride);
        }
        List<Long> shape = List.of(1L, 4L + nc, anchors);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("model", "LibreYOLO9" + s.letter());
          m.put("size", s.letter());
          m.put("nc", nc);
          m.put("imgsz", imgsz);
          m.put("params", params);
          m.put("gflops", Math.round(gflops * 100) / 100.0);
          m.put("output_shape", shape);
          out.println(PyJson.indented(m));
        } else {
          out.printf(Locale.ROOT, "LibreYOLO9%s  nc=%d  imgsz=%d%n", s.letter(), nc, imgsz);
          out.printf(Locale.ROOT, "params   %,d%n", params);
          out.printf(Locale.ROOT, "GFLOPs   %.2f%n", gflops);
          out.printf(Locale.ROOT, "output   (1, %d, %d)  xyxy + %d class scores per anchor%n", 4 + nc, anchors, nc);
        }
      }
    }
  }
}
