package org.libreyolo.profile.internal.analysis;

import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.internal.trace.OnnxRuntimeProfile;
import org.libreyolo.profile.result.Profile;

/**
 * What every reader accepts: a {@code profile.json} as-is, anything else analysed as a trace
 * (docs/profile-schema.md). Missing file or a directory: bad input (exit 2).
 */
public final class ProfileLoader {
  private ProfileLoader() {}

  public static Profile load(Path file) {
    if (!Files.exists(file)) {
      throw LibreYoloException.badInput("not found: " + file);
    }
    if (Files.isDirectory(file)) {
      throw LibreYoloException.badInput(
          file + " is a directory: give a profile.json or a trace file");
    }
    com.fasterxml.jackson.databind.node.ObjectNode json =
        ProfileIo.readIfSchema(file, Profile.SCHEMA_PREFIX);
    Profile profile = json == null ? null : new Profile(json);
    if (profile != null) {
      return profile;
    }
    return OnnxRuntimeProfile.isOne(file) ? onnxRuntime(file) : TraceAnalyzer.analyze(file);
  }

  /**
   * ONNX Runtime's own profile, read as the trace it converts to (each run a step, each kernel an
   * op; docs/onnx.md), named by its own path.
   */
  private static Profile onnxRuntime(Path file) {
    Path converted = null;
    try {
      converted = Files.createTempFile("libreyolo-onnxruntime", ".json");
      OnnxRuntimeProfile.toTrace(file, converted);
      Profile p = TraceAnalyzer.analyze(converted);
      p.json().put("trace", file.toString());
      return p;
    } catch (java.io.IOException e) {
      throw LibreYoloException.badInput("cannot convert " + file + ": " + e.getMessage(), e);
    } finally {
      if (converted != null) {
        try {
          Files.deleteIfExists(converted);
        } catch (java.io.IOException ignored) {
          // a temp file left behind
        }
      }
    }
  }

  /**
   * A stored baseline: what {@link #load} reads, but a file that is not readable as one (empty,
   * truncated, not a profile) is named as a corrupt baseline to record again, not as a trace that
   * failed to analyse.
   */
  public static Profile baseline(Path file) {
    try {
      return load(file);
    } catch (LibreYoloException e) {
      if (e.kind() == LibreYoloException.Kind.BAD_INPUT) {
        throw e; // missing, a directory: already said in the right words
      }
      throw LibreYoloException.badInput(
          "the baseline " + file + " is corrupt (" + e.getMessage() + "): record it" + " again", e);
    }
  }
}
