package org.libreyolo.profile.junit;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.function.ThrowingConsumer;

/** Where a perf test's lines and files go: JUnit's report entries and files, and the console. */
final class StepOutput {
  /** Whether this JVM already said that its JUnit cannot attach files to the report. */
  private static final AtomicBoolean NO_REPORT_FILES_SAID = new AtomicBoolean();

  private final ExtensionContext context;

  StepOutput(ExtensionContext context) {
    this.context = context;
  }

  /**
   * One result line: a JUnit report entry (IDEs, the XML report, any listener) and the console,
   * where a Maven or Gradle build shows it.
   */
  void line(String line) {
    context.publishReportEntry("libreyolo-profile", line);
    System.out.println(line);
  }

  /**
   * Attaches the files where the running JUnit has {@code publishDirectory} (5.12+); on an older
   * JUnit Platform it says once per JVM where the files are instead.
   */
  void publish(Path dir) {
    for (Method m : context.getClass().getMethods()) {
      if (m.getName().equals("publishDirectory") && m.getParameterCount() == 2) {
        try {
          m.invoke(
              context,
              "libreyolo-profile",
              (ThrowingConsumer<Path>)
                  target -> {
                    try (var files = Files.list(dir)) {
                      for (Path f : (Iterable<Path>) files::iterator) {
                        Files.copy(f, target.resolve(f.getFileName()));
                      }
                    }
                  });
        } catch (ReflectiveOperationException | RuntimeException e) {
          // attaching is a convenience; the files stay under target/
        }
        return;
      }
    }
    if (NO_REPORT_FILES_SAID.compareAndSet(false, true)) {
      String version = org.junit.jupiter.api.Test.class.getPackage().getImplementationVersion();
      System.out.println(
          "[libreyolo-profile] warning: JUnit "
              + (version == null ? "(unknown version)" : version)
              + " cannot attach files to test reports (JUnit 5.12+ can): the profiles are only under "
              + dir.getParent().getParent());
    }
  }
}
