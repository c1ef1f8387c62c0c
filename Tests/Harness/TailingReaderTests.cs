using System.Diagnostics;
using EventCommitLab.Harness.Measurement;
using EventCommitLab.Harness.Readers;
using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Workload;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness;

/// <summary>The naive tailing reader on the real PostgreSQL: what it delivers, what it skips for good, and its lag.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class TailingReaderTests(LabStores stores)
{
    private readonly SampleEvents _events = new();

    [Fact]
    public async Task a_number_committed_after_the_reader_passed_it_is_counted_as_skipped()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var (first, second) = (Plain(), Plain());
        await using var slow = await log.BeginTransactionAsync(CancellationToken.None);
        await slow.InsertEventsAsync(first.Stamp(0), CancellationToken.None);
        var reader = TailingReader.Start(log, -1, new LatencyHistogram());
        await using (var fast = await log.OpenAutoCommitSessionAsync(CancellationToken.None))
        {
            await fast.InsertEventsAsync(second.Stamp(1), CancellationToken.None);
        }

        await WaitUntilAsync(() => reader.Position == 1);
        await slow.CommitAsync(CancellationToken.None);
        var seen = await reader.StopAsync(CancellationToken.None);

        Assert.Equal((1L, 1L, (long?)0), (seen.Delivered, seen.Skipped, seen.FirstSkipped));
    }

    [Fact]
    public async Task commits_made_visible_in_order_are_all_delivered_and_their_lag_is_recorded()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        await using (var before = await log.OpenAutoCommitSessionAsync(CancellationToken.None))
        {
            await before.InsertEventsAsync(Plain(2).Stamp(0), CancellationToken.None);
        }

        var lag = new LatencyHistogram();
        var reader = TailingReader.Start(log, 1, lag);
        for (var n = 2L; n < 8; n += 2)
        {
            var commit = Plain(2);
            await using (var session = await log.OpenAutoCommitSessionAsync(CancellationToken.None))
            {
                await session.InsertEventsAsync(commit.Stamp(n), CancellationToken.None);
            }

            reader.Acknowledged([new CommitOutcome(commit, new CommitResult(commit.CommitId, [n, n + 1], null), null)], Stopwatch.GetTimestamp());
        }

        await WaitUntilAsync(() => reader.Position == 7);
        var seen = await reader.StopAsync(CancellationToken.None);

        Assert.Equal((6L, 0L, (long?)null), (seen.Delivered, seen.Skipped, seen.FirstSkipped));
        Assert.True(seen.Polls >= 1);
        Assert.Equal(3, lag.Count);
    }

    private CommitRequest Plain(int events = 1) => CommitRequest.ForEvents(_events.Create(events));

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        using var patience = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        while (!condition())
        {
            await Task.Delay(5, patience.Token);
        }
    }
}
