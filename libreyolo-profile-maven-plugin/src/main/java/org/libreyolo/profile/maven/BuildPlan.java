package org.libreyolo.profile.maven;

import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.DefaultLifecycles;
import org.apache.maven.lifecycle.Lifecycle;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.project.MavenProject;

/**
 * What this Maven build will run, read from its tasks ({@code mvn verify}, {@code mvn test
 * libreyolo-profile:check}) and the project's plugin executions, before it runs them: whether it
 * reaches a phase, whether this plugin's {@code check} runs in it.
 */
final class BuildPlan {
  private BuildPlan() {}

  /**
   * Whether a task of this build is {@code phase} or a later phase of its lifecycle.
   *
   * @param session the build
   * @param lifecycles Maven's lifecycles
   * @param phase a lifecycle phase ({@code test}, {@code verify})
   * @return whether the build runs that phase
   */
  static boolean reaches(MavenSession session, DefaultLifecycles lifecycles, String phase) {
    for (String task : session.getGoals()) {
      Lifecycle lifecycle = lifecycles.get(task); // null: the task is a goal, not a phase
      List<String> phases = lifecycle == null ? List.of() : lifecycle.getPhases();
      if (phases.contains(phase) && phases.indexOf(task) >= phases.indexOf(phase)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Why this plugin's {@code check} goal runs in this build, in words, or null where it does not: a
   * task names it, or the project binds it to a phase a task reaches.
   *
   * @param project the module
   * @param session the build
   * @param plugin this plugin
   * @param lifecycles Maven's lifecycles
   * @return why check runs, or null
   */
  static String checkRuns(
      MavenProject project,
      MavenSession session,
      PluginDescriptor plugin,
      DefaultLifecycles lifecycles) {
    for (String task : session.getGoals()) {
      if (isCheck(task, plugin)) {
        return "the task " + task;
      }
    }
    Plugin declared = project.getBuild().getPluginsAsMap().get(plugin.getPluginLookupKey());
    if (declared == null) {
      return null;
    }
    MojoDescriptor check = plugin.getMojo("check");
    for (PluginExecution e : declared.getExecutions()) {
      if (!e.getGoals().contains("check")) {
        continue;
      }
      String phase = e.getPhase() != null ? e.getPhase() : check.getPhase();
      if (phase != null && reaches(session, lifecycles, phase)) {
        return "bound to " + phase + " (execution " + e.getId() + ")";
      }
    }
    return null;
  }

  /**
   * Whether a task invokes this plugin's check: {@code libreyolo-profile:check}, its group and
   * artifact, with or without a version, with or without {@code @execution}.
   */
  private static boolean isCheck(String task, PluginDescriptor plugin) {
    String goal = task.contains("@") ? task.substring(0, task.indexOf('@')) : task;
    String[] parts = goal.split(":");
    if (parts.length < 2 || !"check".equals(parts[parts.length - 1])) {
      return false;
    }
    return parts.length == 2
        ? parts[0].equals(plugin.getGoalPrefix())
        : (parts[0] + ":" + parts[1]).equals(plugin.getPluginLookupKey());
  }
}
