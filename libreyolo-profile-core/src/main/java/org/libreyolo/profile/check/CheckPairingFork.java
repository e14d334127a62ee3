package org.libreyolo.profile.check;

import java.nio.file.Path;
import java.util.Set;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.process.ChildJvm;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.report.AbReport;

/**
 * The child JVM of {@code check}'s pairing ({@link ChildJvms}, found on the class path; not called
 * directly): the baseline's kept model and this build's in alternating blocks ({@link AbProfiler}),
 * in a fresh JVM, as the infer goal's forks measured them.
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public final class CheckPairingFork implements ChildJvm {
  /** The kind the parent names. */
  static final String KIND = "check-pairing";

  /** The check's child, for the service loader. */
  public CheckPairingFork() {}

  @Override
  public Set<String> kinds() {
    return Set.of(KIND);
  }

  @Override
  public void run(String kind, Path request, Path reply) {
    AbProfiler.Options options = ChildJvms.read(request, AbProfiler.Options.class);
    AbResult r = AbProfiler.run(options, Progress.NONE, AbReport::write);
    ChildJvms.write(
        reply,
        new RemeasuredCheck.Reply(
            r.verdict(),
            LatencyStats.median(r.aMs()),
            LatencyStats.median(r.bMs()),
            r.file().toString()));
  }
}
