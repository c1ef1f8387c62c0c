namespace EventCommitLab.Harness.Seed;

/// <summary>One benchmark case as BenchmarkDotNet measured it: one operation is one wave of ConcurrentBatches commits.</summary>
/// <param name="MeanMs">BenchmarkDotNet's mean time per wave; null when the case failed.</param>
/// <param name="LowerMs">The lower bound of BenchmarkDotNet's confidence interval of the mean.</param>
/// <param name="UpperMs">Its upper bound.</param>
/// <param name="ConfidenceLevel">The interval's level, as BenchmarkDotNet computed it (e.g. 0.999).</param>
/// <param name="Iterations">Measured iterations (waves) after BenchmarkDotNet's outlier removal.</param>
/// <param name="Check">What the verifier found in the case's log; null when the case never got that far.</param>
public sealed record SeedCase(
    string Strategy, string Method, int NumberOfEvents, int ConcurrentBatches, double? MeanMs, double? StandardDeviationMs, double? LowerMs, double? UpperMs,
    double? ConfidenceLevel, int Iterations, SeedCheck? Check)
{
    /// <summary>Events per second at the mean wave time.</summary>
    public double? EventsPerSecond => MeanMs is > 0 ? NumberOfEvents * ConcurrentBatches / (MeanMs.Value / 1000) : null;

    /// <summary>The row this case belongs to: method, events per commit, commits per wave.</summary>
    public (string Method, int NumberOfEvents, int ConcurrentBatches) Row => (Method, NumberOfEvents, ConcurrentBatches);

    /// <summary>Its interval lies wholly below <paramref name="other"/>'s: BenchmarkDotNet's figures separate the two.</summary>
    public bool SeparablyFasterThan(SeedCase other)
    {
        ArgumentNullException.ThrowIfNull(other);
        return UpperMs is { } upper && other.LowerMs is { } lower && upper < lower;
    }
}
