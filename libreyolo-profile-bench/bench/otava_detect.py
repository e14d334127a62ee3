"""Apache Otava's own change-point detector, run on this project's series so that the bench
compares against Otava itself, not a re-implementation. Written for this project; it only calls
Otava's public analysis function (otava.analysis.compute_change_points) from a source checkout
of Otava, with Otava's defaults (window 50, p-value 0.001, magnitude 0, as `otava analyze`).
Otava's command line needs packages this project does not (dateparser, tabulate, ...); its
detector needs numpy and scipy only.

  python3 libreyolo-profile-bench/bench/otava_detect.py OTAVA_SRC suite SERIES_FILE OUT_FILE
      one series per line of SERIES_FILE (tab-separated: kind, true steps, comma-separated
      values); writes the change points' indices per line, comma-separated
  python3 libreyolo-profile-bench/bench/otava_detect.py OTAVA_SRC csv FILE METRIC
      a series in Otava's CSV layout (a time column, one column per metric, as
      `profile history export` writes it): prints the change points' indices
"""
import csv
import sys


def main():
    if len(sys.argv) != 5 or sys.argv[2] not in ("suite", "csv"):
        sys.exit(__doc__)
    sys.path.insert(0, sys.argv[1])
    try:
        from otava.analysis import compute_change_points
    except ImportError as e:
        sys.exit("otava_detect: cannot import otava.analysis from %s: %s" % (sys.argv[1], e))

    def detect(values):
        points, _ = compute_change_points(values, window_len=50, max_pvalue=0.001, min_magnitude=0.0)
        return [int(p.index) for p in points]

    if sys.argv[2] == "suite":
        with open(sys.argv[3]) as series, open(sys.argv[4], "w") as out:
            for line in series:
                values = [float(v) for v in line.rstrip("\n").split("\t")[2].split(",")]
                out.write(",".join(str(i) for i in detect(values)) + "\n")
    else:
        with open(sys.argv[3], newline="") as f:
            values = [float(row[sys.argv[4]]) for row in csv.DictReader(f)]
        print("%d runs, change points at %s" % (len(values), detect(values)))


if __name__ == "__main__":
    main()
