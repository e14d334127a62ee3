package org.libreyolo.profile.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs a test class through JUnit with the profile written under {@code dir}, no baselines, and one
 * extra setting.
 */
final class TestKitRuns {
  private TestKitRuns() {}

  static Events run(Path dir, Class<?> type, String key, String value) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter("libreyolo.profile.outputDirectory", dir.resolve("out").toString())
        .configurationParameter(
            "libreyolo.profile.baselineDirectory", dir.resolve("none").toString())
        .configurationParameter(key, value)
        .selectors(selectClass(type))
        .execute()
        .testEvents();
  }
}
