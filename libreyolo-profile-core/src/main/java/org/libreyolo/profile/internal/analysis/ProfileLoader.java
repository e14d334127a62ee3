package org.libreyolo.profile.internal.analysis;

import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.internal.result.ProfileShape;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.runtime.EngineFiles;

/**
 * What every reader accepts: a {@code profile.json} as-is, anything else analysed as a trace
 * (docs/profile-schema.md). Missing file or a directory: bad input (exit 2). The profile knows the
 * file it was read from: the paths it keeps resolve against that file's folder ({@link
 * Profile#file}).
 */
public final class ProfileLoader {
  private ProfileLoader() {}

  public static Profile load(Path file) {
    return load(file, false);
  }

  /**
   * A {@code baseline} of another schema version is not corrupt: it is said so, in the gate's
   * words, from the one read of the file.
   */
  private static Profile load(Path file, boolean baseline) {
    if (!Files.exists(file)) {
      throw LibreYoloException.badInput("not found: " + file);
    }
    if (Files.isDirectory(file)) {
      throw LibreYoloException.badInput(
          file + " is a directory: give a profile.json or a trace file");
    }
    binary(file);
    com.fasterxml.jackson.databind.node.ObjectNode json =
        ProfileIo.readIfSchema(file, Profile.SCHEMA_PREFIX);
    if (json != null) {
      String schema = json.path(ProfileSchema.SCHEMA).asText("");
      if (baseline && !schema.equals(Profile.SCHEMA)) {
        throw LibreYoloException.badInput(
            "the baseline "
                + file
                + " is schema '"
                + schema
                + "', the gate judges "
                + Profile.SCHEMA
                + ": record it again with this version's infer or @ProfiledStep");
      }
      ProfileShape.check(json, file);
      return new Profile(json).readFrom(file);
    }
    java.util.Optional<EngineFiles> engine = EngineFiles.forProfile(file);
    return (engine.isPresent() ? engineProfile(engine.get(), file) : TraceAnalyzer.analyze(file))
        .readFrom(file);
  }

  /**
   * A file that cannot be JSON (an image, an archive, any other binary) is named as such, not as a
   * JSON parser's byte error. Gzip is a compressed trace and passes.
   */
  private static void binary(Path file) {
    byte[] head = new byte[8];
    int n;
    try (java.io.InputStream in = Files.newInputStream(file)) {
      n = in.readNBytes(head, 0, head.length);
    } catch (java.io.IOException e) {
      throw LibreYoloException.badInput("cannot read " + file + ": " + e.getMessage(), e);
    }
    if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
      return;
    }
    String kind =
        n >= 4 && (head[0] & 0xff) == 0x89 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G'
            ? "a PNG image"
            : n >= 2 && (head[0] & 0xff) == 0xff && (head[1] & 0xff) == 0xd8
                ? "a JPEG image"
                : n >= 2 && head[0] == 'P' && head[1] == 'K'
                    ? "a zip archive"
                    : n >= 4 && head[0] == '%' && head[1] == 'P' && head[2] == 'D' && head[3] == 'F'
                        ? "a PDF document"
                        : null;
    if (kind == null) {
      for (int i = 0; i < n; i++) {
        if (head[i] == 0) {
          kind = "a binary file";
          break;
        }
      }
    }
    if (kind != null) {
      throw new LibreYoloException(
          LibreYoloException.Kind.UNPARSABLE_TRACE,
          file + " is " + kind + ", not JSON: give a profile.json or a trace (.json, .json.gz)");
    }
  }

  /**
   * An engine's own profile (ONNX Runtime's), read as the trace it converts to (each run a step,
   * each kernel an op; docs/onnx.md), named by its own path.
   */
  private static Profile engineProfile(EngineFiles engine, Path file) {
    Path converted = null;
    try {
      converted = Files.createTempFile("libreyolo-" + engine.engine(), ".json");
      engine.profileToTrace(file, converted);
      Profile p = TraceAnalyzer.analyze(converted);
      p = p.with(j -> j.put(ProfileSchema.TRACE, file.toString()));
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
      return load(file, true);
    } catch (LibreYoloException e) {
      if (e.kind() == LibreYoloException.Kind.BAD_INPUT) {
        throw e; // missing, a directory, another schema: already said in the right words
      }
      throw LibreYoloException.badInput(
          "the baseline " + file + " is corrupt (" + e.getMessage() + "): record it" + " again", e);
    }
  }
}
