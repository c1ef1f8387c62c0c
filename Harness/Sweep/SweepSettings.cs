namespace EventCommitLab.Harness.Sweep;

/// <summary>The sweep's cell and objective.</summary>
/// <param name="SloMs">The p99 commit latency the capacity is read at.</param>
/// <param name="WindowSeconds">Each step's measured window.</param>
public sealed record SweepSettings(Results.BenchmarkMethod Method, int NumberOfEvents, int Committers, double SloMs, double WindowSeconds)
{
    public static SweepSettings Default { get; } = new(Results.BenchmarkMethod.CommitEvents, 1, 100, 10, 1);
}
