using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// <see cref="CellCostModel"/>'s constants refitted to recorded cells: each part (the starts, qualifying round and checks;
/// the rounds to the first look) by least squares with no constant below zero, over the model's own terms, against
/// what each cell's parts took (<see cref="CellTime"/>). What the model's constants were fitted by, so a refit is one
/// command (<c>plan-fit</c>), not a script.
/// </summary>
/// <param name="Cells">The cells fitted: those with their time recorded, the rounds to the first look among them.</param>
/// <param name="StartsAndChecks">One constant per term of <see cref="CellCostModel.StartsAndChecksTerms"/>.</param>
/// <param name="FirstLook">One constant per term of <see cref="CellCostModel.FirstLookTerms"/>.</param>
/// <param name="StartsAndChecksError">The fit's root mean square error over the cells (s).</param>
/// <param name="FirstLookError">The same for the rounds to the first look (s).</param>
public sealed record CellCostFit(int Cells, IReadOnlyList<double> StartsAndChecks, IReadOnlyList<double> FirstLook, double StartsAndChecksError, double FirstLookError)
{
    /// <summary>The fit over every cell of <paramref name="records"/> that kept its time and the rounds to its first look.</summary>
    public static CellCostFit Of(IReadOnlyList<RunRecord> records)
    {
        ArgumentNullException.ThrowIfNull(records);
        var cells = records.SelectMany(r => (r.Verdicts ?? []).Where(v => v.Time is { FirstLookSeconds: not null })
            .Select(v => (Verdict: v, Contenders: r.Cases.Count(c => c.Cell == v.Cell), r.Environment.Measurement))).ToArray();
        if (cells.Length == 0)
        {
            throw new ArgumentException("None of the runs kept where its cells' time went (runs made before it was kept); nothing to fit.", nameof(records));
        }

        var startsRows = cells.Select(c => CellCostModel.StartsAndChecksTerms(c.Verdict.Cell, c.Contenders)).ToArray();
        var startsTargets = cells.Select(c => c.Verdict.Time!.StartsSeconds + c.Verdict.Time.QualifyingSeconds + c.Verdict.Time.ChecksSeconds).ToArray();
        var lookRows = cells.Select(c => CellCostModel.FirstLookTerms(c.Verdict.Cell, c.Contenders, c.Measurement)).ToArray();
        var lookTargets = cells.Select(c => c.Verdict.Time!.FirstLookSeconds!.Value).ToArray();
        var starts = NonNegativeLeastSquares.Solve(startsRows, startsTargets);
        var look = NonNegativeLeastSquares.Solve(lookRows, lookTargets);
        return new CellCostFit(cells.Length, starts, look, Error(startsRows, startsTargets, starts), Error(lookRows, lookTargets, look));
    }

    private static double Error(double[][] rows, double[] targets, double[] constants) =>
        Math.Sqrt(rows.Select((r, i) => Math.Pow(r.Zip(constants, (t, c) => t * c).Sum() - targets[i], 2)).Average());
}
