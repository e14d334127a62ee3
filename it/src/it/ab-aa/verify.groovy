// an A/A run of the ab goal: both arms measured in one build, every pair it measured written. The
// A/B looks at its pairs as they come (3 looks over 8 pairs here) and may stop at a look that
// decides (docs/statistics.md): 4, 6 or 8 pairs, the file holding exactly those
def log = new File(basedir, 'build.log').text
def header = log =~ /A\/B  random-init \(A\) vs random-init \(B\): (\d+) pairs of blocks/
assert header.find()
int n = header.group(1) as int
assert n in [4, 6, 8]
assert n == 8 || log.contains("decided after ${n} of 8 pairs")
assert log =~ /verdict: (PASS|INCONCLUSIVE|IMPROVED|REGRESSION) \(/
assert log.contains('BUILD SUCCESS')
def ab = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/ab.json'))
assert ab.schema == 'libreyolo.profile.ab/v1'
assert ab.pairs.size() == n
assert ab.pairs*.order == ['AB', 'BA'] * (n / 2)
assert ab.ci_low <= ab.change && ab.change <= ab.ci_high
