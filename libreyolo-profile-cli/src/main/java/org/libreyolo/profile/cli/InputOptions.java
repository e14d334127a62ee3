package org.libreyolo.profile.cli;

import org.libreyolo.profile.Defaults;
import picocli.CommandLine.Option;

/** {@code --batch} and {@code --imgsz} of the inference commands ({@code infer}, {@code ab}). */
public final class InputOptions {
  @Option(names = "--batch", defaultValue = Defaults.Infer.BATCH, description = "images per forward pass (default: ${DEFAULT-VALUE})")
  int batch;

  @Option(names = "--imgsz", defaultValue = Defaults.Infer.IMGSZ, description = "input size (default: ${DEFAULT-VALUE}; 0 = native)")
  int imgsz;
}
