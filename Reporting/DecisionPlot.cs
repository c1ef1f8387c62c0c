using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// A row's decision as a picture (a forest plot, SVG written by hand so every size is the page's): the choice at 1, every
/// other strategy of the row as its ratio to the choice with the interval its decision used, on a log axis, and the
/// margin drawn as a band, so the eye sees "within the margin" or "far behind". A strategy cut on one or two windows has
/// no interval and is drawn hollow. The row's first profile, every strategy, is drawn; each label says what else it keeps.
/// A section's rows share one picture, so the page carries one image per section rather than one per row.
/// </summary>
public static class DecisionPlot
{
    private const int Width = 720;
    private const int LabelWidth = 300;
    private const int Right = 40;
    private const int Top = 56;
    private const int Line = 22;
    private const int Axis = 40;
    private const int Gap = 12;
    private const double Low = 0.25;
    private const double High = 2;

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>
    /// The page's sections of pictures: per load, method and durability (contended rows apart), the rows with a verdict in
    /// the page's order, and the file (without extension) that draws them one under the other.
    /// </summary>
    public static IReadOnlyList<DecisionSection> Sections(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        return [.. (record.Verdicts ?? []).Where(v => v.Profiles.Count > 0)
            .GroupBy(v => (v.Load, v.Method, v.Durability, Contended: v.Aggregates is not null))
            .OrderBy(g => g.Key.Contended).ThenBy(g => g.Key.Load).ThenBy(g => g.Key.Method).ThenBy(g => VerdictWriter.DurabilityOrder(record, g.Key.Durability))
            .Select(g => new DecisionSection(
                $"{VerdictWriter.Load(g.Key.Load)} · {ReviewAnswer.Method(g.Key.Method)}{(g.Key.Contended ? ", contended" : "")}{(g.Key.Durability is { } d ? $" · {d}" : "")}",
                string.Create(Invariant,
                    $"decisions-{g.Key.Load.ToString().ToLowerInvariant()}-{g.Key.Method}{(g.Key.Contended ? "-contended" : "")}{(g.Key.Durability is { } durability ? $"-{durability}" : "")}"),
                [.. g.OrderBy(v => v.Committers).ThenBy(v => v.NumberOfEvents).ThenBy(v => v.Commands)]))];
    }

    /// <summary>Writes a picture per section into <paramref name="folder"/>; returns the files.</summary>
    public static IReadOnlyList<string> WriteAll(RunRecord record, string folder)
    {
        ArgumentNullException.ThrowIfNull(record);
        var written = new List<string>();
        foreach (var section in Sections(record))
        {
            var path = Path.Combine(folder, section.Name + ".svg");
            File.WriteAllText(path, Svg(record, section.Rows));
            written.Add(path);
        }

        return written;
    }

    /// <summary>The rows' plots one under the other, in one picture (one image on the page per section, not per row).</summary>
    public static string Svg(RunRecord record, IReadOnlyList<CellVerdict> rows)
    {
        ArgumentNullException.ThrowIfNull(record);
        ArgumentNullException.ThrowIfNull(rows);
        var panels = new StringBuilder();
        var height = 0;
        foreach (var row in rows.Where(r => r.Profiles.Count > 0))
        {
            panels.Append(Invariant, $"<g transform=\"translate(0 {height})\">\n");
            height += Panel(panels, record, row) + Gap;
            panels.Append("</g>\n");
        }

        height = Math.Max(height - Gap, 0);
        var svg = new StringBuilder();
        svg.Append(Invariant, $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{height}\" viewBox=\"0 0 {Width} {height}\" font-family=\"sans-serif\" font-size=\"13\">\n");
        svg.Append(Invariant, $"<rect width=\"{Width}\" height=\"{height}\" fill=\"white\"/>\n");
        svg.Append(panels).Append("</svg>\n");
        return svg.ToString();
    }

    /// <summary>Draws one row's plot at the origin; returns its height.</summary>
    private static int Panel(StringBuilder svg, RunRecord record, CellVerdict row)
    {
        var verdict = row.Profiles[0];
        var others = verdict.Standings.Where(s => s.Contender != verdict.Recommended)
            .OrderBy(s => s.Disqualified is null ? 0 : 1).ThenByDescending(s => s.Ratio?.Estimate ?? 0).ToArray();
        var height = Top + ((others.Length + 1) * Line) + Axis;
        var plotBottom = Top + ((others.Length + 1) * Line);
        svg.Append(Invariant, $"<line x1=\"0\" y1=\"0.5\" x2=\"{Width}\" y2=\"0.5\" stroke=\"#ccc\"/>\n");
        svg.Append(Invariant, $"<text x=\"8\" y=\"18\" font-size=\"14\" font-weight=\"bold\">{Escape(Title(row))}</text>\n");
        svg.Append(Invariant, $"<text x=\"8\" y=\"33\" fill=\"#444\">{Escape(Kind(record, verdict))}</text>\n");
        var margin = record.Environment.Measurement.Race?.Margin ?? RaceSettings.DefaultMargin;
        var (bandLow, bandHigh) = (X(1 - margin), X(1 / (1 - margin)));
        svg.Append(Invariant, $"<rect x=\"{bandLow:0.#}\" y=\"{Top - 4}\" width=\"{bandHigh - bandLow:0.#}\" height=\"{plotBottom - Top + 4}\" fill=\"#dfe9f7\"/>\n");
        svg.Append(Invariant, $"<text x=\"{(bandLow + bandHigh) / 2:0.#}\" y=\"{Top - 8}\" text-anchor=\"middle\" font-size=\"11\" fill=\"#36c\">±{margin:0%}</text>\n");
        foreach (var tick in new[] { 0.25, 0.5, 0.75, 1, 1.5, 2 })
        {
            var x = X(tick);
            svg.Append(Invariant, $"<line x1=\"{x:0.#}\" y1=\"{Top - 4}\" x2=\"{x:0.#}\" y2=\"{plotBottom}\" stroke=\"{(tick == 1 ? "#000" : "#bbb")}\" stroke-width=\"{(tick == 1 ? 1.5 : 0.7)}\"/>\n");
            svg.Append(Invariant, $"<text x=\"{x:0.#}\" y=\"{plotBottom + 16}\" text-anchor=\"middle\" font-size=\"11\">{tick:0.##}</text>\n");
        }

        svg.Append(Invariant, $"<text x=\"{(LabelWidth + Width - Right) / 2}\" y=\"{plotBottom + 32}\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\">events/s over the choice's, paired per round (band: ±{margin:0%}, the margin)</text>\n");
        Entry(svg, record, verdict.Recommended, 0, null, chosen: true);
        for (var i = 0; i < others.Length; i++)
        {
            Entry(svg, record, others[i].Contender, i + 1, others[i], chosen: false);
        }

        return height;
    }

    private static void Entry(StringBuilder svg, RunRecord record, string name, int index, ContenderStanding? standing, bool chosen)
    {
        var y = Top + (index * Line) + (Line / 2);
        var label = $"{name}{Keeps(record, name)}";
        svg.Append(Invariant, $"<text x=\"{LabelWidth - 8}\" y=\"{y + 4}\" text-anchor=\"end\"{(chosen ? " font-weight=\"bold\"" : "")}>{Escape(label)}</text>\n");
        if (chosen)
        {
            svg.Append(Invariant, $"<path d=\"M {X(1):0.#} {y - 7} l 7 7 l -7 7 l -7 -7 z\" fill=\"#000\"/>\n");
            return;
        }

        if (standing!.Disqualified is not null || standing.Ratio is not { } ratio)
        {
            svg.Append(Invariant, $"<text x=\"{LabelWidth + 4}\" y=\"{y + 4}\" fill=\"#888\">{Escape(standing.Disqualified is null ? "no paired round" : "disqualified")}</text>\n");
            return;
        }

        var color = standing.Decision switch
        {
            PairDecision.Equivalent => "#2a8a3a",
            PairDecision.Slower or PairDecision.Behind => "#666",
            _ => "#d07a00",
        };
        if (ratio.HasBounds)
        {
            var (from, to) = (X(ratio.Lower!.Value), X(ratio.Upper!.Value));
            svg.Append(Invariant, $"<line x1=\"{from:0.#}\" y1=\"{y}\" x2=\"{to:0.#}\" y2=\"{y}\" stroke=\"{color}\" stroke-width=\"2.5\"/>\n");
            svg.Append(Invariant, $"<circle cx=\"{X(ratio.Estimate):0.#}\" cy=\"{y}\" r=\"5\" fill=\"{color}\"/>\n");
        }
        else
        {
            svg.Append(Invariant, $"<circle cx=\"{X(ratio.Estimate):0.#}\" cy=\"{y}\" r=\"5\" fill=\"white\" stroke=\"{color}\" stroke-width=\"2\"/>\n");
        }

        if (ratio.Estimate < Low)
        {
            svg.Append(Invariant, $"<text x=\"{LabelWidth + 14}\" y=\"{y + 4}\" font-size=\"11\" fill=\"{color}\">{ratio.Estimate:0.00}</text>\n");
        }
    }

    /// <summary>The x of a ratio on the log axis, clipped to the plotted range.</summary>
    private static double X(double ratio)
    {
        var clipped = Math.Clamp(ratio, Low, High);
        return LabelWidth + ((Math.Log(clipped / Low) / Math.Log(High / Low)) * (Width - LabelWidth - Right));
    }

    private static string Title(CellVerdict row) =>
        $"{VerdictWriter.Load(row.Load)} · {ReviewAnswer.Method(row.Method)} · {row.Cell.Shape} (events x committers)";

    private static string Kind(RunRecord record, ProfileVerdict verdict) => verdict.Kind switch
    {
        VerdictKind.Winner => $"{verdict.Recommended} wins{VerdictRow.Errs(record, verdict)}",
        VerdictKind.Equivalent => $"equivalent set, {verdict.Recommended} chosen{VerdictRow.Errs(record, verdict)}",
        _ => $"undecided: {verdict.Leader} leads so far",
    };

    /// <summary>What a strategy keeps beyond unique numbers, as the review's constraints name it.</summary>
    private static string Keeps(RunRecord record, string name)
    {
        var claims = record.Strategies.FirstOrDefault(s => s.Strategy == name);
        return claims is null ? ""
            : claims.GapFreeSequence && claims.OrderedVisibility ? claims.SafeWithSeveralWriterProcesses ? " · gap-free" : " · gap-free, one writer"
            : claims.SafeWithSeveralWriterProcesses ? " · several writers"
            : " · one writer";
    }

    // Markup's own characters only: the page's other characters (·, ±, –) stay as they are in UTF-8.
    private static string Escape(string text) => text.Replace("&", "&amp;", StringComparison.Ordinal).Replace("<", "&lt;", StringComparison.Ordinal).Replace(">", "&gt;", StringComparison.Ordinal);
}
