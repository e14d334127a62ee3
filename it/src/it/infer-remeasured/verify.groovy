// check measured the baseline's model again beside this build's, and that pairing decided
def log = new File(basedir, 'build.log').text
def kept = new File(basedir, 'src/perf/libreyolo-profile/infer.model.torchscript')
assert kept.isFile() && kept.bytes == new File(basedir, 'models/narrow.torchscript').bytes
assert log.contains('its model kept beside it, infer.model.torchscript')
// 1: an A/A measured again: decided by its pairs, not by the stored numbers
def again = (log =~ /measured again in this job: the baseline's model \(kept beside it\) and this build's in (\d+) pairs of alternating blocks in a fresh JVM decide/)
assert again.size() == 2 : "goals 1 and 2 measure again: ${again.size()}"
def ab = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/check-ab/ab.json'))
assert ab.baseline.endsWith('infer.model.torchscript') && ab.candidate.endsWith('models/wide.torchscript')
// in a fresh JVM: its log kept beside the pairing
assert new File(basedir, 'target/libreyolo-profile/check-ab/jvm/fork.log').isFile()
// 2: the wide model in the narrow one's place: a REGRESSION the pairing measured, the build failed
assert log =~ /performance regression against .*infer\.json/
def result = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/check-result.json'))
// 3 (the last to write check-result.json): the stored numbers alone, the other model file named
assert log.contains('judged against the stored baseline\'s numbers (not measured again in this job: libreyolo.profile.remeasure=false)')
assert result.verdict == 'INCONCLUSIVE'
assert !log.contains('at org.libreyolo.profile')
true
