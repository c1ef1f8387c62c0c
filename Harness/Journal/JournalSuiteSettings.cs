using System.Text.Json.Serialization;
using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Harness.Journal;

/// <summary>The journal suite's sizes.</summary>
/// <param name="Messages">The original's eventsCount: events per iteration of Persist, PersistAll, PersistAsync, PersistAllAsync and of each recovered stream; the group workloads derive theirs from it as the original does.</param>
/// <param name="Rounds">
/// The most race rounds per workload: every contender still racing runs once per round, in a shuffled rotated order; a
/// contender leaves once separably slower than the leader, and the race ends once it has its verdict (the record keeps it as <c>iterations</c>, the name runs made before gave it, so
/// that every committed run still reads).
/// </param>
/// <param name="Warmups">Unmeasured iterations before the race rounds; the last of them is the race's qualifying round (there is always one).</param>
/// <param name="IterationLimit">Past this, a contender's iteration is stopped and the contender leaves the workload, reported as timed out.</param>
public sealed record JournalSuiteSettings(int Messages, [property: JsonPropertyName("iterations")] int Rounds, int Warmups, TimeSpan IterationLimit)
{
    public static JournalSuiteSettings Full { get; } = new(1_000, 12, 1, TimeSpan.FromSeconds(15));

    public static JournalSuiteSettings Quick { get; } = new(100, 2, 1, TimeSpan.FromSeconds(30));

    /// <summary>How each workload's race decides.</summary>
    [JsonIgnore]
    public RaceSettings Race => RaceSettings.ForSuite(Rounds);
}
