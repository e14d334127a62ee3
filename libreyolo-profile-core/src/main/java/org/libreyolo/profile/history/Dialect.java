package org.libreyolo.profile.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.libreyolo.profile.LibreYoloException;

/**
 * What differs between the two engines: the URL, how a connection is opened and configured, the key
 * column, and their errors in the user's words. Everything else is one SQL for both.
 */
enum Dialect {
  /**
   * An embedded file: WAL so readers never block the writer, a busy timeout and immediate
   * transactions so concurrent writers queue instead of failing.
   */
  SQLITE("jdbc:sqlite:", "org.sqlite.JDBC", "org.xerial:sqlite-jdbc", "INTEGER PRIMARY KEY"),
  /** A server for a fleet of runners. */
  POSTGRESQL(
      "jdbc:postgresql:",
      "org.postgresql.Driver",
      "org.postgresql:postgresql",
      "BIGSERIAL PRIMARY KEY");

  /** How long a writer waits for another's transaction, and a server for the connection. */
  static final int TIMEOUT_SECONDS = 10;

  private final String prefix;
  private final String driver;
  private final String artifact;
  private final String id;

  Dialect(String prefix, String driver, String artifact, String id) {
    this.prefix = prefix;
    this.driver = driver;
    this.artifact = artifact;
    this.id = id;
  }

  /**
   * Refuses a store whose JDBC driver is not on the class path, naming the artifact to add: the
   * JUnit extension leaves the drivers to the project that keeps a history.
   */
  void requireDriver(String url) {
    try {
      Class.forName(driver, false, Dialect.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw missingDriver(url);
    }
  }

  private LibreYoloException missingDriver(String url) {
    return LibreYoloException.badInput(
        "the "
            + name().toLowerCase()
            + " JDBC driver ("
            + driver
            + ") is not on the class path: add "
            + artifact
            + " (test scope for a perf test) to use {history} "
            + url);
  }

  String id() {
    return id;
  }

  static Dialect of(String url) {
    for (Dialect d : values()) {
      if (url.startsWith(d.prefix)) {
        return d;
      }
    }
    throw LibreYoloException.badInput(
        "{history} must be a JDBC URL jdbc:sqlite:FILE or jdbc:postgresql://HOST:PORT/DB,"
            + " got '"
            + url
            + "'");
  }

  /**
   * Opens a connection with autocommit off; bad input in one line when the store cannot be used.
   */
  Connection open(String url) {
    Properties p = new Properties();
    if (this == SQLITE) {
      SqliteNative.useCachedCopy(); // before the driver loads its native library
      Path file = file(url);
      checkFile(file);
      p.setProperty("journal_mode", "WAL");
      p.setProperty("busy_timeout", Integer.toString(TIMEOUT_SECONDS * 3000));
      p.setProperty("foreign_keys", "true");
    } else {
      // a refused port fails at once; a silent host within the 10 s the user waits at most (a
      // loaded
      // machine can take seconds to accept: 2 s would fail a healthy server there)
      p.setProperty("connectTimeout", Integer.toString(TIMEOUT_SECONDS - 2));
      p.setProperty("loginTimeout", Integer.toString(TIMEOUT_SECONDS - 1));
      p.setProperty("socketTimeout", "60");
    }
    try {
      // the driver is instantiated from this class loader: in a Maven plugin's realm or a test's
      // class path DriverManager's service lookup may not see it
      Driver d =
          (Driver)
              Class.forName(driver, true, Dialect.class.getClassLoader())
                  .getDeclaredConstructor()
                  .newInstance();
      Connection c = d.connect(url, p);
      if (c == null) {
        throw LibreYoloException.badInput(
            "{history} '" + url + "' is not a URL the " + name().toLowerCase() + " driver reads");
      }
      // SQLite: transactions are begun here explicitly (begin), not by the driver, which begins the
      // next one right after each commit and leaves the connection outside any when that fails busy
      c.setAutoCommit(this == SQLITE);
      return c;
    } catch (SQLException e) {
      throw error(url, e);
    } catch (ReflectiveOperationException e) {
      throw missingDriver(url);
    }
  }

  /**
   * Begins a transaction: SQLite's {@code BEGIN IMMEDIATE} takes the write lock up front (waiting
   * the busy timeout), so two writers queue instead of deadlocking on an upgrade; a reader's {@code
   * BEGIN} gives its statements one snapshot. PostgreSQL is always in one (autocommit off).
   */
  void begin(Connection c, boolean write) throws SQLException {
    if (this == SQLITE) {
      try (Statement s = c.createStatement()) {
        s.execute(write ? "BEGIN IMMEDIATE" : "BEGIN");
      }
    }
  }

  void commit(Connection c) throws SQLException {
    if (this == SQLITE) {
      try (Statement s = c.createStatement()) {
        s.execute("COMMIT");
      }
    } else {
      c.commit();
    }
  }

  /** Rolls back what is open, quietly: nothing open, or a connection gone, rolls back itself. */
  void rollback(Connection c) {
    try {
      if (this == SQLITE) {
        try (Statement s = c.createStatement()) {
          s.execute("ROLLBACK"); // "no transaction is active" when none was: ignored below
        }
      } else {
        c.rollback();
      }
    } catch (SQLException ignored) {
      // nothing was open
    }
  }

  /**
   * PostgreSQL serialises the first use of a new store with an advisory lock; SQLite's immediate
   * transaction already does.
   */
  void lockForSchema(Statement s) throws SQLException {
    if (this == POSTGRESQL) {
      s.execute("SELECT pg_advisory_xact_lock(20261203)");
    }
  }

  static boolean missingTable(SQLException e) {
    String m = String.valueOf(e.getMessage());
    return "42P01".equals(e.getSQLState()) || m.contains("no such table");
  }

  /** A failure in the user's terms: which store, what is wrong with it, in one line. */
  LibreYoloException error(String url, SQLException e) {
    String first = firstLine(e.getMessage());
    if (this == SQLITE) {
      Path file = file(url);
      if (first.contains("NOTADB")
          || first.contains("not a database")
          || first.contains("malformed")) {
        return LibreYoloException.badInput(
            "the history file "
                + file
                + " is not a readable SQLite database"
                + " (corrupt or another format): move it away or point {history} elsewhere",
            e);
      }
      if (first.contains("READONLY") || first.contains("readonly")) {
        return LibreYoloException.badInput(
            "the history file "
                + file
                + " is read-only: make it writable or point"
                + " {history} elsewhere",
            e);
      }
      return LibreYoloException.badInput(
          "the history file " + file + " cannot be used: " + first, e);
    }
    String state = String.valueOf(e.getSQLState());
    if (state.startsWith("08")) {
      return LibreYoloException.badInput(
          "cannot reach the history database at "
              + hostPort(url)
              + ": "
              + first
              + " (is the server running and {history} right?)",
          e);
    }
    return LibreYoloException.badInput(
        "the history database at " + hostPort(url) + " failed: " + first, e);
  }

  private static String firstLine(String message) {
    String m = message == null ? "" : message.strip();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private static Path file(String url) {
    String rest = url.substring(SQLITE.prefix.length());
    int q = rest.indexOf('?');
    return Path.of(q < 0 ? rest : rest.substring(0, q)).toAbsolutePath();
  }

  private static void checkFile(Path file) {
    try {
      if (Files.exists(file)) {
        if (!Files.isRegularFile(file)) {
          throw LibreYoloException.badInput(
              "the history file " + file + " is not a file: point {history} at a file");
        }
        if (!Files.isWritable(file) || !ownerWritable(file)) {
          throw LibreYoloException.badInput(
              "the history file "
                  + file
                  + " is read-only: make it writable or point"
                  + " {history} elsewhere");
        }
      } else if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
    } catch (java.io.IOException e) {
      throw LibreYoloException.badInput(
          "the history file " + file + " cannot be created: " + e.getMessage(), e);
    }
  }

  /**
   * The mode's owner-write bit: root may write any file, but a file made read-only is meant to stay
   * so.
   */
  private static boolean ownerWritable(Path file) throws java.io.IOException {
    try {
      return Files.getPosixFilePermissions(file)
          .contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
    } catch (UnsupportedOperationException e) {
      return true;
    }
  }

  /** {@code host:port} of a PostgreSQL URL (5432 when the URL names none). */
  static String hostPort(String url) {
    String rest = url.substring(POSTGRESQL.prefix.length());
    if (rest.startsWith("//")) {
      rest = rest.substring(2);
    }
    int end = rest.length();
    for (char c : new char[] {'/', '?'}) {
      int i = rest.indexOf(c);
      if (i >= 0 && i < end) {
        end = i;
      }
    }
    String host = rest.substring(0, end);
    return host.isEmpty() ? "localhost:5432" : host.contains(":") ? host : host + ":5432";
  }
}
