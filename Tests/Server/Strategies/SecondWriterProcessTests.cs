using EventCommitLab.Contract;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Faults;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Implementations;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Strategies;

/// <summary>
/// The several-writer-processes claim, with real processes: two harness processes commit through the same strategy to
/// one log at once, each streaming its commits to this one, which keeps the ledger and verifies the log.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class SecondWriterProcessTests(LabStores stores)
{
    [Theory]
    [InlineData("CurrentImplementation")]
    [InlineData("TransactionalCounter")]
    [InlineData("BatchingPipeline")]
    [InlineData("BatchingPipelineNumbered2InFlight")]
    [InlineData("BatchingPipelineServerSequence4InFlight")]
    public async Task two_writer_processes_at_once_leave_a_log_that_keeps_every_claim(string strategy)
    {
        await using var store = (PostgresEventStore)await stores.FreshStoreAsync("postgres");
        var ledger = new CommitLedger();
        StrategyGuarantees claims;
        await using (var instance = StrategyCatalog.Get(strategy).Create(store, new CommitStrategyOptions()))
        {
            claims = instance.Guarantees;
        }

        Assert.True(claims.SafeWithSeveralWriterProcesses);
        await CommitFromTwoProcessesAsync(store, strategy, eventsPerCommit: 3, ledger);

        var report = await EventLogVerifier.VerifyAsync(store, ledger, claims, CancellationToken.None);

        Assert.True(report.Passed, report.ToString());
        // What a strategy gives up it may show (a sequence's gaps, a commit spread among others' numbers); nothing it claims.
        Assert.All(report.Violations, v => Assert.Equal(ViolationSeverity.KnownWeakness, v.Severity));
        Assert.True(report.Violations.Count == 0 || !(claims.GapFreeSequence && claims.ContiguousCommit), report.ToString());
    }

    [Theory]
    [InlineData(CommandMode.Owned)]
    [InlineData(CommandMode.Pipelined)]
    public async Task two_writer_processes_owning_the_same_hot_aggregates_conflict_with_each_other_and_every_version_holds(CommandMode commands)
    {
        await using var store = (PostgresEventStore)await stores.FreshStoreAsync("postgres");
        var ledger = new CommitLedger();
        var hot = new HotAggregates(2, commands);

        await CommitFromTwoProcessesAsync(store, "BatchingPipeline", eventsPerCommit: 1, ledger, hot);

        var report = await EventLogVerifier.VerifyAsync(store, ledger, BatchingPipelineStrategy.Claims, CancellationToken.None);

        Assert.True(report.Passed, report.ToString());
        Assert.Empty(report.Violations);
        // Owners order the commands within their process only: across the two, the aggregates' versions are contended again.
        Assert.Contains(ledger.Entries, e => e.Outcome == LedgerOutcome.Conflict);
        Assert.Equal(ledger.Entries.Count(e => e is { Outcome: LedgerOutcome.Acknowledged, Expected: not null }), report.ExpectedVersionsChecked);
        Assert.True(report.ExpectedVersionsChecked > 0);
    }

    /// <summary>Two writer processes of ten committers each commit at once for two seconds once both have begun, then are killed; both must have been acknowledged.</summary>
    private static async Task CommitFromTwoProcessesAsync(PostgresEventStore store, string strategy, int eventsPerCommit, CommitLedger ledger, HotAggregates? hot = null)
    {
        await using var first = WriterProcess.Start("postgres", store.ConnectionString, strategy, 10, eventsPerCommit, ledger, hot);
        await using var second = WriterProcess.Start("postgres", store.ConnectionString, strategy, 10, eventsPerCommit, ledger, hot);
        await first.WaitUntilCommittingAsync(TimeSpan.FromSeconds(60), CancellationToken.None);
        await second.WaitUntilCommittingAsync(TimeSpan.FromSeconds(60), CancellationToken.None);
        await Task.Delay(TimeSpan.FromSeconds(2), TestContext.Current.CancellationToken);
        await first.KillAsync();
        await second.KillAsync();
        Assert.True(first.Acknowledged > 0, first.Errors);
        Assert.True(second.Acknowledged > 0, second.Errors);
    }
}
