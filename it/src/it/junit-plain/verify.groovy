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
// the plain-Java consumer's test class path: the extension, JUnit and the project's own SLF4J (nop
// and its API), nothing the extension would only use for a model or a history
def classPath = new File(basedir, 'target/test-classpath.txt').text.trim().split(File.pathSeparator)
    .collect { new File(it).name }
def brought = classPath.findAll {
  !(it.startsWith('libreyolo-profile-junit-') || it =~ /^(junit-|opentest4j-|apiguardian-|jspecify-|slf4j-nop-|slf4j-api-)/)
}
assert brought.isEmpty() : "the extension brought ${brought}"
// goal 4: the earlier build's output is named as such and its baseline as a test that did not run
assert log.contains("SortPerfTest.sort: its output ")
assert log.contains("is an earlier build's (the test did not run in this one): not judged")
assert log =~ /baseline.*has no current run|have no current run/
// goal 6: the missing driver named before any measuring, no history file made
assert log.contains('SortPerfTest.sort: the sqlite JDBC driver (org.sqlite.JDBC) is not on the class path: add org.xerial:sqlite-jdbc')
assert !new File(basedir, 'target/history.db').exists()
// a plain step counts its own unit: the check's table says items_per_s, its page has no device words
def sortDir = new File(basedir, 'target/libreyolo-profile/example.SortPerfTest/sort')
assert new File(sortDir, 'check-summary.md').text.contains('| items_per_s |')
def page = new File(sortDir, 'check-report.html').text
assert page.contains('throughput (items/s)') && page.contains('items/s</td>')
assert !page.contains('img/s') && !page.contains('GPU utilisation') && !page.contains('bound</td>')
