package org.libreyolo.profile.maven;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.DefaultLifecycles;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.libreyolo.profile.Properties;

/**
 * Hands the perf tests what this build will do after them (docs/junit.md, "Measured again"): where
 * the plugin's {@code check} goal runs in the same build, it measures a stored baseline's commit
 * again beside this build and decides, so a perf test leaves its failing stored-number timing
 * verdict to it ({@code libreyolo.profile.deferToCheck=true}, appended to Surefire's {@code
 * argLine} as JaCoCo's {@code prepare-agent} appends its agent). Declare it beside {@code check}:
 * {@code <goal>prepare</goal><goal>check</goal>}. A {@code deferToCheck} the user set stays.
 */
@Mojo(name = "prepare", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class PrepareMojo extends AbstractProfileMojo {
  private static final String DEFER = Properties.PREFIX + "deferToCheck";

  /**
   * The property Surefire and Failsafe read their test JVM's options from (a POM that sets their
   * {@code argLine} itself keeps it with {@code @{argLine}}).
   */
  private static final String ARG_LINE = "argLine";

  @Parameter(defaultValue = "${session}", readonly = true)
  MavenSession session;

  @Parameter(defaultValue = "${project}", readonly = true)
  MavenProject project;

  @Parameter(defaultValue = "${plugin}", readonly = true)
  PluginDescriptor plugin;

  @Component DefaultLifecycles lifecycles;

  @Override
  void run() {
    String set = setByUser();
    if (set != null) {
      getLog().info("libreyolo-profile: " + DEFER + " set by " + set + ": left as it is");
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
    String old = project.getProperties().getProperty(ARG_LINE);
    String flag = "-D" + DEFER + "=true";
    project
        .getProperties()
        .setProperty(ARG_LINE, old == null || old.isBlank() ? flag : old + " " + flag);
    getLog()
        .info(
            "libreyolo-profile: check runs in this build ("
                + why
                + "): a perf test leaves a failing stored-number timing verdict to it, which"
                + " measures the baseline's commit again ("
                + ARG_LINE
                + " += "
                + flag
                + ")");
  }

  /** Where the user set {@code deferToCheck} already, in words, or null. */
  private String setByUser() {
    if (System.getProperty(DEFER) != null || session.getUserProperties().containsKey(DEFER)) {
      return "-D" + DEFER;
    }
    if (project.getProperties().containsKey(DEFER)) {
      return "the POM's properties";
    }
    for (Resource r : project.getBuild().getTestResources()) {
      Path file = Path.of(r.getDirectory()).resolve("junit-platform.properties");
      if (Files.isRegularFile(file) && declares(file)) {
        return project.getBasedir().toPath().relativize(file).toString();
      }
    }
    return null;
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
