package org.libreyolo.profile.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.analysis.TraceAnalyzer;
import org.libreyolo.profile.io.AtomicFiles;
import org.libreyolo.profile.io.PyJson;
import java.nio.charset.StandardCharsets;

/**
 * Loads what readers accept (a {@code profile.json} as-is, anything else analysed as a trace) and
 * writes profiles atomically: {@code profile.json} compact, summaries indented.
 */
public final class ProfileIo {
  private static final ObjectMapper MAPPER = PyJson.MAPPER;
  private static final long SNIFF_LIMIT = 64L << 20;

  private ProfileIo() {}

  /**
   * A file whose top-level {@code schema} starts with {@code libreyolo.profile.analysis} is a
   * profile; anything else is analysed as a trace. Missing file: bad input (exit 2).
   */
  public static Profile load(Path file) {
    if (!Files.exists(file)) {
      throw LibreYoloException.badInput("not found: " + file);
    }
    if (Files.isDirectory(file)) {
      throw LibreYoloException.badInput(file + " is a directory: give a profile.json or a trace file");
    }
    ObjectNode profile = readProfileIfAny(file);
    return profile != null ? new Profile(profile) : TraceAnalyzer.analyze(file);
  }

  /** Small JSON objects with a profile schema; large files are traces and are streamed instead. */
  private static ObjectNode readProfileIfAny(Path file) {
    try {
      if (Files.size(file) > SNIFF_LIMIT) {
        return null;
      }
      byte[] head = new byte[2];
      try (InputStream in = Files.newInputStream(file)) {
        if (in.read(head) == 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
          return null;
        }
      }
      JsonNode root = MAPPER.readTree(file.toFile());
      if (root != null && root.isObject() && root.path("schema").asText("").startsWith(Profile.SCHEMA_PREFIX)) {
        return (ObjectNode) root;
      }
      return null;
    } catch (JsonProcessingException e) {
      return null; // not JSON we can read as a whole: the trace reader reports why
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** {@code profile.json}: compact, as the reference writes it. */
  public static void writeCompact(Path target, JsonNode value) {
    AtomicFiles.write(target, out -> out.write(PyJson.compact(value).getBytes(StandardCharsets.UTF_8)));
  }

  /** Pretty-printed JSON with an indent of 2 ({@code profile_summary.json}). */
  public static void writeIndented(Path target, JsonNode value) {
    AtomicFiles.write(target, out -> out.write(PyJson.indented(value).getBytes(StandardCharsets.UTF_8)));
  }
}
