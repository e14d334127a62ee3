def log = new File(basedir, 'build.log').text
assert log.contains('[ERROR] verdict: REGRESSION')
assert log.contains('performance regression against')
assert log.contains('BUILD FAILURE')
assert new groovy.json.JsonSlurper().parse(new File(basedir, 'target/libreyolo-profile/check-result.json')).verdict == 'REGRESSION'
