#!/usr/bin/env python3
"""Draws a per-query bar chart (SVG) from one or more `kiln-bench tpch --json` files.

usage: plot.py [--out FILE.svg] [--log | --linear] [--title TEXT] RESULT.json [RESULT.json ...]

Each JSON file is one series (kiln, sqlite, duckdb from bench/compare/duckdb_compare.py, or kiln at
another thread count), labeled by its engine and threads. Bars are median milliseconds per query;
a query that failed shows as an "x" at the axis. The y axis is logarithmic when the times span
more than a factor of 50 (SQLite against a compiling engine), unless --log or --linear says otherwise.
Plain Python: no matplotlib needed.
"""
import argparse
import json
import math
import sys
from xml.sax.saxutils import escape

COLORS = ["#d95f02", "#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666"]
PLOT_HEIGHT = 360
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 60, 50
BAR_WIDTH, GROUP_GAP = 10, 12


def series_label(report):
    settings = report.get("settings", {})
    threads = settings.get("threads")
    label = report.get("engine", "?")
    if threads is not None:
        label += " (%d thread%s)" % (threads, "" if threads == 1 else "s")
    return label


def nice_linear_ticks(top):
    step = 10 ** math.floor(math.log10(top))
    for factor in (1, 2, 5, 10):
        if top / (step * factor) <= 6:
            step *= factor
            break
    ticks = [0.0]
    while ticks[-1] < top:
        ticks.append(ticks[-1] + step)
    return ticks


def tick_text(value):
    if value >= 1000:
        return "%gk" % (value / 1000)
    return "%g" % value


class Scale:
    def __init__(self, values, log):
        self.log = log
        if log:
            low = 10 ** math.floor(math.log10(min(values) / 2))  # the shortest bar stays visible
            high = 10 ** math.ceil(math.log10(max(values)))
            if high <= low:
                high = low * 10
            self.low, self.high = low, high
            self.ticks = [10 ** e for e in range(round(math.log10(low)), round(math.log10(high)) + 1)]
        else:
            self.ticks = nice_linear_ticks(max(values))
            self.low, self.high = 0.0, self.ticks[-1]

    def y(self, value):
        """Pixels above the axis for a value."""
        if self.log:
            fraction = (math.log10(value) - math.log10(self.low)) / (math.log10(self.high) - math.log10(self.low))
        else:
            fraction = (value - self.low) / (self.high - self.low)
        return max(0.0, fraction) * PLOT_HEIGHT


def render(reports, log, title):
    queries = sorted({q["query"] for r in reports for q in r["queries"]})
    times = {}
    for index, report in enumerate(reports):
        for q in report["queries"]:
            if q.get("median_ms") is not None and q["median_ms"] > 0:
                times[(index, q["query"])] = q["median_ms"]
    if not times:
        sys.exit("plot.py: no query times in the input")
    values = list(times.values())
    if log is None:
        log = max(values) / min(values) > 50
    scale = Scale(values, log)

    group = BAR_WIDTH * len(reports) + GROUP_GAP
    width = LEFT + group * len(queries) + RIGHT
    height = TOP + PLOT_HEIGHT + BOTTOM
    axis = TOP + PLOT_HEIGHT
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="14" font-weight="bold">%s</text>' % (LEFT, escape(title))]
    # grid and y axis
    for tick in scale.ticks:
        y = axis - scale.y(tick) if not (log and tick < scale.low) else axis
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (LEFT, width - RIGHT, y, y))
        out.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>' % (LEFT - 6, y, tick_text(tick)))
    out.append('<text transform="translate(16,%d) rotate(-90)" text-anchor="middle">median ms%s</text>' % (TOP + PLOT_HEIGHT // 2, " (log scale)" if log else ""))
    # bars
    for column, query in enumerate(queries):
        x0 = LEFT + column * group + GROUP_GAP / 2
        for index, report in enumerate(reports):
            x = x0 + index * BAR_WIDTH
            value = times.get((index, query))
            color = COLORS[index % len(COLORS)]
            if value is None:
                out.append('<text x="%.1f" y="%d" text-anchor="middle" fill="%s">x<title>%s: Q%d did not run</title></text>' % (x + BAR_WIDTH / 2, axis - 3, color, escape(series_label(report)), query))
                continue
            bar = scale.y(value)
            out.append('<rect x="%.1f" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s Q%d: %.2f ms</title></rect>' % (x, axis - bar, BAR_WIDTH - 1, bar, color, escape(series_label(report)), query, value))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">Q%d</text>' % (x0 + BAR_WIDTH * len(reports) / 2, axis + 16, query))
    out.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="black"/>' % (LEFT, width - RIGHT, axis, axis))
    # legend
    x = LEFT
    for index, report in enumerate(reports):
        label = series_label(report)
        out.append('<rect x="%d" y="32" width="10" height="10" fill="%s"/>' % (x, COLORS[index % len(COLORS)]))
        out.append('<text x="%d" y="41">%s</text>' % (x + 14, escape(label)))
        x += 24 + 7 * len(label)
    out.append('</svg>')
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Per-query bar chart (SVG) from kiln-bench tpch JSON files.")
    parser.add_argument("reports", nargs="+", metavar="RESULT.json")
    parser.add_argument("--out", default="tpch.svg")
    parser.add_argument("--title")
    axis = parser.add_mutually_exclusive_group()
    axis.add_argument("--log", dest="log", action="store_const", const=True)
    axis.add_argument("--linear", dest="log", action="store_const", const=False)
    args = parser.parse_args()
    reports = []
    for path in args.reports:
        with open(path) as f:
            reports.append(json.load(f))
    first = reports[0]
    title = args.title or "TPC-H SF %s on %s" % (first.get("sf_name", first.get("settings", {}).get("sf", "?")), first.get("machine", {}).get("cpu", "?"))
    with open(args.out, "w") as f:
        f.write(render(reports, args.log, title))
    print("wrote " + args.out)


if __name__ == "__main__":
    main()
