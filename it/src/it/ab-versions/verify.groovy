// the A/B across versions against an installed previous version
def log = new File(basedir, 'build.log').text
// 2: unchanged code, both versions in each of 2 JVMs: no REGRESSION; the new method's test cannot link against 1.0
assert log =~ /JVM 1 of 2 holding both versions \((baseline 1\.0|this build 2\.0) first, 2 tests, 4 pairs of alternating blocks per step\)/
assert log.contains('JVM 2 of 2 holding both versions (')
assert log =~ /WorkPerfTest\.crunch: (PASS|INCONCLUSIVE|IMPROVED) \(time [-+]\d+\.\d% \[[-+]\d+\.\d%, [-+]\d+\.\d%\], 8 pairs in 2 JVMs, MDE /
assert log.contains('NewApiPerfTest.twice: INCONCLUSIVE (does not link against baseline 1.0: NoClassDefFoundError: demo/NewApi)')
assert log.contains('class path: module classes: target/classes -> ab-demo-1.0.jar')
// the alert-only summary: nothing regressed, so no pull request summary was written
assert log =~ /details: \S+versions-result\.json\r?\n/
// 3: abMode=forks: the probe finds the test that cannot run against 1.0; the forks run the other one on both sides
assert log.contains('probing baseline 1.0 (does every test run against it?)')
assert log =~ /fork 4 of 4 \((this build 2\.0|baseline 1\.0), 1 test\)/
// the forks look as the shared JVMs do: crunch decided after 2 forks a side, or 2 more where they could decide it
def forked = (log =~ /WorkPerfTest\.crunch: (PASS|INCONCLUSIVE|IMPROVED) \(time .*(2\/2|4\/4) forks.*\) - forks: abMode=forks/)
assert forked.find()
if (forked.group(2) == '4/4') { // undecided after 2 a side, and 2 more could decide it
  assert log.contains('look 1 of 2 after 2 forks a side: undecided WorkPerfTest.crunch; 2 forks a side more for it')
  assert log =~ /fork 8 of 8 \((this build 2\.0|baseline 1\.0), 1 test\)/
} else if (forked.group(1) == 'INCONCLUSIVE') { // undecided after 2 a side: 2 more could not decide it, and it says so
  assert log.contains('undecided after 2 forks a side (look 1 of 2), stopped: the forks left could not decide it, should the change be as estimated (the chance they would): WorkPerfTest.crunch (')
}
// 4: twice the work: REGRESSION names the test and its interval
assert log =~ /performance regression against baseline 1\.0: WorkPerfTest\.crunch time \+\d+\.\d% \[\+\d+\.\d%, \+\d+\.\d%\], 80 pairs in 4 JVMs/
// ... and says where: the method that got slower leads its Java samples' diff
assert log =~ /WorkPerfTest\.crunch: REGRESSION \(.*(explained [-\d.]+% by|no row beyond its noise; largest:) demo\.Work\.crunch /
// 5: a version that does not exist: one line naming it and where it was looked for
assert log =~ /baseline com\.example:ab-demo:0\.9 \(baselineVersion\) was not found: looked in the local repository \S+/
def result = new File(basedir, 'target/libreyolo-profile/versions/versions-result.json')
assert result.isFile()
// 6: not a jar
assert log =~ /baselineClasspath \S*pom\.xml: \S+pom\.xml is not a jar \(nor a folder of classes\)/
// 7: an abMode that does not exist
assert log.contains("abMode must be auto (both versions in one JVM where they fit) or forks, got 'duet'")
// every failure is one line: no stack trace from the plugin
assert !log.contains('at org.libreyolo.profile')
// the log, the JSON and the markdown tell one verdict per step (the last A/B across versions: step 4)
def json = new groovy.json.JsonSlurper().parse(result)
def md = new File(basedir, 'target/libreyolo-profile/versions/versions-summary.md').text
assert json.verdict == 'REGRESSION'
assert md.startsWith('### A/B against baseline 1.0: REGRESSION')
json.tests.each { t ->
  assert md.contains("| ${t.test} | ${t.verdict} |") : t.test
  assert log.contains("${t.test}: ${t.verdict} (") : t.test
  assert t.mode == 'in shared JVMs' : t.test
}
// each JVM's order beside its change (4 JVMs, balanced): what a replay of the cross-over needs
def crunch4 = json.tests.find { it.test == 'WorkPerfTest.crunch' }
assert crunch4.gate.timing.jvm_candidate_first.size() == 4 && crunch4.gate.timing.jvm_changes.size() == 4
assert crunch4.gate.timing.jvm_candidate_first.count { it } == 2
// 8: the infer form: both versions' packaged model, A/B'd in one process
assert log.contains('model file models/classifier.torchscript: ab-demo-1.0.jar (A) vs this build (B)')
assert log =~ /verdict: (PASS|INCONCLUSIVE|IMPROVED)/
true
