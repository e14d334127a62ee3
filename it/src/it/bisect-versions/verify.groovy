// the bisect over four released versions: 1.2 made crunch four times the work
def log = new File(basedir, 'build.log').text
// 5: the good-bad A/B runs both tests; the search runs the one that regressed
assert log.contains('[libreyolo-profile] bisect over 4 versions: [1.0, 1.1, 1.2, 1.3]')
assert log.contains('[libreyolo-profile] step 1: 1.0 (A) against 1.3 (B)\n') || log.contains('[libreyolo-profile] step 1: 1.0 (A) against 1.3 (B)\r\n')
assert log =~ /\[libreyolo-profile\] step 2: 1\.\d \(A\) against 1\.\d \(B\), WorkPerfTest\.crunch/
assert log =~ /bisect 1\.0 \.\. 1\.3: WorkPerfTest\.crunch: 1\.2 made it slower \(against 1\.1\)/
assert log =~ /    1\.1 -> 1\.2: REGRESSION \+\d+\.\d% \[\+\d+\.\d%, \+\d+\.\d%\]/
assert !log.contains('WorkPerfTest.parse: 1.') : 'the unchanged test has no culprit'
assert !log.contains('unknown property -Dlibreyolo.profile.good')
// the JSON and the markdown say the same
def folder = new File(basedir, 'target/libreyolo-profile/bisect')
def json = new groovy.json.JsonSlurper().parse(new File(folder, 'bisect-result.json'))
assert json.schema == 'libreyolo.profile.bisect/v1'
assert json.versions == ['1.0', '1.1', '1.2', '1.3']
def crunch = json.findings.find { it.test == 'WorkPerfTest.crunch' }
assert crunch.found == 'CULPRIT' && crunch.older == '1.1' && crunch.newer == '1.2'
assert crunch.evidence.verdict == 'REGRESSION' && crunch.evidence.ci_low > 0.05
// the good-bad A/B, at most two halvings of 3 candidates, at most one to measure the culprit alone
assert json.steps.size() <= 4
json.steps.each { s -> assert new File(folder, "step-${s.step}-${s.older}-${s.newer}/versions/versions-result.json").isFile() }
def md = new File(folder, 'bisect-summary.md').text
assert md.startsWith('### Bisect 1.0 .. 1.3')
assert md.contains('| WorkPerfTest.crunch | CULPRIT | 1.1 -> 1.2 | +')
assert log.contains("bisect 1.0 .. 1.3: ${json.headline}")
// 6: a version never released: one line naming those there are
assert log.contains('good=0.9 is not a released version of com.example:bisect-demo (versions up to bad: 1.0, 1.1, 1.2, 1.3); install or deploy it, or name another')
// 7: nothing set: how to set it
assert log.contains('set good and bad: -Dlibreyolo.profile.good=<last good version> -Dlibreyolo.profile.bad=<slower version>')
// every failure one line: no stack trace from the plugin
assert !log.contains('at org.libreyolo.profile')
