namespace EventCommitLab.Harness.Seed;

/// <summary>How BenchmarkDotNet runs the seed's cases: one wave per operation and per iteration (its Monitoring strategy).</summary>
/// <param name="Warmups">Unmeasured waves before a case's iterations.</param>
/// <param name="Iterations">Measured waves per case.</param>
public sealed record SeedSettings(int Warmups, int Iterations)
{
    public static SeedSettings Default { get; } = new(2, 10);
}
