using System.Globalization;
using EventCommitLab.Engine.Results;
using ScottPlot;

namespace EventCommitLab.Reporting;

/// <summary>
/// The run's charts, drawn with ScottPlot and written as SVG: events/s against concurrency per load, method
/// and commit size, one series per contender with its interval as error bars and the ceiling in black; for sustained
/// load also p99 commit latency against events/s. Both axes are log10 scales, labelled in real units.
/// </summary>
public static class ChartWriter
{
    private const int Width = 900;
    private const int Height = 560;

    /// <summary>A chart: its file name without extension, and the plot.</summary>
    public sealed record Chart(string Name, Plot Plot);

    /// <summary>A curve of a suite's chart: its points, each x with its y as a median and interval.</summary>
    public sealed record Series(string Label, IReadOnlyList<(double X, Interval Y)> Points);

    public static IReadOnlyList<string> WriteAll(RunRecord record, string folder)
    {
        ArgumentNullException.ThrowIfNull(record);
        return Save(Charts(record), folder);
    }

    /// <summary>
    /// Writes each chart as SVG into <paramref name="folder"/>; returns the files. One format only: SVG is text (a run's
    /// charts diff and compress in the repository), scales without blur, and renders wherever the markdown does.
    /// </summary>
    public static IReadOnlyList<string> Save(IEnumerable<Chart> charts, string folder)
    {
        ArgumentNullException.ThrowIfNull(charts);
        var written = new List<string>();
        foreach (var chart in charts)
        {
            using (chart.Plot)
            {
                var svg = Path.Combine(folder, chart.Name + ".svg");
                chart.Plot.SaveSvg(svg, Width, Height);
                written.Add(svg);
            }
        }

        return written;
    }

    /// <summary>A suite's chart: one line per series with its intervals as error bars, both axes log10, labelled in real units.</summary>
    public static Plot Curves(string title, string xLabel, string yLabel, IReadOnlyList<Series> series)
    {
        ArgumentNullException.ThrowIfNull(series);
        var plot = new Plot();
        var palette = new ScottPlot.Palettes.Category10();
        for (var index = 0; index < series.Count; index++)
        {
            var points = series[index].Points.Where(p => p.Y.Estimate > 0).OrderBy(p => p.X).ToArray();
            var color = palette.GetColor(index);
            var xs = points.Select(p => Math.Log10(p.X)).ToArray();
            var ys = points.Select(p => Math.Log10(p.Y.Estimate)).ToArray();
            var scatter = plot.Add.Scatter(xs, ys, color);
            scatter.LegendText = series[index].Label + (points.Length == 0 ? " (no result)" : "");
            scatter.LineWidth = 2;
            scatter.MarkerSize = 7;
            var below = points.Select((p, i) => p.Y.Lower is { } low and > 0 ? ys[i] - Math.Log10(low) : 0).ToArray();
            var above = points.Select((p, i) => p.Y.Upper is { } high and > 0 ? Math.Log10(high) - ys[i] : 0).ToArray();
            plot.Add.Plottable(new ScottPlot.Plottables.ErrorBar(xs, ys, null, null, below, above) { Color = color, LineWidth = 1.5f });
        }

        var all = series.SelectMany(s => s.Points).ToArray();
        Decorate(plot, title, xLabel, yLabel, all.Select(p => p.X),
            all.SelectMany(p => new[] { p.Y.Estimate, p.Y.Lower ?? p.Y.Estimate, p.Y.Upper ?? p.Y.Estimate }));
        return plot;
    }

    public static IEnumerable<Chart> Charts(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        // Curves over committers with one aggregate each; a contended row is another load, read in the verdict's contention view.
        // Over several durabilities, each has its own curves.
        foreach (var group in record.Cases.Where(c => c.Cell.Aggregates is null).GroupBy(c => (c.Cell.Load, c.Cell.Method, c.Cell.NumberOfEvents, c.Cell.Durability)).OrderBy(g => g.Key))
        {
            var (load, method, events, durability) = group.Key;
            var (suffix, titled) = durability is null ? ("", "") : ($"-{durability}", $", {durability}");
            var title = $"{load} load, {method}, {events} event{(events == 1 ? "" : "s")} per commit{titled}";
            var chosen = (record.Verdicts ?? []).Where(v => v.Load == load && v.Method == method && v.NumberOfEvents == events && v.Durability == durability && v.Aggregates is null)
                .Select(v => v.Profiles.FirstOrDefault()).Where(p => p is { Kind: not Engine.Racing.VerdictKind.Undecided }).Select(p => p!.Recommended).ToHashSet(StringComparer.Ordinal);
            yield return new Chart(ThroughputName(load, method, events, durability), Throughput(title, group.ToArray(), chosen));
            if (load == LoadKind.Sustained)
            {
                yield return new Chart($"p99-latency-vs-throughput-{method}-{events}{suffix}", LatencyAgainstThroughput($"Sustained load, {method}, {events} event{(events == 1 ? "" : "s")} per commit{titled}: p99 latency against events/s", group.ToArray()));
            }
        }
    }

    /// <summary>The file name (without extension) of the events/s chart of a load, method and commit size (and durability, over several).</summary>
    public static string ThroughputName(LoadKind load, BenchmarkMethod method, int events, string? durability) =>
        $"events-per-second-{load.ToString().ToLowerInvariant()}-{method}-{events}{(durability is null ? "" : $"-{durability}")}";

    /// <summary>The ceiling's raw writers told apart by shade and marker (Skia's SVG canvas cannot write dash patterns).</summary>
    private static readonly (Color Color, MarkerShape Marker)[] CeilingLooks =
        [(Colors.Black, MarkerShape.FilledSquare), (Colors.DimGray, MarkerShape.FilledTriangleUp), (Colors.Gray, MarkerShape.FilledDiamond)];

    private static Plot Throughput(string title, IReadOnlyList<CaseResult> cases, IReadOnlySet<string> chosen)
    {
        var plot = new Plot();
        var palette = new ScottPlot.Palettes.Category10();
        var (index, ceilings) = (0, 0);
        foreach (var contender in cases.GroupBy(c => c.Contender).OrderBy(g => g.First().IsCeiling ? 1 : 0))
        {
            var points = contender.Where(c => c.Race.EventsPerSecond is { Estimate: > 0 }).OrderBy(c => c.Cell.Committers).ToArray();
            var ceiling = contender.First().IsCeiling;
            // Category10's grey (its eighth colour) is left to the ceiling's writers.
            var look = ceiling ? CeilingLooks[ceilings++ % CeilingLooks.Length] : (palette.GetColor(index == 7 ? ++index : index), MarkerShape.FilledCircle);
            index += ceiling ? 0 : 1;
            var color = look.Item1;
            var xs = points.Select(c => Math.Log10(c.Cell.Committers)).ToArray();
            var ys = points.Select(c => Math.Log10(c.Race.EventsPerSecond!.Estimate)).ToArray();
            var scatter = plot.Add.Scatter(xs, ys, color);
            scatter.LegendText = contender.Key + (ceiling ? " (raw ceiling)" : "") + (chosen.Contains(contender.Key) ? " (chosen)" : "") + (points.Length == 0 ? " (no result)" : "");
            scatter.LineWidth = chosen.Contains(contender.Key) ? 4 : 2;
            scatter.MarkerSize = chosen.Contains(contender.Key) ? 10 : 7;
            scatter.MarkerShape = look.Item2;

            var below = points.Select((c, i) => c.Race.EventsPerSecond!.Lower is { } low and > 0 ? ys[i] - Math.Log10(low) : 0).ToArray();
            var above = points.Select((c, i) => c.Race.EventsPerSecond!.Upper is { } high and > 0 ? Math.Log10(high) - ys[i] : 0).ToArray();
            var bars = new ScottPlot.Plottables.ErrorBar(xs, ys, null, null, below, above) { Color = color, LineWidth = 1.5f };
            plot.Add.Plottable(bars);
        }

        Decorate(plot, title, "committers (log scale)", "events/s (median, 95% interval)", cases.Select(c => (double)c.Cell.Committers),
            cases.Select(c => c.Race.EventsPerSecond).OfType<Interval>().SelectMany(i => new[] { i.Estimate, i.Lower ?? i.Estimate, i.Upper ?? i.Estimate }));
        return plot;
    }

    private static Plot LatencyAgainstThroughput(string title, IReadOnlyList<CaseResult> cases)
    {
        var plot = new Plot();
        var palette = new ScottPlot.Palettes.Category10();
        var index = 0;
        var xsAll = new List<double>();
        var ysAll = new List<double>();
        foreach (var contender in cases.GroupBy(c => c.Contender).OrderBy(g => g.First().IsCeiling ? 1 : 0))
        {
            var points = contender.Where(c => c.Race.EventsPerSecond is { Estimate: > 0 } && (c.Writes.CommitLatency ?? c.Writes.GroupLatency) is { P99Ms: > 0 })
                .OrderBy(c => c.Cell.Committers).ToArray();
            var color = contender.First().IsCeiling ? Colors.Black : palette.GetColor(index++);
            var xs = points.Select(c => c.Race.EventsPerSecond!.Estimate).ToArray();
            var ys = points.Select(c => (c.Writes.CommitLatency ?? c.Writes.GroupLatency)!.P99Ms).ToArray();
            xsAll.AddRange(xs);
            ysAll.AddRange(ys);
            var scatter = plot.Add.Scatter(xs.Select(Math.Log10).ToArray(), ys.Select(Math.Log10).ToArray(), color);
            scatter.LegendText = contender.Key + (contender.Any(c => c.Writes.CommitLatency is null && c.Writes.GroupLatency is not null) ? " (group time)" : "") + (points.Length == 0 ? " (no result)" : "");
            scatter.LineWidth = 2;
            scatter.MarkerSize = 7;
            if (contender.First().IsCeiling)
            {
                // Told apart by black and square markers, not a dash pattern: Skia's SVG canvas cannot write path effects.
                scatter.MarkerShape = MarkerShape.FilledSquare;
                scatter.LineWidth = 3;
            }
        }

        Decorate(plot, title, "events/s (median; points at 1, 10, 100 ... committers)", "p99 latency (ms)", xsAll, ysAll);
        return plot;
    }

    /// <summary>Title, labels, legend, and decade ticks on both log10 axes, labelled in real units.</summary>
    private static void Decorate(Plot plot, string title, string xLabel, string yLabel, IEnumerable<double> xValues, IEnumerable<double> yValues)
    {
        plot.Title(title);
        plot.XLabel(xLabel);
        plot.YLabel(yLabel);
        plot.ShowLegend(Edge.Right);
        // Shown at half the page's width, the labels need to start large to be read.
        plot.Legend.FontSize = 18;
        plot.Axes.Title.Label.FontSize = 20;
        foreach (var axis in new IAxis[] { plot.Axes.Bottom, plot.Axes.Left })
        {
            axis.Label.FontSize = 18;
            axis.TickLabelStyle.FontSize = 16;
        }

        plot.Axes.Bottom.TickGenerator = DecadeTicks(xValues);
        plot.Axes.Left.TickGenerator = DecadeTicks(yValues);
    }

    private static ScottPlot.TickGenerators.NumericManual DecadeTicks(IEnumerable<double> values)
    {
        var positive = values.Where(v => v > 0).ToArray();
        var low = positive.Length == 0 ? 0 : (int)Math.Floor(Math.Log10(positive.Min()));
        var high = positive.Length == 0 ? 1 : (int)Math.Ceiling(Math.Log10(positive.Max()));
        var ticks = new ScottPlot.TickGenerators.NumericManual();
        for (var decade = low; decade <= Math.Max(high, low + 1); decade++)
        {
            ticks.AddMajor(decade, Short(Math.Pow(10, decade)));
            for (var m = 2; m < 10; m++)
            {
                // 2 and 5 labelled between the powers of ten, so a ratio of a few tens of per cent can be read off.
                if (m is 2 or 5 && decade < Math.Max(high, low + 1))
                {
                    ticks.AddMajor(decade + Math.Log10(m), Short(m * Math.Pow(10, decade)));
                }
                else
                {
                    ticks.AddMinor(decade + Math.Log10(m));
                }
            }
        }

        return ticks;
    }

    private static string Short(double value) => value switch
    {
        >= 1e6 => string.Create(CultureInfo.InvariantCulture, $"{value / 1e6:0.#}M"),
        >= 1e3 => string.Create(CultureInfo.InvariantCulture, $"{value / 1e3:0.#}k"),
        _ => value.ToString("0.###", CultureInfo.InvariantCulture),
    };
}
