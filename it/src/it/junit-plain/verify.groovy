// a plain-Java perf test, threads = 1, no PyTorch native on the class path
def log = new File(basedir, 'build.log').text
assert !log.contains('no PyTorch native library')
assert log.contains('[libreyolo-profile] SortPerfTest.sort: baseline recorded at')
assert new File(basedir, 'src/perf/libreyolo-profile/example.SortPerfTest.sort.json').isFile()
assert log =~ /SortPerfTest\.sort: verdict: (PASS|IMPROVED|INCONCLUSIVE)/
// check says nothing of an infer baseline in a project that never ran infer
assert !log.contains('infer.json')
// runs = 10: two blocks, the gate needs three: refused before a baseline is written
assert log.contains('runs 10 gives 2 timing blocks of 5 runs, the gate needs at least 3')
assert !new File(basedir, 'target/short-baselines').exists()
def profile = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/example.SortPerfTest/sort/profile.json'))
assert profile.environment.engine == 'none (plain JVM code)'
