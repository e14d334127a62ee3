def log = new File(basedir, 'build.log').text
assert log.contains('verdict: PASS')
assert log.contains('minimum detectable effect')
def result = new File(basedir, 'target/libreyolo-profile/check-result.json')
assert result.isFile()
def json = new groovy.json.JsonSlurper().parse(result)
assert json.verdict == 'PASS'
assert json.process_noise == 0.01
assert json.timing.blocks == [10, 10]
assert new File(basedir, 'target/libreyolo-profile/check-summary.md').text.contains('| latency_p50_ms |')
assert new File(basedir, 'target/libreyolo-profile/check-bencher.json').text.contains('"latency-p50-ms-change"')
assert new File(basedir, 'target/libreyolo-profile/check-report.html').text.contains('class="cdf-line"')
