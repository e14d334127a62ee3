def log = new File(basedir, 'build.log').text
assert log.contains('verdict: REGRESSION')
assert log.contains('[WARNING] REGRESSION reported but the build is not failed')
assert log.contains('BUILD SUCCESS')
