using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Strategies;

[Collection(LabStoresCollection.Name)]
public sealed class FailedCommitGapTests(LabStores stores)
{
    [Theory]
    [InlineData("InMemorySequence")]
    [InlineData("InsertMany")]
    public async Task a_failed_commit_of_a_process_local_sequence_leaves_a_gap_reported_as_a_known_weakness(string strategy)
    {
        await using var run = await stores.StartRunAsync("postgres", strategy);

        await run.CommitAsync(2);
        var refused = await CommitRefusedPayloadAsync(run);
        await run.CommitAsync(2);

        Assert.NotNull(refused.Failure);
        var report = await run.VerifyAsync();
        Assert.True(report.Passed, report.ToString());
        var gap = Assert.Single(report.Violations);
        Assert.Equal(ViolationKind.SequenceGap, gap.Kind);
        Assert.Equal(ViolationSeverity.KnownWeakness, gap.Severity);
        Assert.Contains("2..4", gap.Detail, StringComparison.Ordinal);
    }

    /// <summary>Every strategy in the catalog that claims a gap-free sequence.</summary>
    public static TheoryData<string> GapFree => [.. StrategyCatalog.All.Where(r => r.Claims.GapFreeSequence).Select(r => r.Name)];

    [Theory]
    [MemberData(nameof(GapFree))]
    public async Task a_failed_commit_of_a_gap_free_strategy_leaves_no_gap(string strategy)
    {
        await using var run = await stores.StartRunAsync("postgres", strategy);

        await run.CommitAsync(2);
        var refused = await CommitRefusedPayloadAsync(run);
        var after = await run.CommitAsync(2);

        Assert.NotNull(refused.Failure);
        Assert.Equal([2L, 3L], after.Result!.SequenceNumbers);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    /// <summary>A three-event commit whose last payload PostgreSQL refuses as JSON: a real, non-transient failure after the numbers were taken.</summary>
    private static Task<CommitOutcome> CommitRefusedPayloadAsync(StrategyRun run)
    {
        var events = run.Events.Create(3);
        events[2] = events[2] with { Payload = "{not json" };
        return run.CommitAsync(CommitRequest.ForEvents(events));
    }
}
