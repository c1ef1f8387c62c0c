using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.SuitePorts.Tags;

namespace EventCommitLab.Harness.Tags;

/// <summary>One storage's figures for one query: the events carrying one tag, all at the log's end.</summary>
/// <param name="Milliseconds">Each measured query's time: one per race round it ran.</param>
/// <param name="Median">Their median with its 95% interval.</param>
/// <param name="AllocatedBytes">Bytes the process allocated per query (mean over the measured queries).</param>
/// <param name="Exact">True when every query returned exactly the tagged events, in log order.</param>
/// <param name="Exit">When and why it left the query's race before the end; null when it raced to the end (and in runs from before the race).</param>
public sealed record TagQueryResult(TagStorage Storage, int Tagged, IReadOnlyList<double> Milliseconds, Interval Median, double AllocatedBytes, bool Exact, RaceExit? Exit = null)
{
    public double Mean => Milliseconds.Average();
}
