def log = new File(basedir, 'build.log').text
assert log.contains('[libreyolo-profile] ForwardPerfTest.predict: baseline recorded at')
assert log =~ /\[libreyolo-profile\] ForwardPerfTest\.predict: p50 [0-9.]+ ms, [0-9.]+ images\/s; (PASS|IMPROVED|INCONCLUSIVE) against/
assert log =~ /typed result: p50 [0-9.]+ ms, [0-9.]+ images\/s, phases \[/
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
def dir = new File(basedir, 'target/libreyolo-profile/example.ForwardPerfTest/predict')
assert new File(dir, 'profile.json').isFile()
assert new File(dir, 'profile_trace.json').isFile()
def profile = new groovy.json.JsonSlurper().parse(new File(dir, 'profile.json'))
assert profile.samples.latency_ms.size() == 20
assert profile.stages_ms.forward > 0
assert profile.kernel_source == 'cpu-leaf-ops'
// model(block) records the real model and device, not a placeholder
assert profile.device == 'cpu'
assert profile.environment.model_params > 2000000
assert profile.environment.device == profile.device
assert new File(basedir, 'src/perf/libreyolo-profile/example.ForwardPerfTest.predict.json').isFile()
// the check goal found the step's output and its baseline by convention and gated it
assert log =~ /ForwardPerfTest\.predict: verdict: (PASS|IMPROVED|INCONCLUSIVE)/
assert !log.contains('infer.json') // a project of perf tests only: check says nothing of an infer baseline
assert !log.contains('Could not initialize NNPACK') // libtorch writes nothing inside the timed loop
