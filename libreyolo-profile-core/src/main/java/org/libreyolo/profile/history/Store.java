package org.libreyolo.profile.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.libreyolo.profile.internal.io.ContentHash;
import org.libreyolo.profile.result.Profile;

/** The SQL of the history, one text for both engines (docs/history.md, "The store"). */
final class Store implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Connection c;
  private final Dialect dialect;
  private final String url;

  /** The SQLite file this store created, removed again at close if it holds no run. */
  private final Path created;

  Store(String url) {
    this.url = url;
    this.dialect = Dialect.of(url);
    Path file = dialect == Dialect.SQLITE ? Path.of(url.substring("jdbc:sqlite:".length())) : null;
    this.created = file != null && !Files.exists(file) ? file : null;
    this.c = dialect.open(url);
    try {
      Schema.ensure(c, dialect, where());
    } catch (SQLException e) {
      close();
      throw dialect.error(url, e);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** The store in words: its file or its server. */
  String where() {
    return dialect == Dialect.SQLITE
        ? "file " + url.substring("jdbc:sqlite:".length())
        : "database at " + Dialect.hostPort(url);
  }

  /** Stores the runs of one series in one transaction: all of them or none. */
  void record(String name, Map<String, String> testbed, List<Run> runs) {
    try {
      dialect.begin(c, true);
      long series = seriesId(name, testbed);
      try (PreparedStatement run =
              c.prepareStatement(
                  "INSERT INTO runs (series_id, time_ms, commit_id, branch,"
                      + " attributes) VALUES (?, ?, ?, ?, ?) RETURNING id");
          PreparedStatement metric =
              c.prepareStatement(
                  "INSERT INTO run_metrics (run_id, metric, value) VALUES (?, ?, ?)");
          PreparedStatement fork =
              c.prepareStatement(
                  "INSERT INTO fork_values (run_id, metric, fork, value)"
                      + " VALUES (?, ?, ?, ?)");
          PreparedStatement profile =
              c.prepareStatement("INSERT INTO run_profiles (run_id, profile) VALUES (?, ?)")) {
        for (Run r : runs) {
          run.setLong(1, series);
          run.setLong(2, r.time().toEpochMilli());
          run.setString(3, r.commit());
          run.setString(4, r.branch());
          run.setString(5, json(r.attributes()));
          long id;
          try (ResultSet keys = run.executeQuery()) {
            keys.next();
            id = keys.getLong(1);
          }
          for (Map.Entry<String, Double> m : r.metrics().entrySet()) {
            metric.setLong(1, id);
            metric.setString(2, m.getKey());
            metric.setDouble(3, m.getValue());
            metric.addBatch();
          }
          for (Map.Entry<String, double[]> f : r.forks().entrySet()) {
            for (int k = 0; k < f.getValue().length; k++) {
              fork.setLong(1, id);
              fork.setString(2, f.getKey());
              fork.setInt(3, k);
              fork.setDouble(4, f.getValue()[k]);
              fork.addBatch();
            }
          }
          if (r.profile() != null) {
            profile.setLong(1, id);
            profile.setString(2, org.libreyolo.profile.result.Json.compact(r.profile().json()));
            profile.addBatch();
          }
        }
        metric.executeBatch();
        fork.executeBatch();
        profile.executeBatch();
      }
      try (PreparedStatement known =
          c.prepareStatement(
              "INSERT INTO series_metrics (series_id, metric) VALUES (?, ?)"
                  + " ON CONFLICT (series_id, metric) DO NOTHING")) {
        for (String m :
            runs.stream().flatMap(r -> r.metrics().keySet().stream()).distinct().toList()) {
          known.setLong(1, series);
          known.setString(2, m);
          known.addBatch();
        }
        known.executeBatch();
      }
      dialect.commit(c);
    } catch (SQLException e) {
      rollbackQuietly();
      throw dialect.error(url, e);
    }
  }

  private long seriesId(String name, Map<String, String> testbed) throws SQLException {
    String tb = json(new TreeMap<>(testbed));
    String id = testbedId(tb);
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO series (name, testbed_id, testbed) VALUES (?, ?, ?)"
                + " ON CONFLICT (name, testbed_id) DO NOTHING")) {
      insert.setString(1, name);
      insert.setString(2, id);
      insert.setString(3, tb);
      insert.executeUpdate();
    }
    try (PreparedStatement select =
        c.prepareStatement("SELECT id FROM series WHERE name = ? AND testbed_id = ?")) {
      select.setString(1, name);
      select.setString(2, id);
      try (ResultSet r = select.executeQuery()) {
        r.next();
        return r.getLong(1);
      }
    }
  }

  /**
   * Every series (of one name, or all with null) with its metrics and run count, by name then
   * testbed.
   */
  List<Series> list(String name) {
    String sql =
        "SELECT s.name, s.testbed_id, s.testbed, (SELECT COUNT(*) FROM runs r WHERE r.series_id = s.id),"
            + " (SELECT string_agg(k.metric, ',') FROM series_metrics k WHERE k.series_id = s.id) FROM series s"
            + (name == null ? "" : " WHERE s.name = ?")
            + " ORDER BY s.name, s.testbed_id";
    if (dialect == Dialect.SQLITE) {
      sql = sql.replace("string_agg(k.metric, ',')", "group_concat(k.metric, ',')");
    }
    List<Series> out = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(sql)) {
      dialect.begin(c, false);
      if (name != null) {
        s.setString(1, name);
      }
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          String metrics = r.getString(5);
          out.add(
              new Series(
                  r.getString(1),
                  r.getString(2),
                  map(r.getString(3)),
                  metrics == null
                      ? List.of()
                      : List.copyOf(new TreeSet<>(List.of(metrics.split(",")))),
                  r.getInt(4)));
        }
      }
      dialect.commit(c);
      return out;
    } catch (SQLException e) {
      rollbackQuietly();
      throw dialect.error(url, e);
    }
  }

  /**
   * Whether a run of the named series (any testbed) carries attribute {@code key} = {@code value}.
   */
  boolean hasRun(String name, String key, String value) {
    String sql =
        "SELECT 1 FROM runs r JOIN series s ON s.id = r.series_id WHERE s.name = ? AND r.attributes LIKE ?";
    try (PreparedStatement s = c.prepareStatement(sql)) {
      dialect.begin(c, false);
      s.setString(1, name);
      s.setString(2, "%" + json(Map.of(key, value)).replaceAll("^\\{|\\}$", "") + "%");
      try (ResultSet r = s.executeQuery()) {
        boolean found = r.next();
        dialect.commit(c);
        return found;
      }
    } catch (SQLException e) {
      rollbackQuietly();
      throw dialect.error(url, e);
    }
  }

  /**
   * One metric's values of a series in time order: the last {@code last} runs (0: all) on {@code
   * branch} (null: every branch).
   */
  List<Point> points(Series series, String metric, String branch, int last) {
    String sql =
        "SELECT r.time_ms, r.commit_id, r.branch, m.value, r.id FROM runs r JOIN series s ON s.id = r.series_id"
            + " JOIN run_metrics m ON m.run_id = r.id AND m.metric = ? WHERE s.name = ? AND s.testbed_id = ?"
            + (branch == null ? "" : " AND r.branch = ?")
            + " ORDER BY r.time_ms DESC, r.id DESC"
            + (last > 0 ? " LIMIT " + last : "");
    List<Point> out = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(sql)) {
      dialect.begin(c, false);
      s.setString(1, metric);
      s.setString(2, series.name());
      s.setString(3, series.testbedId());
      if (branch != null) {
        s.setString(4, branch);
      }
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          out.add(
              new Point(
                  Instant.ofEpochMilli(r.getLong(1)),
                  r.getString(2),
                  r.getString(3),
                  r.getDouble(4),
                  r.getLong(5)));
        }
      }
      dialect.commit(c);
    } catch (SQLException e) {
      rollbackQuietly();
      throw dialect.error(url, e);
    }
    java.util.Collections.reverse(out);
    return out;
  }

  /** The profile stored with a run, or null. */
  Profile profile(long run) {
    try (PreparedStatement s =
        c.prepareStatement("SELECT profile FROM run_profiles WHERE run_id = ?")) {
      dialect.begin(c, false);
      s.setLong(1, run);
      String text = null;
      try (ResultSet r = s.executeQuery()) {
        if (r.next()) {
          text = r.getString(1);
        }
      }
      dialect.commit(c);
      if (text == null) {
        return null;
      }
      com.fasterxml.jackson.databind.JsonNode node =
          org.libreyolo.profile.result.Json.MAPPER.readTree(text);
      return node instanceof com.fasterxml.jackson.databind.node.ObjectNode o
          ? new Profile(o)
          : null;
    } catch (SQLException e) {
      rollbackQuietly();
      throw dialect.error(url, e);
    } catch (JsonProcessingException e) {
      return null; // a stored profile that no longer parses: the diff is left out, not the view
    }
  }

  /** Every run of a series with all its metrics and fork values, in time order. */
  List<Run> runs(Series series) {
    Map<Long, Object[]> rows = new LinkedHashMap<>();
    Map<Long, Map<String, Double>> metrics = new TreeMap<>();
    Map<Long, Map<String, List<Double>>> forks = new TreeMap<>();
    String from =
        " FROM runs r JOIN series s ON s.id = r.series_id WHERE s.name = ? AND s.testbed_id = ?";
    try {
      dialect.begin(c, false); // one snapshot for the three queries
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT r.id, r.time_ms, r.commit_id, r.branch, r.attributes"
                  + from
                  + " ORDER BY r.time_ms, r.id")) {
        bind(s, series);
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            rows.put(
                r.getLong(1),
                new Object[] {r.getLong(2), r.getString(3), r.getString(4), r.getString(5)});
          }
        }
      }
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT m.run_id, m.metric, m.value FROM run_metrics m WHERE m.run_id"
                  + " IN (SELECT r.id"
                  + from
                  + ")")) {
        bind(s, series);
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            metrics
                .computeIfAbsent(r.getLong(1), k -> new TreeMap<>())
                .put(r.getString(2), r.getDouble(3));
          }
        }
      }
      try (PreparedStatement s =
          c.prepareStatement(
              "SELECT f.run_id, f.metric, f.value FROM fork_values f WHERE f.run_id"
                  + " IN (SELECT r.id"
                  + from
                  + ") ORDER BY f.run_id, f.metric, f.fork")) {
        bind(s, series);
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            forks
                .computeIfAbsent(r.getLong(1), k -> new TreeMap<>())
                .computeIfAbsent(r.getString(2), k -> new ArrayList<>())
                .add(r.getDouble(3));
          }
        }
      }
      dialect.commit(c);
    } catch (SQLException e) {
      rollbackQuietly();
      throw dialect.error(url, e);
    }
    List<Run> out = new ArrayList<>();
    rows.forEach(
        (id, row) -> {
          Map<String, double[]> f = new TreeMap<>();
          forks
              .getOrDefault(id, Map.of())
              .forEach((k, v) -> f.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
          out.add(
              new Run(
                  Instant.ofEpochMilli((Long) row[0]),
                  (String) row[1],
                  (String) row[2],
                  map((String) row[3]),
                  metrics.getOrDefault(id, Map.of()),
                  f));
        });
    return out;
  }

  private static void bind(PreparedStatement s, Series series) throws SQLException {
    s.setString(1, series.name());
    s.setString(2, series.testbedId());
  }

  /** The testbed's id: the first 8 hex digits of the SHA-256 of its canonical JSON. */
  static String testbedId(String canonicalJson) {
    return ContentHash.sha256(canonicalJson).substring(0, 8);
  }

  static String json(Map<String, String> map) {
    try {
      return JSON.writeValueAsString(new TreeMap<>(map));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, String> map(String json) {
    try {
      return JSON.readValue(json, new TypeReference<TreeMap<String, String>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "a history row's JSON is unreadable: " + e.getOriginalMessage(), e);
    }
  }

  private void rollbackQuietly() {
    dialect.rollback(c); // a connection that is gone: the server rolls the transaction back itself
  }

  private void closeQuietly() {
    try {
      c.close();
    } catch (SQLException ignored) {
      // nothing was written
    }
  }

  @Override
  public void close() {
    rollbackQuietly();
    boolean empty = created != null && holdsNoRun();
    closeQuietly();
    if (empty) { // a failed import, or a mistyped URL read, leaves no new empty database
      for (String suffix : new String[] {"", "-journal", "-wal", "-shm"}) {
        try {
          Files.deleteIfExists(Path.of(created + suffix));
        } catch (IOException ignored) {
          // best effort: the error being reported matters more
        }
      }
    }
  }

  private boolean holdsNoRun() {
    try (PreparedStatement count = c.prepareStatement("SELECT COUNT(*) FROM runs");
        ResultSet r = count.executeQuery()) {
      return r.next() && r.getLong(1) == 0;
    } catch (SQLException e) {
      return true; // no table yet: the schema never got written
    }
  }
}
