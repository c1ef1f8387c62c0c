namespace EventCommitLab.Harness.Results;

/// <summary>One cell of the grid: a load, a method, events per commit and concurrent committers. Its contenders are measured side by side.</summary>
public sealed record CellKey(LoadKind Load, BenchmarkMethod Method, int NumberOfEvents, int ConcurrentBatches)
{
    public int EventsPerWave => NumberOfEvents * ConcurrentBatches;

    public override string ToString() => $"{Load.ToString().ToLowerInvariant()} {Method} {NumberOfEvents} events x {ConcurrentBatches} concurrent";
}
