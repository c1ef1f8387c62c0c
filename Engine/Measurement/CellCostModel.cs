using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// What a cell's mandatory part (every contender's start, its qualifying round, the verifier reading back its log) is
/// predicted to take before it runs, from the cell's shape: a part per contender, parts that grow with its committers
/// (connections opened, the slow strategies' drains at many committers) and with its events per commit, and one that
/// grows with the events a window writes (which the verifier reads back), four times steeper under sustained load,
/// whose windows stay open until every committer was acknowledged several times. The constants were fitted by least
/// squares to the mandatory parts of a default run's 37 cells on our machines (each cell's progress line prints its
/// own); the plan scales them by what this run's cells take.
/// </summary>
internal static class CellCostModel
{
    private static readonly TimeSpan PerContender = TimeSpan.FromSeconds(0.23);

    private static readonly TimeSpan PerContenderAndCommitter = TimeSpan.FromSeconds(0.0057);

    private static readonly TimeSpan PerContenderAndEvent = TimeSpan.FromSeconds(0.0035);

    private static readonly TimeSpan PerContenderAndEventOfAWave = TimeSpan.FromSeconds(0.00006);

    private static readonly TimeSpan PerContenderAndEventOfASustainedWindow = TimeSpan.FromSeconds(0.0004);

    /// <summary>What checking a log costs besides reading it: the count, the log's disposal.</summary>
    private static readonly TimeSpan PerCheck = TimeSpan.FromSeconds(0.03);

    /// <summary>What the verifier takes per event it reads back and checks, as measured on our machines.</summary>
    private static readonly TimeSpan PerEventChecked = TimeSpan.FromMilliseconds(0.007);

    /// <summary>The median durable flush of the machines the constants were fitted on (ms).</summary>
    public const double ReferenceFlushMs = 0.4;

    /// <summary>
    /// The plan's scale before any cell ran: a machine whose durable flush is slower than ours is expected to take
    /// longer in that proportion (at least as long, at most four times); the cells then correct it.
    /// </summary>
    public static double ScaleFor(double flushMedianMs) => Math.Clamp(flushMedianMs / ReferenceFlushMs, 1, 4);

    /// <summary>What checking a log of <paramref name="events"/> events will take.</summary>
    public static TimeSpan Check(long events) => PerCheck + (events * PerEventChecked);

    public static TimeSpan Mandatory(CellKey cell, int contenders)
    {
        ArgumentNullException.ThrowIfNull(cell);
        var perEventOfAWindow = cell.Load == LoadKind.Sustained ? PerContenderAndEventOfASustainedWindow : PerContenderAndEventOfAWave;
        return contenders * (PerContender + (cell.Committers * PerContenderAndCommitter) + (cell.NumberOfEvents * PerContenderAndEvent) + (cell.EventsPerWave * perEventOfAWindow));
    }
}
