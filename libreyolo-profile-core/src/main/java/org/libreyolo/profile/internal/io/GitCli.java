package org.libreyolo.profile.internal.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One read-only git command, for what a run records about the code it measured (the commit, the
 * uncommitted changes). No git, no checkout or a stuck command all read as unknown: recording the
 * commit is a help, never a reason for a run to fail.
 */
public final class GitCli {
  /** A command that takes longer is stuck (a lock, a prompt). */
  private static final long TIMEOUT_S = 5;

  private GitCli() {}

  /**
   * Runs {@code git args} in {@code dir}.
   *
   * @param dir the working directory, or null for this process's
   * @param args the arguments
   * @return its standard output as written, or null when git failed, is missing or took too long
   */
  public static String output(Path dir, String... args) {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    try {
      ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(false);
      if (dir != null) {
        b.directory(dir.toFile());
      }
      b.redirectError(ProcessBuilder.Redirect.DISCARD);
      Process p = b.start();
      p.getOutputStream().close();
      // read before waiting: a long listing would fill the pipe and never end
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return null;
      }
      return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : null;
    } catch (IOException e) {
      return null; // no git: unknown
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
