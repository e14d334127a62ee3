def log = new File(basedir, 'build.log').text
assert log.contains('>> HOST / LAUNCH: GPU only ~1% busy')
assert log.contains('kernel mix:')
assert log.contains('  %GPU   ms/step  x/step TC  kernel  [category]')
// -q: the views are the goals' output, printed even when Maven logs nothing
assert !log.contains('[INFO]')
