package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Set;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.process.ChildJvm;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.result.Json;

/**
 * The producers' child JVMs ({@link ChildJvms}, found on the class path; not called directly): one
 * fork of {@code profile infer}, the parent's whole {@link InferOptions} record measured once in
 * the fresh JVM into the fork's project, its iterations sent back whole ({@link ForkReply}). The
 * record ships whole (every component, whatever is added to it later), with only the fork's
 * project, trace and fork count replaced.
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public final class InferFork implements ChildJvm {
  /** The kind the parent names. */
  static final String KIND = "infer";

  /** The producers' child, for the service loader. */
  public InferFork() {}

  @Override
  public Set<String> kinds() {
    return Set.of(KIND);
  }

  @Override
  public void run(String kind, Path request, Path reply) {
    InferOptions options = ChildJvms.read(request, InferOptions.class);
    ChildJvms.write(reply, ForkReply.of(InferProfiler.measureOnce(options)));
  }

  /** The options a fork runs: these, in one process, into {@code project}, traced or not. */
  static ObjectNode request(InferOptions o, Path project, boolean trace) {
    ObjectNode j = Json.MAPPER.valueToTree(o);
    j.set("project", Json.MAPPER.valueToTree(project.toAbsolutePath()));
    j.put("trace", trace);
    j.put("forks", 1);
    return j;
  }
}
