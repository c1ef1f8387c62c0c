using System.Text.Json.Serialization;
using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Harness.Tags;

/// <summary>The tags suite's sizes: the original's 3 000 000-event log and 10 to 10 000 tagged events by default.</summary>
/// <param name="Events">Events in each log.</param>
/// <param name="TaggedAtEnd">How many events at the log's end carry each queried tag.</param>
/// <param name="Rounds">The most race rounds per tag: each round queries every storage still racing once, in a shuffled rotated order (the record keeps it as <c>iterations</c>, the name runs made before gave it, so that every committed run still reads).</param>
/// <param name="Warmups">Unmeasured queries of every storage before the race rounds; the last of them is the race's qualifying round (there is always one).</param>
public sealed record TagsSuiteSettings(long Events, IReadOnlyList<int> TaggedAtEnd, [property: JsonPropertyName("iterations")] int Rounds, int Warmups)
{
    public static TagsSuiteSettings Full { get; } = new(3_000_000, [10, 100, 1_000, 10_000], 24, 1);

    public static TagsSuiteSettings Quick { get; } = new(20_000, [10, 100], 3, 1);

    /// <summary>How each query's race decides.</summary>
    [JsonIgnore]
    public RaceSettings Race => RaceSettings.ForSuite(Rounds);
}
