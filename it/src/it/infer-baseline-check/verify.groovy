def log = new File(basedir, 'build.log').text
assert log =~ /latency  p50 [0-9.]+ ms/
assert log.contains('>> COMPUTE: forward dominates the step')
assert new File(basedir, 'target/libreyolo-profile/infer/profile.json').isFile()
assert new File(basedir, 'target/libreyolo-profile/infer/profile_trace.json').isFile()
assert new File(basedir, 'src/perf/libreyolo-profile/infer.json').isFile()
assert log.contains('baseline recorded')
// the same profile as baseline and current: A/A
assert log.contains('verdict: PASS')
