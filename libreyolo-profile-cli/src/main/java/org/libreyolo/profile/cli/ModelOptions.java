package org.libreyolo.profile.cli;

import picocli.CommandLine.Option;

/** {@code --weights} and {@code --size}. */
public final class ModelOptions {
  @Option(
      names = "--weights",
      description =
          "LibreYOLO9{t,s,m,c}.pt (built-in; random-init when the file is absent), an .npz/.safetensors of upstream-named tensors, or a TorchScript file (default: LibreYOLO9<size>.pt)")
  String weights;

  @Option(
      names = "--size",
      description = "t, s, m or c (default: t, or the size in the weights name)")
  String size;
}
