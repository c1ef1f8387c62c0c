namespace EventCommitLab.Harness.Sweep;

/// <summary>The sweep's cell and objective.</summary>
/// <param name="SloMs">The p99 commit latency the capacity is read at.</param>
/// <param name="WindowSeconds">Each measured window.</param>
/// <param name="Windows">Windows per open-loop step, taken in turn with the other strategies; the step's latency pools their commits.</param>
public sealed record SweepSettings(Engine.Results.BenchmarkMethod Method, int NumberOfEvents, int Committers, double SloMs, double WindowSeconds, int Windows = 3)
{
    public static SweepSettings Default { get; } = new(Engine.Results.BenchmarkMethod.CommitEvents, 1, 100, 10, 1);
}
