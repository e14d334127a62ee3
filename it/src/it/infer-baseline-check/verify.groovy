def log = new File(basedir, 'build.log').text
assert log =~ /latency  p50 [0-9.]+ ms/
assert log.contains('>> COMPUTE: forward dominates the step')
assert new File(basedir, 'target/libreyolo-profile/infer/profile.json').isFile()
assert new File(basedir, 'target/libreyolo-profile/infer/profile_trace.json').isFile()
assert new File(basedir, 'src/perf/libreyolo-profile/infer.json').isFile()
assert log.contains('baseline recorded')
// the same profile as baseline and current: no slowdown, whatever the noise says about its power
assert log =~ /verdict: (PASS|INCONCLUSIVE)/
def result = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/check-result.json'))
// four fresh JVMs on the plugin's class path (the default is ten), 3 blocks each
assert result.timing.forks == [4, 4]
assert result.timing.blocks == [12, 12]
// progress in Maven's log: a line per fork (each takes seconds)
(1..4).each { assert log.contains("progress: forks (fresh JVMs) ${it}/4") }
assert result.timing.change == 0.0
assert result.counters.verdict == 'PASS'
assert result.counters.verdict == 'PASS'
// device defaults to auto: the CPU on this build; the next step is named in Maven's terms
assert new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/infer/profile.json')).device == 'cpu'
assert log.contains('next:    mvn libreyolo-profile:summary -Dlibreyolo.profile.input=')
// the history: nothing to judge by on the first build, then this run recorded with its forks
assert log.contains("history: not used, no series 'infer' in the history file target/history.db (it is empty)")
assert log.contains('recorded infer (4 forks')
assert new File(basedir, 'target/history.db').isFile()
// the history's verdict in files beside the profile, as the log tells it: not judged, and why
def historyResult = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/infer/history-result.json'))
assert historyResult.verdict == null
assert historyResult.fallback.startsWith("no series 'infer' in the history file target/history.db")
def historySummary = new File(basedir, 'target/libreyolo-profile/infer/history-summary.md').text
assert historySummary.startsWith('### libreyolo-profile history check: not judged')
assert historySummary.contains(historyResult.fallback)
