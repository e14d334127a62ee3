// the check goal against the commit the stored baselines record: built and A/B'd in the job
def log = new File(basedir, 'build.log').text
def git(String... args) {
  def p = new ProcessBuilder(['git'] + (args as List)).directory(basedir).start()
  def out = p.inputStream.text.trim()
  assert p.waitFor() == 0
  out
}
def head = git('rev-parse', 'HEAD')
def label = head.substring(0, 12)
def recorded = "commit ${label} with uncommitted changes to src/main/java/demo/Work.java, src/test/java/demo/LaterPerfTest.java"
// 1: each baseline records the commit and what differed from it
assert log.contains("WorkPerfTest.crunch: baseline recorded at src/perf/libreyolo-profile/demo.WorkPerfTest.crunch.json (${recorded}; measured again in a job, the commit is taken as committed")
def record = new groovy.json.JsonSlurper().parse(new File(basedir, 'src/perf/libreyolo-profile/demo.WorkPerfTest.crunch.commit.json'))
assert record.commit == head && record.changed == ['src/main/java/demo/Work.java', 'src/test/java/demo/LaterPerfTest.java']
// recorded in this very build (verify -Dlibreyolo.profile.updateBaseline=true): nothing to measure again
assert log.contains("[libreyolo-profile] the perf tests' baselines were recorded on ${recorded} in this build: nothing to measure again")
// 2: prepare found check bound in this build and handed the tests deferToCheck through argLine
assert log.contains('[INFO] libreyolo-profile: check runs in this build (bound to verify (execution default)): a perf test leaves a failing stored-number timing verdict to it, which measures the baseline\'s commit again (argLine += -Dlibreyolo.profile.deferToCheck=true)')
// the test itself judges the stored numbers and names the gate that decides
assert log.contains("the baseline's ${recorded} is measured again beside this build by the plugin's check goal")
assert log.contains("[libreyolo-profile] the perf tests' baselines were recorded on ${recorded}: measuring it again beside this build, which decides")
assert log.contains("building commit ${head.substring(0, 10)} (the work as it was)")
assert log.contains("WorkPerfTest.crunch: measured again in this job beside baseline commit ${label} (in shared JVMs), which decides; the stored numbers, the history and drift guard:")
// what changed between the two sides as the A/B ran them: the method made slower, named beyond its
// noise, or first among the rows within it where the Java samples ran thin (a CI run beside another
// IT: demo.Work.hash +0.970 ms against a noise of 1.019 ms)
assert log.contains('[ERROR] WorkPerfTest.crunch:   demo.Work.hash [crunch]: ') ||
    log =~ /\[ERROR\] WorkPerfTest\.crunch:   none beyond its noise; \d+ Java methods? within their noise \(largest: demo\.Work\.hash \+/
assert log =~ /\[ERROR\] WorkPerfTest\.crunch: verdict: REGRESSION/
assert log.contains("performance regression WorkPerfTest.crunch against baseline commit ${label}, measured again in this job")
assert !(log =~ /WorkPerfTest\.parse: verdict: (REGRESSION|IMPROVED)/)
// the commit's own tests ran on its side: a test added since is not compared, the stored numbers judge it
def shortId = head.substring(0, 10)
assert log.contains("class path: perf tests: target/test-classes -> ${shortId}'s (the stored baselines measured them)")
assert log.contains("class path: module classes: target/classes -> ${shortId}")
assert log.contains("not in baseline commit ${label}'s tests (added since), not compared: LaterPerfTest.later")
assert log =~ /LaterPerfTest\.later: verdict: (PASS|INCONCLUSIVE)/
def versions = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/versions/versions-result.json'))
def crunch = versions.tests.find { it.test == 'WorkPerfTest.crunch' }
assert crunch.verdict == 'REGRESSION' && crunch.gate.timing.ci[0] > 0.05
// 3: remeasure=false: the stored numbers decide, one line says so
assert log.contains("[libreyolo-profile] the perf tests' baselines were recorded on ${recorded}; not measured again (libreyolo.profile.remeasure=false): the stored numbers decide")
// 4: no check in the build: nothing handed; 5: the user's setting stays
assert log.contains('[INFO] libreyolo-profile: check does not run in this build: the perf tests judge their stored numbers themselves')
assert log.contains('[INFO] libreyolo-profile: libreyolo.profile.deferToCheck set by -Dlibreyolo.profile.deferToCheck: left as it is')
// 6: the POM's property handed to the tests; 7: Surefire's own setting stays
assert log.contains("[INFO] libreyolo-profile: libreyolo.profile.deferToCheck from the POM's properties, which the test JVM does not read: handed to the tests (argLine += -Dlibreyolo.profile.deferToCheck=false)")
assert log.contains("[INFO] libreyolo-profile: libreyolo.profile.deferToCheck set by maven-surefire-plugin's systemPropertyVariables: left as it is")
// the checkout as it was: only the working tree's change and the new baselines
assert git('status', '--porcelain', '--untracked-files=no') == 'M src/main/java/demo/Work.java'
return true
