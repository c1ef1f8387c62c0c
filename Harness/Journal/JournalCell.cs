using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Journal;

/// <summary>One contender's figures for one workload.</summary>
/// <param name="Samples">msg/s of each race round it completed, in order.</param>
/// <param name="Kept">The samples left after the outlier rule (<see cref="JournalStatistics.WithoutOutliers"/>).</param>
/// <param name="MessagesPerSecond">The median of the kept samples with its 95% interval; null when no iteration completed.</param>
/// <param name="Failure">Why it left the workload early (timed out, an exception), or null.</param>
/// <param name="Broken">What reading its streams back found wrong; empty when every stream was exactly its events, in order.</param>
/// <param name="StreamsChecked">How many streams were read back.</param>
/// <param name="Exit">When and why it left the workload's race before the end; null when it raced to the end (and in runs from before the race).</param>
public sealed record JournalCell(
    string Workload, string Contender, IReadOnlyList<double> Samples, IReadOnlyList<double> Kept, Interval? MessagesPerSecond, string? Failure,
    IReadOnlyList<string> Broken, int StreamsChecked, RaceExit? Exit = null);
