package org.libreyolo.profile.internal.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A file's SHA-256, to tell a changed model file from the same one under the same name. */
public final class ContentHash {
  private ContentHash() {}

  /** Hex SHA-256 of the file, or null when it cannot be read (a hash is informational). */
  public static String sha256(Path file) {
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
      byte[] buffer = new byte[1 << 16];
      while (in.read(buffer) >= 0) {
        // the digest stream hashes as it reads
      }
      return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
    } catch (IOException | NoSuchAlgorithmException e) {
      return null;
    }
  }
}
