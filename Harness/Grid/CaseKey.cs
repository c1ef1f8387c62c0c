using EventCommitLab.Harness.Cli;

namespace EventCommitLab.Harness.Grid;

/// <summary>One cell of the grid for one contender.</summary>
public sealed record CaseKey(BenchmarkMethod Method, string Contender, int NumberOfEvents, int ConcurrentBatches)
{
    public override string ToString() => $"{Method} {Contender} {NumberOfEvents} events x {ConcurrentBatches} concurrent";
}
