using System.Globalization;
using System.Security;
using System.Text;

namespace EventCommitLab.Harness.Reporting;

/// <summary>
/// Draws the run's charts as SVG by hand (no plotting package restores here): events/s against ConcurrentBatches,
/// one line per strategy plus the ceiling (dashed), one chart per method x NumberOfEvents, both axes logarithmic.
/// </summary>
public static class SvgChartWriter
{
    private const int Width = 780, Height = 460, Left = 90, Right = 230, Top = 56, Bottom = 64;
    private static readonly string[] Palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22"];
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>A line: its name, whether it is the ceiling, and its (ConcurrentBatches, events/s) points.</summary>
    public sealed record Series(string Name, bool IsCeiling, IReadOnlyList<(double X, double Y)> Points);

    public static IEnumerable<(string FileName, string Svg)> Charts(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        foreach (var chart in record.Cases.GroupBy(c => (c.Method, c.NumberOfEvents)).OrderBy(g => g.Key.Method).ThenBy(g => g.Key.NumberOfEvents))
        {
            var series = chart.GroupBy(c => c.Contender)
                .OrderBy(g => g.First().IsCeiling ? 1 : 0)
                .Select(g => new Series(g.Key, g.First().IsCeiling, [.. g.Where(c => c.EventsPerSecond is > 0).OrderBy(c => c.ConcurrentBatches).Select(c => ((double)c.ConcurrentBatches, c.EventsPerSecond!.Value))]))
                .ToArray();
            var title = $"{chart.Key.Method}, {chart.Key.NumberOfEvents} event{(chart.Key.NumberOfEvents == 1 ? "" : "s")} per commit";
            yield return ($"events-per-second-{chart.Key.Method}-{chart.Key.NumberOfEvents}.svg", Chart(title, series));
        }
    }

    public static string Chart(string title, IReadOnlyList<Series> series)
    {
        ArgumentNullException.ThrowIfNull(series);
        var points = series.SelectMany(s => s.Points).ToArray();
        var (xMin, xMax) = points.Length == 0 ? (1d, 10d) : (points.Min(p => p.X), points.Max(p => p.X));
        if (xMin == xMax)
        {
            (xMin, xMax) = (xMin / 2, xMax * 2);
        }

        var yMin = points.Length == 0 ? 1 : Math.Pow(10, Math.Floor(Math.Log10(points.Min(p => p.Y))));
        var yMax = points.Length == 0 ? 10 : Math.Pow(10, Math.Ceiling(Math.Log10(points.Max(p => p.Y))));
        if (yMin == yMax)
        {
            yMax *= 10;
        }

        double X(double x) => Left + ((Math.Log10(x) - Math.Log10(xMin)) / (Math.Log10(xMax) - Math.Log10(xMin)) * (Width - Left - Right));
        double Y(double y) => Height - Bottom - ((Math.Log10(y) - Math.Log10(yMin)) / (Math.Log10(yMax) - Math.Log10(yMin)) * (Height - Top - Bottom));

        var svg = new StringBuilder();
        svg.AppendLine("""<?xml version="1.0" encoding="UTF-8"?>""");
        svg.AppendLine(Invariant, $"""<svg xmlns="http://www.w3.org/2000/svg" width="{Width}" height="{Height}" viewBox="0 0 {Width} {Height}" font-family="sans-serif" font-size="12">""");
        svg.AppendLine(Invariant, $"""  <rect width="{Width}" height="{Height}" fill="white"/>""");
        svg.AppendLine(Invariant, $"""  <text x="{Width / 2}" y="28" text-anchor="middle" font-size="16" font-weight="bold">{Text(title)}</text>""");

        for (var decade = yMin; decade <= yMax * 1.0001; decade *= 10)
        {
            svg.AppendLine(Invariant, $"""  <line x1="{Left}" x2="{Width - Right}" y1="{Y(decade):0.#}" y2="{Y(decade):0.#}" stroke="#ddd"/>""");
            svg.AppendLine(Invariant, $"""  <text x="{Left - 8}" y="{Y(decade) + 4:0.#}" text-anchor="end">{Text(Short(decade))}</text>""");
        }

        foreach (var x in points.Select(p => p.X).Distinct().Order())
        {
            svg.AppendLine(Invariant, $"""  <line x1="{X(x):0.#}" x2="{X(x):0.#}" y1="{Top}" y2="{Height - Bottom}" stroke="#eee"/>""");
            svg.AppendLine(Invariant, $"""  <text x="{X(x):0.#}" y="{Height - Bottom + 18}" text-anchor="middle">{x.ToString(Invariant)}</text>""");
        }

        svg.AppendLine(Invariant, $"""  <rect x="{Left}" y="{Top}" width="{Width - Left - Right}" height="{Height - Top - Bottom}" fill="none" stroke="#333"/>""");
        svg.AppendLine(Invariant, $"""  <text x="{(Left + Width - Right) / 2}" y="{Height - 18}" text-anchor="middle">ConcurrentBatches (commits per wave, log scale)</text>""");
        svg.AppendLine(Invariant, $"""  <text transform="translate(22 {(Top + Height - Bottom) / 2}) rotate(-90)" text-anchor="middle">events/s (log scale)</text>""");

        for (var i = 0; i < series.Count; i++)
        {
            var s = series[i];
            var color = s.IsCeiling ? "#000" : Palette[i % Palette.Length];
            var dash = s.IsCeiling ? """ stroke-dasharray="6 4" """ : " ";
            svg.AppendLine(Invariant, $"""  <g class="series" data-name="{Text(s.Name)}">""");
            if (s.Points.Count > 1)
            {
                var path = string.Join(" ", s.Points.Select(p => string.Create(Invariant, $"{X(p.X):0.#},{Y(p.Y):0.#}")));
                svg.AppendLine(Invariant, $"""    <polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"{dash.TrimEnd()}/>""");
            }

            foreach (var p in s.Points)
            {
                svg.AppendLine(Invariant, $"""    <circle cx="{X(p.X):0.#}" cy="{Y(p.Y):0.#}" r="3.5" fill="{color}"><title>{Text(s.Name)}: {p.Y:N0} events/s at {p.X} concurrent</title></circle>""");
            }

            var legendY = Top + 8 + (i * 20);
            svg.AppendLine(Invariant, $"""    <line x1="{Width - Right + 16}" x2="{Width - Right + 40}" y1="{legendY}" y2="{legendY}" stroke="{color}" stroke-width="3"{dash.TrimEnd()}/>""");
            svg.AppendLine(Invariant, $"""    <text x="{Width - Right + 46}" y="{legendY + 4}">{Text(s.Name + (s.IsCeiling ? " (raw ceiling)" : "") + (s.Points.Count == 0 ? " (no result)" : ""))}</text>""");
            svg.AppendLine("  </g>");
        }

        svg.AppendLine("</svg>");
        return svg.ToString();
    }

    private static string Short(double value) => value switch
    {
        >= 1e9 => string.Create(Invariant, $"{value / 1e9:0.#}G"),
        >= 1e6 => string.Create(Invariant, $"{value / 1e6:0.#}M"),
        >= 1e3 => string.Create(Invariant, $"{value / 1e3:0.#}k"),
        _ => value.ToString("0.###", Invariant),
    };

    private static string Text(string text) => SecurityElement.Escape(text) ?? "";
}
