package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.hash.Hashing;
import java.util.Map;
import org.apache.commons.codec.binary.Hex;
import org.apache.commons.lang3.StringUtils;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

/** A step over the project's own libraries, measured by the extension in the same test JVM. */
class EncodePerfTest {
  @Test
  @ProfiledStep(warmup = 20, runs = 15, threads = 1)
  void encode(StepProfiler step) throws Exception {
    // the project's versions, not the tool's: its Jackson is relocated inside the extension's jar
    assertEquals("2.17.2", com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString());
    assertTrue(
        ObjectMapper.class.getProtectionDomain().getCodeSource().getLocation().toString()
            .contains("jackson-databind-2.17.2"));
    measure(step);
  }

  /**
   * The same in two fresh JVMs: each fork runs this test through the JUnit Platform launcher on the
   * test class path, the project's own JUnit 5 (the extension brings no launcher of its own).
   */
  @Test
  @ProfiledStep(warmup = 20, runs = 15, threads = 1, forks = 2)
  void encodeInForks(StepProfiler step) throws Exception {
    assertEquals("2.17.2", com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString());
    measure(step);
  }

  private static void measure(StepProfiler step) {
    ObjectMapper mapper = new ObjectMapper();
    Map<String, Object> doc = Map.of("name", StringUtils.repeat("x", 64), "n", 42);
    step.measure("encode", () -> {
      byte[] json = mapper.writeValueAsBytes(doc);
      return Hex.encodeHexString(Hashing.sha256().hashBytes(json).asBytes());
    });
  }
}
