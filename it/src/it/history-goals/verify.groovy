def log = new File(basedir, 'build.log').text
assert log.contains('imported 160 runs of')
assert log =~ /"index": 100,/
assert log =~ /"commit": "c100"/
assert log.contains('otava')
assert log.contains('wrote 160 runs of otava@')
assert new File(basedir, 'target/out.csv').readLines().size() == 161
// an unreachable server: one line naming host and port, in Maven's parameter names
assert log.contains('cannot reach the history database at localhost:1')
assert log.contains('history right?')
