using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class RoundTotalsTests
{
    [Fact]
    public void the_rounds_add_up_to_counts_per_commit_and_batches_from_the_strategys_counters_over_those_rounds_only()
    {
        var contender = new CountingContender { Counters = Counters(retries: 5, conflicts: 1, batches: 0, commitsInBatches: 0) };
        var totals = new RoundTotals();

        var first = RoundTotals.Begin(contender);
        contender.Counters = Counters(retries: 7, conflicts: 2, batches: 2, commitsInBatches: 10);
        totals.Add(first, contender, new RoundSample(100, Events: 30, Commits: 10), peakWorkingSet: 5);
        var second = RoundTotals.Begin(contender);
        contender.Counters = Counters(retries: 9, conflicts: 2, batches: 4, commitsInBatches: 20);
        totals.Add(second, contender, new RoundSample(100, Events: 30, Commits: 10), peakWorkingSet: 3);

        Assert.Equal((20L, 60L), (totals.Commits, totals.Events));
        Assert.Equal(4.0 / 20, totals.RetriesPerCommit);
        Assert.Equal(1.0 / 20, totals.ConflictsPerCommit);
        Assert.Equal((4L, 5.0), (totals.Batches!.Batches, totals.Batches.MeanCommits));
        Assert.Equal(5, totals.PeakWorkingSetBytes);
        totals.Reset();
        Assert.Equal((0L, null, null), (totals.Commits, totals.Batches, totals.PeakWorkingSetBytes));
    }

    [Fact]
    public void the_garbage_collectors_pauses_are_a_share_of_the_rounds_wall_time_and_none_before_a_round()
    {
        var contender = new CountingContender();
        var totals = new RoundTotals();
        Assert.Null(totals.GcPauseShare);

        var start = RoundTotals.Begin(contender);
        // A blocking collection stops every thread: the pause the round must count.
        GC.Collect(0, GCCollectionMode.Forced, blocking: true);
        totals.Add(start, contender, new RoundSample(100, Events: 1, Commits: 1), peakWorkingSet: 1);

        Assert.InRange(totals.GcPauseShare!.Value, double.Epsilon, 1);
        totals.Reset();
        Assert.Null(totals.GcPauseShare);
    }

    private static CommitCountersSnapshot Counters(long retries, long conflicts, long batches, long commitsInBatches) =>
        new(retries, conflicts, batches, commitsInBatches, new long[CommitCounters.BatchSizeBuckets]);

    /// <summary>Only the counters are read: the rounds' figures are the differences between them.</summary>
    private sealed class CountingContender : IContender
    {
        public string Name => "counting";

        public bool IsCeiling => false;

        public bool TakesWholeGroups => false;

        public StrategyGuarantees? Guarantees => null;

        public CommitCountersSnapshot Counters { get; set; } = CommitCountersSnapshot.Zero;

        public Task<IReadOnlyList<CommitOutcome>> CommitAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken) => throw new NotSupportedException();

        public Task<VerificationTally> StopAndCheckAsync(CommitLedger ledger, long logSizeAtStart, CancellationToken cancellationToken) => throw new NotSupportedException();

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
