package org.libreyolo.profile.cli;

import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.report.Format;

/** {@code --format} beside {@code --json}: one format, the shorthand refused when it disagrees. */
final class Formats {
  private Formats() {}

  /**
   * @param format the {@code --format} value, or null
   * @param json whether {@code --json} was given
   * @param subject what the command renders (a format that does not is refused before any work)
   */
  static Format chosen(String format, boolean json, Format.Subject subject) {
    if (format == null) {
      return json ? Format.JSON : Format.TEXT;
    }
    Format f = Format.of(format, subject);
    if (json && f != Format.JSON) {
      throw LibreYoloException.badInput(
          "--json is --format json: give one of them, not --json with --format " + format);
    }
    return f;
  }
}
