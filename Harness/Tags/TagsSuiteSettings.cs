namespace EventCommitLab.Harness.Tags;

/// <summary>The tags suite's sizes: the original's 3 000 000-event log and 10 to 10 000 tagged events by default.</summary>
/// <param name="Events">Events in each log.</param>
/// <param name="TaggedAtEnd">How many events at the log's end carry each queried tag.</param>
/// <param name="Iterations">Measured queries per tag and storage, the storages interleaved.</param>
/// <param name="Warmups">Unmeasured queries before them.</param>
public sealed record TagsSuiteSettings(long Events, IReadOnlyList<int> TaggedAtEnd, int Iterations, int Warmups)
{
    public static TagsSuiteSettings Full { get; } = new(3_000_000, [10, 100, 1_000, 10_000], 10, 1);

    public static TagsSuiteSettings Quick { get; } = new(20_000, [10, 100], 3, 1);
}
