package org.libreyolo.profile.maven;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.DefaultLifecycles;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.libreyolo.profile.Properties;

/**
 * Hands the perf tests what this build will do after them (docs/junit.md, "Measured again"): where
 * the plugin's {@code check} goal runs in the same build, it measures a stored baseline's commit
 * again beside this build and decides, so a perf test leaves its failing stored-number timing
 * verdict to it ({@code libreyolo.profile.deferToCheck=true}, appended to Surefire's {@code
 * argLine} as JaCoCo's {@code prepare-agent} appends its agent). Declare it beside {@code check}:
 * {@code <goal>prepare</goal><goal>check</goal>}. A {@code deferToCheck} the user set where the
 * test JVM reads it ({@code -D}, Surefire's or Failsafe's {@code systemPropertyVariables} or {@code
 * argLine}, {@code junit-platform.properties}) stays; one in the POM's {@code <properties>}, which
 * the test JVM never sees, is handed to it as this goal hands its own.
 */
@Mojo(name = "prepare", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class PrepareMojo extends AbstractProfileMojo {
  private static final String DEFER = Properties.PREFIX + "deferToCheck";

  /**
   * The property Surefire and Failsafe read their test JVM's options from (a POM that sets their
   * {@code argLine} itself keeps it with {@code @{argLine}}).
   */
  private static final String ARG_LINE = "argLine";

  /** The plugins that start the test JVM and hand it their configuration's system properties. */
  private static final Set<String> TEST_RUNNERS =
      Set.of("maven-surefire-plugin", "maven-failsafe-plugin");

  @Parameter(defaultValue = "${session}", readonly = true)
  MavenSession session;

  @Parameter(defaultValue = "${project}", readonly = true)
  MavenProject project;

  @Parameter(defaultValue = "${plugin}", readonly = true)
  PluginDescriptor plugin;

  @Component DefaultLifecycles lifecycles;

  @Override
  void run() {
    String set = setWhereTestsReadIt();
    if (set != null) {
      getLog().info("libreyolo-profile: " + DEFER + " set by " + set + ": left as it is");
      return;
    }
    String inPom = project.getProperties().getProperty(DEFER);
    if (inPom != null) {
      getLog()
          .info(
              "libreyolo-profile: "
                  + DEFER
                  + " from the POM's properties, which the test JVM does not read: handed to the"
                  + " tests ("
                  + appendToArgLine(inPom.strip())
                  + ")");
      return;
    }
    String why = BuildPlan.checkRuns(project, session, plugin, lifecycles);
    if (why == null) {
      getLog()
          .info(
              "libreyolo-profile: check does not run in this build: the perf tests judge their"
                  + " stored numbers themselves");
      return;
    }
    getLog()
        .info(
            "libreyolo-profile: check runs in this build ("
                + why
                + "): a perf test leaves a failing stored-number timing verdict to it, which"
                + " measures the baseline's commit again ("
                + appendToArgLine("true")
                + ")");
  }

  /** Appends {@code -DdeferToCheck=value} to the tests' {@code argLine}; says so in words. */
  private String appendToArgLine(String value) {
    String old = project.getProperties().getProperty(ARG_LINE);
    String flag = "-D" + DEFER + "=" + value;
    project
        .getProperties()
        .setProperty(ARG_LINE, old == null || old.isBlank() ? flag : old + " " + flag);
    return ARG_LINE + " += " + flag;
  }

  /**
   * Where the user set {@code deferToCheck} so that the test JVM reads it, in words, or null: a
   * POM's {@code <properties>} are not among them (Surefire hands the tests the user's {@code -D},
   * its own configuration and {@code argLine}, not the POM's properties).
   */
  private String setWhereTestsReadIt() {
    if (System.getProperty(DEFER) != null || session.getUserProperties().containsKey(DEFER)) {
      return "-D" + DEFER;
    }
    if (setsDefer(project.getProperties().getProperty(ARG_LINE))) {
      return "the property " + ARG_LINE;
    }
    String runner = testRunnerSetting();
    if (runner != null) {
      return runner;
    }
    for (Resource r : project.getBuild().getTestResources()) {
      Path file = Path.of(r.getDirectory()).resolve("junit-platform.properties");
      if (Files.isRegularFile(file) && declares(file)) {
        return project.getBasedir().toPath().relativize(file).toString();
      }
    }
    return null;
  }

  /**
   * Where Surefire's or Failsafe's configuration in the POM (the plugin's or an execution's) sets
   * {@code deferToCheck} for the test JVM, in words, or null.
   */
  private String testRunnerSetting() {
    for (Plugin p : project.getBuildPlugins()) {
      if (!TEST_RUNNERS.contains(p.getArtifactId())) {
        continue;
      }
      List<Object> configurations = new ArrayList<>();
      configurations.add(p.getConfiguration());
      p.getExecutions().forEach(e -> configurations.add(e.getConfiguration()));
      for (Object c : configurations) {
        if (!(c instanceof Xpp3Dom dom)) {
          continue;
        }
        Xpp3Dom variables = dom.getChild("systemPropertyVariables");
        if (variables != null && variables.getChild(DEFER) != null) {
          return p.getArtifactId() + "'s systemPropertyVariables";
        }
        Xpp3Dom argLine = dom.getChild(ARG_LINE);
        if (argLine != null && setsDefer(argLine.getValue())) {
          return p.getArtifactId() + "'s " + ARG_LINE;
        }
      }
    }
    return null;
  }

  /** Whether a JVM argument line sets {@code deferToCheck} (null: there is none). */
  private static boolean setsDefer(String argLine) {
    return argLine != null && argLine.contains("-D" + DEFER + "=");
  }

  private static boolean declares(Path file) {
    java.util.Properties p = new java.util.Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException e) {
      return false; // unreadable here is unreadable to JUnit too: it sets nothing
    }
    return p.containsKey(DEFER);
  }
}
