using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// How often a contender's window falls far below its usual ratio, read from committed runs: what the race's cuts
/// (<see cref="StallRates"/>) claim as their sizes, measured again. A contender's usual ratio in a cell is the median,
/// over the runs that raced it there for at least <see cref="RaceSettings.FirstLook"/> rounds, of its race rounds' mean
/// log figure less the fastest strategy's; a window's deviation is its log figure over the fastest strategy's in the same
/// window, less that usual ratio. The sizes are Poisson 95% upper bounds on the frequencies. It also gathers the round
/// noise the race's simulation draws from: each long-raced contender's log figure round by round against the median of
/// the others raced as long beside it, less its own trimmed mean.
/// </summary>
/// <param name="Runs">The runs read, by folder name.</param>
/// <param name="QualifyingWindows">Qualifying windows with a usual ratio to compare with.</param>
/// <param name="QualifyingBelow">Of them, below <see cref="StallRates.OneWindowDepth"/> of the usual ratio.</param>
/// <param name="PairedWindows">Contenders with both a qualifying and a first race window to compare.</param>
/// <param name="PairedBelow">Of them, both windows below <see cref="StallRates.TwoWindowsDepth"/> of the usual ratio.</param>
/// <param name="QualifyingDeviations">Every qualifying window's deviation (log scale).</param>
/// <param name="RoundResiduals">The round noise, log scale.</param>
public sealed record StallSurvey(
    IReadOnlyList<string> Runs, int QualifyingWindows, int QualifyingBelow, int PairedWindows, int PairedBelow,
    IReadOnlyList<double> QualifyingDeviations, IReadOnlyList<double> RoundResiduals)
{
    /// <summary>The file the survey is written to, beside results/INDEX.md.</summary>
    public const string FileName = "STALLS.md";

    /// <summary>The most round residuals kept: every how-many-th one, in the order read, so a large history stays a small file.</summary>
    public const int MostResiduals = 40_000;

    private const int LongRace = 12;

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public double OneWindowBound => PoissonUpper(QualifyingBelow) / Math.Max(1, QualifyingWindows);

    public double TwoWindowsBound => PoissonUpper(PairedBelow) / Math.Max(1, PairedWindows);

    public static StallSurvey Of(IReadOnlyList<(string Name, RunRecord Record)> runs)
    {
        ArgumentNullException.ThrowIfNull(runs);
        var cells = runs.SelectMany(run => run.Record.Cases
                .Where(c => !c.IsCeiling && c.Failure is null && (run.Record.Strategies ?? []).FirstOrDefault(s => s.Strategy == c.Contender) is not { HandedWholeGroups: true } && c.Race?.RoundEventsPerSecond is not null)
                .GroupBy(c => c.Cell)
                .Select(g => (Run: run.Name, Source: run.Record.Environment.GitCommit ?? run.Name, Cell: g.Key, Cases: g.ToArray())))
            .ToArray();
        var usual = cells
            .SelectMany(cell => Means(cell.Cases) is { Count: > 0 } means ? means.Select(m => (Key: (cell.Source, cell.Cell, m.Key), Ratio: m.Value - means.Values.Max())) : [])
            .GroupBy(x => x.Key)
            .ToDictionary(g => g.Key, g => Median([.. g.Select(x => x.Ratio)]));

        var qualifying = new List<double>();
        var (pairs, pairedBelow) = (0, 0);
        foreach (var (_, source, cell, cases) in cells)
        {
            var qualifyingFastest = cases.Select(c => c.Race.QualifyingEventsPerSecond ?? 0).Max();
            var first = cases.Select(c => c.Race.RoundEventsPerSecond.FirstOrDefault()).ToArray();
            var firstFastest = first.Select(f => f ?? 0).Max();
            if (cases.Any(c => c.Race.QualifyingEventsPerSecond is not > 0) || qualifyingFastest <= 0)
            {
                continue;
            }

            for (var i = 0; i < cases.Length; i++)
            {
                if (!usual.TryGetValue((source, cell, cases[i].Contender), out var ratio))
                {
                    continue;
                }

                var inQualifying = Math.Log(cases[i].Race.QualifyingEventsPerSecond!.Value / qualifyingFastest) - ratio;
                qualifying.Add(inQualifying);
                if (first[i] is > 0 && first.Count(f => f is > 0) >= 2)
                {
                    pairs++;
                    var inFirst = Math.Log(first[i]!.Value / firstFastest) - ratio;
                    pairedBelow += Math.Max(inQualifying, inFirst) < Math.Log(StallRates.TwoWindowsDepth) ? 1 : 0;
                }
            }
        }

        var residuals = cells.SelectMany(c => Residuals(runs.First(r => r.Name == c.Run).Record.Cases.Where(x => x.Cell == c.Cell && x.Race?.RoundEventsPerSecond is not null).ToArray())).ToArray();
        var stride = Math.Max(1, (residuals.Length + MostResiduals - 1) / MostResiduals);
        return new StallSurvey(
            [.. runs.Select(r => r.Name)], qualifying.Count, qualifying.Count(d => d < Math.Log(StallRates.OneWindowDepth)), pairs, pairedBelow,
            qualifying, [.. residuals.Where((_, i) => i % stride == 0)]);
    }

    /// <summary>results/STALLS.md: the counts, the bounds, and whether the race's sizes still hold them.</summary>
    public string Write()
    {
        var md = new StringBuilder();
        md.AppendLine("# How often a window stalls: the sizes of the race's cuts").AppendLine();
        md.AppendLine("Generated by `dotnet run -c Release --project Harness -- stalls` from every committed run's `results.json`; not edited by hand. " +
            "How it is measured and what the cuts do with it: [docs/method.md](../docs/method.md#the-cuts).").AppendLine();
        var table = new MarkdownTable().Left("Cut").Right("Windows compared", "Below the depth", "Frequency", "95% upper bound", "The race's size").Left("Holds");
        table.Row(
            $"qualifying window below 1/{1 / StallRates.OneWindowDepth:0} of its usual ratio", $"{QualifyingWindows:N0}", $"{QualifyingBelow:N0}",
            $"{(double)QualifyingBelow / Math.Max(1, QualifyingWindows):0.#####}", $"{OneWindowBound:0.#####}", $"{StallRates.OneWindow:0.#####}",
            $"{(OneWindowBound <= StallRates.OneWindow ? "yes" : "**no: the race's size is below the bound**")}");
        table.Row(
            $"qualifying and first race windows both below 1/{1 / StallRates.TwoWindowsDepth:0}", $"{PairedWindows:N0}", $"{PairedBelow:N0}",
            $"{(double)PairedBelow / Math.Max(1, PairedWindows):0.#####}", $"{TwoWindowsBound:0.#####}", $"{StallRates.TwoWindows:0.#####}",
            $"{(TwoWindowsBound <= StallRates.TwoWindows ? "yes" : "**no: the race's size is below the bound**")}");
        table.WriteTo(md).AppendLine();
        md.AppendLine(Invariant, $"Round noise gathered for the race's simulation: {RoundResiduals.Count:N0} rounds (log scale), of which below ln(1/2): {RoundResiduals.Count(r => r < Math.Log(0.5)):N0}, below ln(1/3): {RoundResiduals.Count(r => r < Math.Log(1.0 / 3)):N0}.").AppendLine();
        md.AppendLine(Invariant, $"Runs read ({Runs.Count}): {string.Join(", ", Runs)}.");
        return md.ToString();
    }

    /// <summary>The simulation's noise file: the qualifying deviations and the round residuals, one per line under their headers.</summary>
    public string WriteNoise()
    {
        var text = new StringBuilder();
        text.AppendLine(Invariant, $"# Written by `-- stalls --noise` from {Runs.Count} committed runs: log-scale deviations, one per line.");
        text.AppendLine("[qualifying]");
        foreach (var d in QualifyingDeviations)
        {
            text.AppendLine(d.ToString("0.####", Invariant));
        }

        text.AppendLine("[rounds]");
        foreach (var r in RoundResiduals)
        {
            text.AppendLine(r.ToString("0.####", Invariant));
        }

        return text.ToString();
    }

    /// <summary>Each strategy's race rounds' mean log figure, where it raced at least to the first look.</summary>
    private static Dictionary<string, double> Means(IEnumerable<CaseResult> cases) =>
        cases.Select(c => (c.Contender, Logs: c.Race.RoundEventsPerSecond.Where(r => r is > 0).Select(r => Math.Log(r!.Value)).ToArray()))
            .Where(c => c.Logs.Length >= RaceSettings.FirstLook)
            .ToDictionary(c => c.Contender, c => c.Logs.Average(), StringComparer.Ordinal);

    /// <summary>Every long-raced contender's rounds against the median of the others raced as long beside it, less its own trimmed mean.</summary>
    private static IEnumerable<double> Residuals(IReadOnlyList<CaseResult> cell)
    {
        var raced = cell.Where(c => c.Failure is null && c.Race.RoundEventsPerSecond.Count(r => r is > 0) >= LongRace).ToArray();
        if (raced.Length < 3)
        {
            yield break;
        }

        foreach (var contender in raced)
        {
            var against = new List<double>();
            for (var round = 0; round < contender.Race.RoundEventsPerSecond.Count; round++)
            {
                var others = raced.Where(o => o != contender && round < o.Race.RoundEventsPerSecond.Count && o.Race.RoundEventsPerSecond[round] is > 0)
                    .Select(o => Math.Log(o.Race.RoundEventsPerSecond[round]!.Value)).ToArray();
                if (contender.Race.RoundEventsPerSecond[round] is > 0 and var mine && others.Length >= 2)
                {
                    against.Add(Math.Log(mine) - Median(others));
                }
            }

            if (against.Count < LongRace)
            {
                continue;
            }

            var center = LogStatistics.MeanAndError(against).Mean;
            foreach (var value in against)
            {
                yield return value - center;
            }
        }
    }

    private static double Median(IReadOnlyList<double> values)
    {
        var sorted = values.Order().ToArray();
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }

    /// <summary>The 95% upper bound on a Poisson mean from <paramref name="events"/> seen (half the chi-squared quantile on 2(x + 1) degrees of freedom).</summary>
    private static double PoissonUpper(int events) => events switch
    {
        0 => 2.996,
        1 => 4.744,
        2 => 6.296,
        3 => 7.754,
        4 => 9.154,
        5 => 10.513,
        // Wilson and Hilferty's approximation of the chi-squared quantile.
        _ => (events + 1) * Math.Pow(1 - (1.0 / (9 * (events + 1))) + (1.645 / (3 * Math.Sqrt(events + 1))), 3),
    };
}
