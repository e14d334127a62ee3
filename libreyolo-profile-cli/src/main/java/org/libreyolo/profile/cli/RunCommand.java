package org.libreyolo.profile.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import org.libreyolo.profile.python.PyJson;
import org.libreyolo.profile.produce.TrainOptions;
import org.libreyolo.profile.produce.TrainProfiler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code libreyolo profile run <data>}: a short profiled training. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Profile a short training run: img/s, the data-loading stall, the phase composition and the verdict.")
public final class RunCommand implements Runnable {
  /** Where built-in datasets are generated once and reused. */
  static final Path DATASET_CACHE = Path.of(System.getProperty("user.home"), ".cache", "libreyolo", "datasets");

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "<data>", description = "data YAML or dataset name (built-in: shapes128, shapes<N>)")
  String data;

  @Mixin ModelOptions model;

  @Option(names = "--batch", defaultValue = "16", description = "micro-batch; -1 auto-fits (default: ${DEFAULT-VALUE})")
  int batch;

  @Option(names = "--imgsz", defaultValue = "640", description = "input size (default: ${DEFAULT-VALUE})")
  int imgsz;

  @Option(names = "--workers", defaultValue = "8", description = "data-loading threads (default: ${DEFAULT-VALUE})")
  int workers;

  @Option(names = "--amp", negatable = true, defaultValue = "true", description = "AMP (recorded; not applied on DJL 0.36)")
  boolean amp;

  @Option(names = "--steps", defaultValue = "20", description = "measured steps (default: ${DEFAULT-VALUE})")
  int steps;

  @Option(names = "--warmup", defaultValue = "5", description = "warmup steps (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(names = "--repeat", defaultValue = "1", description = "trials (default: ${DEFAULT-VALUE})")
  int repeat;

  @Mixin EngineOptions engine;

  @Option(names = "--project", defaultValue = "runs/profile", description = "output root (default: ${DEFAULT-VALUE})")
  Path project;

  @Option(names = "--json", description = "print the result as JSON")
  boolean json;

  @Override
  public void run() {
    TrainOptions options = new TrainOptions(data, model.weights, model.size, batch, imgsz, workers, amp, steps, warmup,
        repeat, engine.spec(), engine.threads(), project, DATASET_CACHE);
    TrainProfiler.Result r = TrainProfiler.run(options, ProgressBar.on(spec.commandLine().getErr()));
    PrintWriter out = spec.commandLine().getOut();
    if (r.warning() != null) {
      spec.commandLine().getErr().println("warning: " + r.warning());
    }
    if (json) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.put("profile", r.reported().toString());
      o.put("trace", r.trace().toString());
      o.set("img_per_s", r.profile().get("img_per_s"));
      if (r.imgPerSStd() == null) {
        o.putNull("img_per_s_std");
      } else {
        o.put("img_per_s_std", r.imgPerSStd());
      }
      o.put("img_per_s_n", r.imgPerSN());
      o.set("bound", r.profile().get("bound"));
      o.set("gpu_util", r.profile().get("gpu_util"));
      out.println(PyJson.indented(o));
      return;
    }
    if (amp) {
      spec.commandLine().getErr().println("note: --amp is recorded but not applied: DJL 0.36 has no autocast, the step"
          + " runs in float32");
    }
    if (r.autoBatchNote() != null) {
      spec.commandLine().getErr().println("note: " + r.autoBatchNote());
    }
    String spread = r.imgPerSN() > 1 ? " +/- " + PyJson.repr(r.imgPerSStd()) + " (n=" + r.imgPerSN() + ")" : "";
    out.println("img/s: " + PyJson.str(r.profile().get("img_per_s")) + spread + "  |  " + r.profile().get("bound").asText());
    out.println("profile: " + r.reported());
    out.println("next:    libreyolo profile summary " + r.reported());
  }
}
