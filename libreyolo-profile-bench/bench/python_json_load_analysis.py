"""A straightforward json.load-based analysis of a Kineto trace (window, steps, kernel scalars),
written for this project as the baseline the Java streaming analyser is compared against in
libreyolo-profile-bench/bench/run. Usage: python3 libreyolo-profile-bench/bench/python_json_load_analysis.py TRACE [RUNS]"""
import json, gzip, re, sys, time
def load(f):
    op = gzip.open if f.endswith('.gz') else open
    d = json.load(op(f))
    return d.get('traceEvents', []) if isinstance(d, dict) else d
TC = re.compile(r"h884|h1688|i16832|i8816|s16816|s1688|hmma|imma|tensorop|wmma|16816|16832|884gemm|1688gemm")
def analyze(f):
    ev = [e for e in load(f) if e.get('ph') == 'X' and 'ts' in e]
    steps = sorted([e for e in ev if str(e.get('name','')).startswith('ProfilerStep')], key=lambda e: e['ts'])
    if len(steps) >= 4: w0, w1 = steps[2]['ts'], steps[min(len(steps)-1, 8)]['ts']
    elif steps: w0, w1 = steps[0]['ts'], steps[-1]['ts'] + (steps[-1].get('dur') or 0)
    else: w0 = w1 = None
    if w0 is not None and w1 <= w0: w1 = w0 + 1.0
    inw = lambda e: w0 is None or (w0 <= e['ts'] < w1)
    if w0 is None: n = 1
    else:
        ms = [s for s in steps if inw(s)]
        nums = {int(m.group(1)) for s in ms for m in [re.search(r"#(\d+)", s['name'])] if m}
        n = max(1, len(nums)) if nums else 1
    busy = tc = 0; nk = 0; mall = 0
    for e in ev:
        if not inw(e): continue
        c = e.get('cat'); d = e.get('dur') or 0
        if c == 'kernel':
            busy += d; nk += 1
            if TC.search(str(e['name']).lower()): tc += d
        elif c == 'cuda_runtime' and ('Malloc' in e['name'] or 'Free' in e['name']): mall += 1
    wall = (w1 - w0) / 1000 if w0 is not None else 0
    step = wall / n
    b = busy / 1000 / n
    return dict(n=n, launches=nk // n, busy=round(b, 2), util_raw=round(b/step, 3) if step else 0, tc=round(tc/busy*100, 1) if busy else 0, mallocs=mall//n, step=round(step, 2))
if __name__ == "__main__":
    f = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    times = []
    for _ in range(runs):
        t = time.perf_counter(); r = analyze(f); times.append((time.perf_counter() - t) * 1000)
    times.sort()
    print("%-40s %12.1f %14s" % ("python json.load analysis ms", times[len(times) // 2], "java >= 10x faster"))
