def log = new File(basedir, 'build.log').text
assert log.contains('verdict: INCONCLUSIVE')
assert log.contains('environments differ (cpu "AMD EPYC" -> "Intel Xeon")')
assert !log.contains('REGRESSION reported')
assert log.contains('BUILD SUCCESS')
