package org.libreyolo.profile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.libreyolo.profile.gate.OpCounts;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Memory as the gate uses it (docs/measurement.md, "Memory"), each measurement its own {@code
 * ./libreyolo profile infer} process, every other one beside a busy thread: the tensor bytes of
 * LibreYOLO9t at 256 px across JVMs (A/A: identical is the target), the peak resident set's spread
 * (what its tolerance stands on) and its agreement with {@code /usr/bin/time}'s maximum resident
 * set of the same process, and the memory counter on a model with wider convolutions (the 8-channel
 * classifier against its 16-channel twin, each pair in fresh JVMs).
 */
final class MemoryBench {
  private static final String FIXTURES =
      "libreyolo-profile-core/src/test/resources/fixtures/torchscript/";

  /** A/A processes: half of them beside a busy thread; half as many narrow/wide pairs. */
  static final int JVMS = 4;

  private MemoryBench() {}

  /** One measured process: its profile and {@code /usr/bin/time}'s maximum resident set, MB. */
  private record Run(Profile profile, double timeMaxRssMb) {}

  static void run(Table table, Path launcher) throws IOException {
    int jvms = JVMS;
    Path time = Path.of("/usr/bin/time");
    if (!Files.isExecutable(launcher) || !Files.isExecutable(time)) {
      table.row("memory", "skipped", "needs ./libreyolo (repository root) and /usr/bin/time");
      return;
    }
    Path dir = Files.createTempDirectory("libreyolo-bench-memory");
    List<Run> aa = new ArrayList<>();
    for (int i = 0; i < jvms; i++) {
      aa.add(infer(launcher, time, dir.resolve("aa" + i), List.of("--imgsz", "256"), i % 2 == 1));
    }
    TreeSet<Long> allocated = new TreeSet<>();
    TreeSet<Long> peak = new TreeSet<>();
    double[] heap = new double[jvms];
    double[] rss = new double[jvms];
    double[] ratio = new double[jvms];
    for (int i = 0; i < jvms; i++) {
      ProfileRows.TensorMemory t = aa.get(i).profile().tensorMemory();
      allocated.add(t == null ? -1 : t.allocatedBytesPerStep());
      peak.add(t == null ? -1 : t.peakLiveBytes());
      Long h = aa.get(i).profile().javaHeapBytesPerIteration();
      heap[i] = h == null ? Double.NaN : h;
      rss[i] = aa.get(i).profile().hostMemory().peakRssMb();
      ratio[i] =
          aa.get(i)
                  .profile()
                  .stored(ProfileSchema.HOST_MEMORY)
                  .path(ProfileSchema.PROCESS_PEAK_RSS_MB)
                  .asDouble()
              / aa.get(i).timeMaxRssMb();
    }
    String across = ", A/A " + jvms + " JVMs (every other beside a busy thread)";
    table.row("tensor bytes/step, LibreYOLO9t @256" + across, values(allocated), "identical");
    table.row("peak live tensor bytes" + across, values(peak), "identical");
    table.row(
        "Java heap bytes/iteration" + across,
        Table.f(min(heap), 0) + " .. " + Table.f(max(heap), 0),
        "");
    double spread = max(rss) / min(rss) - 1;
    table.row(
        "peak RSS MB" + across,
        Table.f(Medians.of(rss), 0)
            + " ["
            + Table.f(min(rss), 0)
            + ", "
            + Table.f(max(rss), 0)
            + "], spread "
            + Table.f(100 * spread, 1)
            + "%",
        "2x spread <= the gate's margins (25% and 64 MB)");
    table.row(
        "process peak RSS (VmHWM) / /usr/bin/time's max RSS, same process",
        Table.f(min(ratio), 3) + " .. " + Table.f(max(ratio), 3),
        "within 0.95 .. 1.05");
    int caught = 0;
    int named = 0;
    int pairs = Math.max(1, jvms / 2);
    for (int i = 0; i < pairs; i++) {
      Profile narrow =
          infer(launcher, time, dir.resolve("narrow" + i), classifier("global_pool"), i % 2 == 1)
              .profile();
      Profile wide =
          infer(launcher, time, dir.resolve("wide" + i), classifier("wide_pool"), i % 2 == 0)
              .profile();
      OpCounts.Result r = OpCounts.check(narrow, wide);
      caught += r.verdict() == Verdict.REGRESSION ? 1 : 0;
      named += r.changes().stream().anyMatch(c -> c.startsWith("memory: tensor")) ? 1 : 0;
    }
    table.row(
        "wider convolutions (8 -> 16 channels): counters REGRESSION, memory row named",
        caught + " of " + pairs + ", " + named + " of " + pairs,
        "every time");
    table.row("memory runs", dir.toString(), "");
  }

  private static List<String> classifier(String name) {
    return List.of(
        "--weights",
        Checkout.path(FIXTURES + name + "_classifier.torchscript").toString(),
        "--imgsz",
        "224");
  }

  private static Run infer(Path launcher, Path time, Path project, List<String> extra, boolean busy)
      throws IOException {
    Path report = project.resolve("time.txt");
    Files.createDirectories(project);
    List<String> command =
        new ArrayList<>(
            List.of(
                time.toString(),
                "-f",
                "%M",
                "-o",
                report.toString(),
                launcher.toString(),
                "profile",
                "infer",
                "--device",
                "cpu",
                "--threads",
                "1",
                "--warmup",
                "3",
                "--runs",
                "10",
                "--project",
                project.toString()));
    command.addAll(extra);
    GateStudy.process(command, busy);
    String[] lines = Files.readString(report).strip().split("\n");
    double maxRssMb = Double.parseDouble(lines[lines.length - 1].strip()) / 1024;
    return new Run(ProfileLoader.load(project.resolve("infer").resolve("profile.json")), maxRssMb);
  }

  private static String values(TreeSet<Long> v) {
    return (v.size() == 1 ? "identical: " : "DIFFER: ")
        + String.join(", ", v.stream().map(x -> String.format("%,d", x)).toList());
  }

  private static double min(double[] v) {
    return Arrays.stream(v).min().orElse(Double.NaN);
  }

  private static double max(double[] v) {
    return Arrays.stream(v).max().orElse(Double.NaN);
  }
}
