namespace EventCommitLab.Harness.Tags;

/// <summary>
/// The original tag benchmark's PostgreSQL 15 medians in ms (Akka.Persistence.Sql's docs/articles/benchmarks.md, August 29th
/// 2024, BenchmarkDotNet on a 12-core Ryzen 9 3900X, PostgreSQL in Docker), per number of tagged events. Quoted for shape only.
/// Its log differs from ours in one way that matters: only the queried events carry a tag, all the others none.
/// </summary>
public static class OriginalTagFigures
{
    public const string Source = "Akka.Persistence.Sql's tag benchmark on PostgreSQL 15 (docs/articles/benchmarks.md, August 29th 2024)";

    private static readonly Dictionary<int, (double Csv, double TagTable)> Medians = new()
    {
        [10] = (135.824, 2.477),
        [100] = (136.083, 3.526),
        [1_000] = (376.253, 16.269),
        [10_000] = (1_008.935, 153.688),
    };

    /// <summary>The original's medians (Csv mode, TagTable mode) for <paramref name="tagged"/> tagged events, or null where it measured no such count.</summary>
    public static (double Csv, double TagTable)? For(int tagged) => Medians.TryGetValue(tagged, out var medians) ? medians : null;
}
