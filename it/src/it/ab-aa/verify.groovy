// an A/A run of the ab goal: both arms measured in one build, every pair written
def log = new File(basedir, 'build.log').text
assert log.contains('A/B  random-init (A) vs random-init (B): 8 pairs')
assert log =~ /verdict: (PASS|INCONCLUSIVE|IMPROVED|REGRESSION) \(/
assert log.contains('BUILD SUCCESS')
def ab = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/ab.json'))
assert ab.schema == 'libreyolo.profile.ab/v1'
assert ab.pairs.size() == 8
assert ab.pairs*.order == ['AB', 'BA'] * 4
assert ab.ci_low <= ab.change && ab.change <= ab.ci_high
