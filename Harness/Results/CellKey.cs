namespace EventCommitLab.Harness.Results;

/// <summary>
/// One cell of the grid: a load, a method, events per commit, concurrent committers and, for a contended cell, how many
/// aggregates the committers draw from. Its contenders are measured side by side.
/// </summary>
/// <param name="Aggregates">The aggregates (conditional commits: tags) the committers draw each command's from; null for one of its own per committer, which never conflicts.</param>
public sealed record CellKey(LoadKind Load, BenchmarkMethod Method, int NumberOfEvents, int ConcurrentBatches, int? Aggregates = null)
{
    public int EventsPerWave => NumberOfEvents * ConcurrentBatches;

    /// <summary>Committers share aggregates, so their commands can conflict.</summary>
    public bool Contended => Aggregates is not null;

    /// <summary>"100", or "100 on 10 aggregates" for a contended cell: the committers column of a table.</summary>
    public string Committers => Aggregates is { } aggregates
        ? string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{ConcurrentBatches} on {aggregates} aggregates")
        : ConcurrentBatches.ToString(System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>"10 x 100", or "10 x 100 on 10 aggregates" for a contended cell.</summary>
    public string Shape => Aggregates is { } aggregates
        ? string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{NumberOfEvents} x {ConcurrentBatches} on {aggregates} aggregates")
        : string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{NumberOfEvents} x {ConcurrentBatches}");

    public override string ToString() =>
        $"{Load.ToString().ToLowerInvariant()} {Method} {NumberOfEvents} events x {ConcurrentBatches} concurrent{(Aggregates is { } a ? $" on {a} aggregates" : "")}";
}
