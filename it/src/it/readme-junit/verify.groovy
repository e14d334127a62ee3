// the README's consumer POM and examples, built and run as written
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 4, Failures: 0, Errors: 0, Skipped: 0')
def perf = new File(basedir, 'src/perf/libreyolo-profile')
['example.ForwardPerfTest.predict.json', 'example.ClassifierPerfTest.classify.json',
 'example.SizesPerfTest.predict[imgsz=256].json', 'example.SizesPerfTest.predict[imgsz=320].json'].each {
  assert new File(perf, it).isFile() : it
}
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
