package org.libreyolo.profile.options;

import org.libreyolo.profile.Api;

/**
 * What the {@code kernels} reader shows.
 *
 * @param top how many rows
 * @param category only this kernel category, or null
 * @param grep only kernels whose name matches this case-insensitive regex, or null
 * @param tensorcore only tensor-core kernels
 * @param sort {@code time}, {@code count} or {@code name}
 * @param phase only kernels of this phase, or null
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record KernelQuery(
    int top, String category, String grep, boolean tensorcore, String sort, String phase) {
  /**
   * The reader's defaults: the top 20 by time.
   *
   * @return the default query
   */
  public static KernelQuery defaults() {
    return new KernelQuery(20, null, null, false, "time", null);
  }
}
