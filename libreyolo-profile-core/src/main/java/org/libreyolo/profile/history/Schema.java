package org.libreyolo.profile.history;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.libreyolo.profile.LibreYoloException;

/**
 * The history's tables, one schema for SQLite and PostgreSQL, versioned by a one-row table
 * (docs/history.md, "The store"). Flyway would bring a migration engine and a database module per
 * engine for four tables: a version number read on open, a store of a newer version refused with
 * one line, and the tables created in one transaction on first use are all this needs.
 */
final class Schema {
  /**
   * The version this code writes and reads: 2 keeps each run's profile ({@code run_profiles}); a
   * version-1 store gains the table on first open.
   */
  static final int VERSION = 2;

  private Schema() {}

  private static List<String> tables(Dialect d) {
    return List.of(
        "CREATE TABLE IF NOT EXISTS libreyolo_schema (version INTEGER NOT NULL)",
        "CREATE TABLE IF NOT EXISTS series (id "
            + d.id()
            + ", name TEXT NOT NULL, testbed_id TEXT NOT NULL,"
            + " testbed TEXT NOT NULL, UNIQUE (name, testbed_id))",
        "CREATE TABLE IF NOT EXISTS runs (id "
            + d.id()
            + ", series_id BIGINT NOT NULL REFERENCES series (id),"
            + " time_ms BIGINT NOT NULL, commit_id TEXT, branch TEXT, attributes TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS series_metrics (series_id BIGINT NOT NULL REFERENCES series (id),"
            + " metric TEXT NOT NULL, PRIMARY KEY (series_id, metric))",
        "CREATE INDEX IF NOT EXISTS runs_by_series ON runs (series_id, branch, time_ms)",
        "CREATE INDEX IF NOT EXISTS runs_by_series_time ON runs (series_id, time_ms)",
        "CREATE TABLE IF NOT EXISTS run_metrics (run_id BIGINT NOT NULL REFERENCES runs (id), metric TEXT NOT NULL,"
            + " value DOUBLE PRECISION NOT NULL, PRIMARY KEY (run_id, metric))",
        "CREATE TABLE IF NOT EXISTS fork_values (run_id BIGINT NOT NULL REFERENCES runs (id), metric TEXT NOT NULL,"
            + " fork INTEGER NOT NULL, value DOUBLE PRECISION NOT NULL, PRIMARY KEY (run_id, metric, fork))",
        RUN_PROFILES);
  }

  private static final String RUN_PROFILES =
      "CREATE TABLE IF NOT EXISTS run_profiles (run_id BIGINT PRIMARY KEY REFERENCES runs (id),"
          + " profile TEXT NOT NULL)";

  /** Version 1 to 2: the runs' profiles, a table of their own; the runs stay as they are. */
  private static void upgrade(Connection c, Dialect d) throws SQLException {
    try (Statement s = c.createStatement()) {
      d.begin(c, true);
      d.lockForSchema(s);
      s.execute(RUN_PROFILES);
      s.execute("UPDATE libreyolo_schema SET version = " + VERSION + " WHERE version < " + VERSION);
    }
    d.commit(c);
  }

  /**
   * Creates the tables on first use and checks the version. Two processes opening a new store at
   * once may race on the DDL: the loser's transaction fails and it reads the winner's tables.
   */
  static void ensure(Connection c, Dialect d, String where) throws SQLException {
    SQLException race = null;
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        Integer version = version(c, d);
        if (version == null) {
          create(c, d);
          return;
        }
        if (version > VERSION) {
          throw LibreYoloException.badInput(
              "the history "
                  + where
                  + " has schema version "
                  + version
                  + "; this libreyolo-profile reads version "
                  + VERSION
                  + ": upgrade libreyolo-profile");
        }
        if (version < VERSION) {
          upgrade(c, d);
        }
        return;
      } catch (SQLException e) {
        d.rollback(c);
        race = e;
      }
    }
    throw race;
  }

  private static Integer version(Connection c, Dialect d) throws SQLException {
    try (Statement s = c.createStatement()) {
      d.begin(c, false);
      try (ResultSet r = s.executeQuery("SELECT version FROM libreyolo_schema")) {
        Integer v = r.next() ? r.getInt(1) : null;
        d.commit(c);
        return v;
      }
    } catch (SQLException e) {
      d.rollback(c); // no such table yet: a new store
      if (Dialect.missingTable(e)) {
        return null;
      }
      throw e;
    }
  }

  private static void create(Connection c, Dialect d) throws SQLException {
    try (Statement s = c.createStatement()) {
      d.begin(c, true);
      d.lockForSchema(s);
      for (String ddl : tables(d)) {
        s.execute(ddl);
      }
      try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM libreyolo_schema")) {
        r.next();
        if (r.getInt(1) == 0) {
          s.execute("INSERT INTO libreyolo_schema (version) VALUES (" + VERSION + ")");
        }
      }
    }
    d.commit(c);
  }
}
