package org.libreyolo.profile.internal.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The operating system's reason for an I/O failure, in words: Java's file-system exceptions carry
 * only the path in their message when the OS gave no reason string ("cannot write x:
 * /proc/.x.tmp").
 */
public final class IoErrors {
  private IoErrors() {}

  /**
   * {@code path: reason}, the path being the file the OS refused (it may be a temporary sibling).
   */
  public static String reason(IOException e) {
    if (!(e instanceof FileSystemException fs)) {
      return String.valueOf(e.getMessage());
    }
    return (fs.getFile() != null ? fs.getFile() + ": " : "") + why(e);
  }

  /**
   * The reason alone, for a message that names the file itself (the OS may have refused a temporary
   * sibling whose name means nothing to the user).
   */
  public static String why(IOException e) {
    if (!(e instanceof FileSystemException fs)) {
      return String.valueOf(e.getMessage());
    }
    if (fs.getReason() != null) {
      return fs.getReason();
    }
    return e instanceof AccessDeniedException
        ? "permission denied"
        : e instanceof NoSuchFileException
            ? "no such file or directory"
            : e instanceof NotDirectoryException
                ? "not a directory"
                : e instanceof FileAlreadyExistsException
                    ? "already exists"
                    : e instanceof DirectoryNotEmptyException
                        ? "directory not empty"
                        : "refused by the file system (" + e.getClass().getSimpleName() + ")";
  }
}
