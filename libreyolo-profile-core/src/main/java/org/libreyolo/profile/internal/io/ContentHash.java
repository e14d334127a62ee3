package org.libreyolo.profile.internal.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 in hex: of a file (a changed model under the same name), of text (a profile recorded
 * twice, a testbed's id).
 */
public final class ContentHash {
  private ContentHash() {}

  /** Hex SHA-256 of the file, or null when it cannot be read (a hash is informational). */
  public static String sha256(Path file) {
    try (InputStream in =
        new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
      byte[] buffer = new byte[1 << 16];
      while (in.read(buffer) >= 0) {
        // the digest stream hashes as it reads
      }
      return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
    } catch (IOException | NoSuchAlgorithmException e) {
      return null;
    }
  }

  /** Hex SHA-256 of the text's UTF-8 bytes. */
  public static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e); // every JVM has SHA-256
    }
  }
}
