package org.libreyolo.profile.history;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;

/**
 * Apache Otava's CSV layout, read and written (docs/history.md, "Otava's CSV"): a header, a {@code
 * time} column, attribute columns ({@code commit}, {@code branch}, ...) and one numeric column per
 * metric, one row per run. An empty metric cell is a run without that metric.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class OtavaCsv {
  /** The time column Otava reads. */
  public static final String TIME = "time";

  /** Otava's own time format, as its examples write it. */
  private static final DateTimeFormatter OTAVA_TIME =
      new DateTimeFormatterBuilder()
          .appendPattern("yyyy-MM-dd HH:mm:ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .optionalStart()
          .appendLiteral(' ')
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HHMM", "Z")
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HH:MM", "Z")
          .optionalEnd()
          .toFormatter(Locale.ROOT);

  private static final DateTimeFormatter WRITE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss xx", Locale.ROOT);

  private OtavaCsv() {}

  /**
   * Reads runs from a CSV file.
   *
   * @param file the CSV file
   * @param attributes the columns that are attributes (text); every other column but {@code time}
   *     is a metric
   * @return the runs, in file order
   */
  public static List<Run> read(Path file, Set<String> attributes) {
    CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.TRIM_SPACES);
    CsvSchema schema = CsvSchema.emptySchema().withHeader();
    List<Run> runs = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        MappingIterator<Map<String, String>> rows =
            mapper.readerFor(Map.class).with(schema).readValues(in)) {
      long line = 1; // the header
      while (rows.hasNextValue()) {
        Map<String, String> row = rows.nextValue();
        line++;
        if (!row.containsKey(TIME)) {
          throw LibreYoloException.badInput(
              file + ": no '" + TIME + "' column (Otava's CSV starts with a time column)");
        }
        Map<String, String> attrs = new TreeMap<>();
        Map<String, Double> metrics = new TreeMap<>();
        for (Map.Entry<String, String> cell : row.entrySet()) {
          String column = cell.getKey();
          String value = cell.getValue() == null ? "" : cell.getValue();
          if (column.equals(TIME)) {
            continue;
          }
          if (attributes.contains(column)) {
            if (!value.isEmpty()) {
              attrs.put(column, value);
            }
          } else if (!value.isEmpty()) {
            metrics.put(column, number(file, line, column, value));
          }
        }
        if (metrics.isEmpty()) {
          throw LibreYoloException.badInput(
              file
                  + " line "
                  + line
                  + ": no metric value (columns that are not metrics"
                  + " go in {attributes})");
        }
        Instant time = time(file, line, row.get(TIME));
        runs.add(
            new Run(
                time, attrs.remove("commit"), attrs.remove("branch"), attrs, metrics, Map.of()));
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof LibreYoloException l) {
        throw l;
      }
      throw LibreYoloException.badInput(
          "cannot read " + file + " as CSV: " + firstLine(e.getMessage()), e);
    }
    if (runs.isEmpty()) {
      throw LibreYoloException.badInput(file + " has no rows");
    }
    return runs;
  }

  /**
   * Writes runs as Otava reads them: {@code time}, {@code commit}, {@code branch}, the other
   * attributes, then every metric, sorted by name.
   *
   * @param runs the runs, in time order
   * @param out where to write
   * @throws IOException when the stream fails
   */
  public static void write(List<Run> runs, OutputStream out) throws IOException {
    Set<String> attributes = new TreeSet<>();
    Set<String> metrics = new TreeSet<>();
    for (Run r : runs) {
      attributes.addAll(r.attributes().keySet());
      metrics.addAll(r.metrics().keySet());
    }
    List<String> header = new ArrayList<>(List.of(TIME, "commit", "branch"));
    header.addAll(attributes);
    header.addAll(metrics);
    CsvMapper mapper = new CsvMapper();
    try (SequenceWriter w =
        mapper
            .writerFor(String[].class)
            .with(CsvSchema.emptySchema().withLineSeparator("\n"))
            .writeValues(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8))) {
      w.write(header.toArray(String[]::new));
      for (Run r : runs) {
        List<String> row = new ArrayList<>();
        row.add(WRITE_TIME.format(r.time().atOffset(ZoneOffset.UTC)));
        row.add(r.commit() == null ? "" : r.commit());
        row.add(r.branch() == null ? "" : r.branch());
        for (String a : attributes) {
          row.add(r.attributes().getOrDefault(a, ""));
        }
        for (String m : metrics) {
          Double v = r.metrics().get(m);
          row.add(v == null ? "" : Double.toString(v));
        }
        w.write(row.toArray(String[]::new));
      }
    }
  }

  private static double number(Path file, long line, String column, String value) {
    try {
      double v = Double.parseDouble(value);
      if (Double.isFinite(v)) {
        return v;
      }
    } catch (NumberFormatException e) {
      // the message below names where
    }
    throw LibreYoloException.badInput(
        file
            + " line "
            + line
            + ", column "
            + column
            + ": '"
            + value
            + "' is not a number (a text column is an attribute: list it in {attributes})");
  }

  /**
   * ISO-8601 ({@code 2026-12-03T14:00:00Z}), Otava's {@code 2026-12-03 14:00:00 +0000}, or epoch
   * seconds.
   */
  static Instant time(Path file, long line, String value) {
    String v = value == null ? "" : value.strip();
    try {
      if (v.matches("\\d+(\\.\\d+)?")) {
        return Instant.ofEpochMilli((long) (Double.parseDouble(v) * 1000));
      }
      try {
        return OffsetDateTime.parse(v).toInstant();
      } catch (DateTimeParseException iso) {
        var parsed = OTAVA_TIME.parse(v);
        LocalDateTime local = LocalDateTime.from(parsed);
        ZoneOffset offset =
            parsed.isSupported(ChronoField.OFFSET_SECONDS)
                ? ZoneOffset.ofTotalSeconds(parsed.get(ChronoField.OFFSET_SECONDS))
                : ZoneOffset.UTC;
        return local.toInstant(offset);
      }
    } catch (DateTimeParseException | ArithmeticException e) {
      throw LibreYoloException.badInput(
          file
              + " line "
              + line
              + ", column "
              + TIME
              + ": '"
              + v
              + "' is not a time"
              + " (2026-12-03 14:00:00 +0000, ISO-8601 or epoch seconds)");
    }
  }

  private static String firstLine(String m) {
    String s = m == null ? "" : m.strip();
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
