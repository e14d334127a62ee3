package org.libreyolo.profile.internal.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Reads {@code profile.json} files and writes profiles atomically: {@code profile.json} compact,
 * summaries indented, in the reference's byte format (docs/profile-schema.md).
 */
public final class ProfileIo {
  private static final ObjectMapper MAPPER = Json.MAPPER;
  private static final long SNIFF_LIMIT = 64L << 20;

  private ProfileIo() {}

  /**
   * The JSON object in {@code file} when its {@code schema} starts with {@code schemaPrefix}, else
   * null (large or gzip files are traces: not parsed here).
   */
  public static ObjectNode readIfSchema(Path file, String schemaPrefix) {
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
      if (root != null
          && root.isObject()
          && root.path(ProfileSchema.SCHEMA).asText("").startsWith(schemaPrefix)) {
        return (ObjectNode) root;
      }
      return null;
    } catch (JsonProcessingException e) {
      return null; // not JSON we can read as a whole: the trace reader reports why
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** {@code profile.json}: compact, as the reference writes it. */
  public static void writeCompact(Path target, JsonNode value) {
    AtomicFiles.writeText(target, Json.compact(value));
  }

  /** Pretty-printed JSON with an indent of 2 ({@code profile_summary.json}). */
  public static void writeIndented(Path target, JsonNode value) {
    AtomicFiles.writeText(target, Json.indented(value));
  }
}
