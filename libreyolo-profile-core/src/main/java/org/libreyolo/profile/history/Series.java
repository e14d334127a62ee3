package org.libreyolo.profile.history;

import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;

/**
 * A series: the runs of one benchmark (an infer profile, a {@code @ProfiledStep}, an imported Otava
 * test) on one testbed (where and what was measured: CPU, cores, threads, engine, device, the
 * workload's fields), so that only like runs are compared.
 *
 * @param name the benchmark's name
 * @param testbedId the testbed's short hash, {@code name@testbedId} names the series when a name
 *     has several
 * @param testbed the testbed's fields
 * @param metrics the metrics its runs carry, sorted
 * @param runs how many runs it holds
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record Series(
    String name, String testbedId, Map<String, String> testbed, List<String> metrics, int runs) {
  /**
   * The name that selects this series unambiguously.
   *
   * @return {@code name@testbedId}
   */
  public String ref() {
    return name + "@" + testbedId;
  }
}
