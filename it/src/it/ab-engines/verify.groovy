// one network, two engines: the A/B names both, and the infer goal profiles the ONNX model
def log = new File(basedir, 'build.log').text
def m = log =~ /models\/classifier\.torchscript \(libtorch \d+\.\d+\.\d+\) \(A\) vs models\/classifier\.onnx \(ONNX Runtime 1\.22\.0, provider CPUExecutionProvider\) \(B\): (\d+) pairs/
assert m.find()
assert log =~ /verdict: (PASS|INCONCLUSIVE|IMPROVED|REGRESSION) \(/
def ab = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/ab.json'))
// 8 pairs, or fewer where a look decided early (the looks keep the interval's level)
assert ab.pairs.size() == (m.group(1) as int) && ab.pairs.size() <= 8
if (ab.pairs.size() < 8) {
    assert log =~ /stopped at look \d of \d: decided after ${ab.pairs.size()} of 8 pairs/
}
assert ab.ci_low <= ab.change && ab.change <= ab.ci_high
// the infer goal: the model line names ONNX Runtime, its kernels are the profile's ops
assert log.contains('(ONNX Runtime 1.22.0, provider CPUExecutionProvider)')
def profile = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/infer/profile.json'))
assert profile.config.engine.startsWith('ONNX Runtime 1.22.0')
assert !log.contains('at org.libreyolo.profile')
true
