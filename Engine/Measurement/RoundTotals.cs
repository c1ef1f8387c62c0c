using System.Diagnostics;
using EventCommitLab.Contract;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// What a case's measured rounds add up to, and the figures a result reports of them: the strategy's counters, the
/// commits and events counted, the bytes the process allocated, its CPU time, its garbage-collection pauses and its
/// largest working set.
/// </summary>
internal sealed class RoundTotals
{
    private CommitCountersSnapshot _counters = CommitCountersSnapshot.Zero;
    private long _allocated;
    private CpuReading _cpu = CpuReading.Zero;
    private long _peakWorkingSet;
    private TimeSpan _gcPaused;
    private TimeSpan _elapsed;

    public long Commits { get; private set; }

    public long Events { get; private set; }

    /// <summary>The readings a round's figures are taken against.</summary>
    public static RoundMark Begin(IContender contender)
    {
        ArgumentNullException.ThrowIfNull(contender);
        return new RoundMark(contender.Counters, GC.GetTotalAllocatedBytes(precise: false), CpuReading.Now(), GC.GetTotalPauseDuration(), Stopwatch.GetTimestamp());
    }

    /// <summary>Adds the round begun at <paramref name="start"/>.</summary>
    public void Add(RoundMark start, IContender contender, RoundSample sample, long peakWorkingSet)
    {
        ArgumentNullException.ThrowIfNull(contender);
        _cpu += CpuReading.Now().Since(start.Cpu);
        _gcPaused += GC.GetTotalPauseDuration() - start.GcPaused;
        _elapsed += Stopwatch.GetElapsedTime(start.Began);
        _allocated += GC.GetTotalAllocatedBytes(precise: false) - start.Allocated;
        _counters += contender.Counters - start.Counters;
        _peakWorkingSet = Math.Max(_peakWorkingSet, peakWorkingSet);
        Commits += sample.Commits;
        Events += sample.Events;
    }

    /// <summary>Forgets every round added so far.</summary>
    public void Reset()
    {
        _counters = CommitCountersSnapshot.Zero;
        _allocated = 0;
        _cpu = CpuReading.Zero;
        _peakWorkingSet = 0;
        _gcPaused = TimeSpan.Zero;
        _elapsed = TimeSpan.Zero;
        Commits = 0;
        Events = 0;
    }

    public double RetriesPerCommit => (double)_counters.Retries / Math.Max(Commits, 1);

    public double ConflictsPerCommit => (double)_counters.Conflicts / Math.Max(Commits, 1);

    /// <summary>The batches the strategy wrote; null for one that does not batch.</summary>
    public BatchSizeSummary? Batches => _counters.Batches > 0
        ? new BatchSizeSummary(
            _counters.Batches, (double)_counters.CommitsInBatches / _counters.Batches, _counters.BatchSizeBuckets,
            TicksToMs(_counters.QueueWaitTicks) / Math.Max(_counters.CommitsInBatches, 1), TicksToMs(_counters.WriteTicks) / _counters.Batches,
            (double)_counters.InFlightSum / _counters.Batches)
        : null;

    public double? AllocatedBytesPerEvent => Events > 0 ? (double)_allocated / Events : null;

    public long? PeakWorkingSetBytes => _peakWorkingSet > 0 ? _peakWorkingSet : null;

    public double? CpuShare => _cpu.Share;

    /// <summary>The share of the rounds' wall time the process stood still for the garbage collector; null before a round was added.</summary>
    public double? GcPauseShare => _elapsed > TimeSpan.Zero ? Math.Min(1, _gcPaused / _elapsed) : null;

    private static double TicksToMs(long ticks) => ticks * 1000.0 / Stopwatch.Frequency;
}
