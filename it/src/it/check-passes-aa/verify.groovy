def log = new File(basedir, 'build.log').text
assert log.contains('verdict: PASS')
assert log.contains('minimum detectable effect')
def result = new File(basedir, 'target/libreyolo-profile/check-result.json')
assert result.isFile()
assert new groovy.json.JsonSlurper().parse(result).verdict == 'PASS'
assert new File(basedir, 'target/libreyolo-profile/check-summary.md').text.contains('| latency_p50_ms |')
assert new File(basedir, 'target/libreyolo-profile/check-report.html').text.contains('class="cdf-line"')
