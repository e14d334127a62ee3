// the README's consumer POM and examples, built and run as written
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 4, Failures: 0, Errors: 0, Skipped: 0')
def perf = new File(basedir, 'src/perf/libreyolo-profile')
['example.ForwardPerfTest.predict.json', 'example.ClassifierPerfTest.classify.json',
 'example.SizesPerfTest.predict[imgsz=256].json', 'example.SizesPerfTest.predict[imgsz=320].json'].each {
  assert new File(perf, it).isFile() : it
}
// the step form (was the junit-perf-forward IT): the typed result, the profile and its trace, the
// real model and device; the check goal found the step's output and baseline by convention
assert log =~ /p50 [0-9.]+ ms, [0-9.]+ images\/s, forward [0-9.]+ ms/
def dir = new File(basedir, 'target/libreyolo-profile/example.ForwardPerfTest/predict')
assert new File(dir, 'profile_trace.json').isFile()
def profile = new groovy.json.JsonSlurper().parse(new File(dir, 'profile.json'))
assert profile.samples.latency_ms.size() == 30
assert profile.stages_ms.forward > 0
assert profile.kernel_source == 'cpu-leaf-ops'
assert profile.device == 'cpu'
assert profile.environment.model_params > 2000000
assert profile.environment.device == profile.device
assert log =~ /ForwardPerfTest\.predict: verdict: (PASS|IMPROVED|INCONCLUSIVE)/
assert !log.contains('infer.json') // a project of perf tests only: check says nothing of an infer baseline
// the Predictor form: DJL's metrics are the phases, and trace = true gives the counters
assert log =~ /ClassifierPerfTest\.classify: verdict: (PASS|IMPROVED|INCONCLUSIVE)/
// 3: no test ran: check names the four baselines and fails the build
assert log.contains('4 baselines have no current run: did the perf tests run? JUnit 5 needs Surefire >= 3')
assert log.contains('example.SizesPerfTest.predict[imgsz=320].json')
assert log.contains('BUILD FAILURE')
// no SLF4J warning with the README's slf4j-nop
assert !log.contains('No SLF4J providers were found')
// nothing from libtorch inside the timed loops: its per-call NNPACK warning is silenced at engine boot
assert !log.contains('Could not initialize NNPACK')
