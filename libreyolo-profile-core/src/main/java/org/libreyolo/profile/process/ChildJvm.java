package org.libreyolo.profile.process;

import java.nio.file.Path;
import java.util.Set;
import org.libreyolo.profile.Api;

/**
 * What the child JVMs of a module do, by kind: the parent starts every child the same way ({@link
 * ChildJvms#run}), naming its kind, never its class; the child finds the module that runs that kind
 * through {@link java.util.ServiceLoader} on its class path ({@code META-INF/services}), so a
 * module registers its own children without core naming them. The request is a record the parent
 * wrote whole ({@link ChildJvms#read}); the reply, where there is one, a record the child writes
 * whole.
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public interface ChildJvm {
  /** {@return the kinds this module runs, e.g. {@code infer}} */
  Set<String> kinds();

  /**
   * Runs in the child: reads the request, does the work, writes the reply (if the kind has one). A
   * failure becomes the child's one error line ({@link ChildJvms#errorPrefix()}) and exit code.
   *
   * @param kind one of {@link #kinds()}
   * @param request the request record's file
   * @param reply where the reply record goes
   * @throws Exception anything the work throws
   */
  void run(String kind, Path request, Path reply) throws Exception;
}
