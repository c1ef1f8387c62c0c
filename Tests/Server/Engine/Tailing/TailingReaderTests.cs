using System.Diagnostics;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Tailing;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Engine.Tailing;

/// <summary>
/// The tailing readers on the real PostgreSQL, each facing a commit made visible out of order (one transaction held
/// open while a later number commits) and a number rolled back: what each delivers, skips for good, or waits for.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class TailingReaderTests(LabStores stores)
{
    private static readonly TimeSpan ShortStale = TimeSpan.FromMilliseconds(300);
    private readonly SampleEvents _events = new();

    [Fact]
    public async Task the_naive_reader_counts_a_number_committed_after_it_passed_it_as_skipped()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var (first, second) = (Plain(), Plain());
        await using var slow = await log.BeginTransactionAsync(CancellationToken.None);
        await slow.InsertEventsAsync(first.Stamp(0), CancellationToken.None);
        var reader = NaiveReader.Start(log, -1, new LatencyHistogram());
        await InsertAsync(log, second.Stamp(1));

        await WaitUntilAsync(() => reader.Position == 1);
        await slow.CommitAsync(CancellationToken.None);
        var seen = await reader.StopAsync(CancellationToken.None);

        Assert.Equal((1L, 1L, (long?)0), (seen.Delivered, seen.Skipped, seen.FirstSkipped));
    }

    [Fact]
    public async Task the_high_water_mark_reader_waits_at_the_hole_and_delivers_both_in_order_once_it_is_filled()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        await using var slow = await log.BeginTransactionAsync(CancellationToken.None);
        await slow.InsertEventsAsync(Plain().Stamp(0), CancellationToken.None);
        var reader = HighWaterMarkReader.Start(log, -1, new LatencyHistogram(), TimeSpan.FromMinutes(1));
        await InsertAsync(log, Plain().Stamp(1));

        await WaitUntilAsync(() => reader.Waiting);
        var deliveredAtTheHole = reader.Delivered;
        await slow.CommitAsync(CancellationToken.None);
        await WaitUntilAsync(() => reader.Position == 1);
        var seen = await reader.StopAsync(CancellationToken.None);

        Assert.Equal(0, deliveredAtTheHole);
        Assert.Equal((2L, 0L, 1L, 0L), (seen.Delivered, seen.Skipped, seen.Stalls, seen.GapsDeclared));
    }

    [Fact]
    public async Task a_rolled_back_number_is_a_gap_the_high_water_mark_reader_passes_after_its_stale_timeout_and_no_reader_counts_as_skipped()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var naive = NaiveReader.Start(log, -1, new LatencyHistogram());
        var highWater = HighWaterMarkReader.Start(log, -1, new LatencyHistogram(), ShortStale);
        await using (var rolledBack = await log.BeginTransactionAsync(CancellationToken.None))
        {
            await rolledBack.InsertEventsAsync(Plain().Stamp(0), CancellationToken.None);
            await InsertAsync(log, Plain().Stamp(1));
            await WaitUntilAsync(() => highWater.Waiting);
        }

        await WaitUntilAsync(() => highWater.Position == 1 && naive.Position == 1);
        var (seenNaive, seenHighWater) = (await naive.StopAsync(CancellationToken.None), await highWater.StopAsync(CancellationToken.None));

        Assert.Equal((1L, 0L), (seenNaive.Delivered, seenNaive.Skipped));
        Assert.Equal((1L, 0L, 1L), (seenHighWater.Delivered, seenHighWater.Skipped, seenHighWater.GapsDeclared));
    }

    [Fact]
    public async Task the_high_water_mark_reader_counts_a_hole_filled_after_its_stale_timeout_as_skipped()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        await using var slow = await log.BeginTransactionAsync(CancellationToken.None);
        await slow.InsertEventsAsync(Plain().Stamp(0), CancellationToken.None);
        var reader = HighWaterMarkReader.Start(log, -1, new LatencyHistogram(), ShortStale);
        await InsertAsync(log, Plain().Stamp(1));

        await WaitUntilAsync(() => reader.Position == 1);
        await slow.CommitAsync(CancellationToken.None);
        var seen = await reader.StopAsync(CancellationToken.None);

        Assert.Equal((1L, 1L, (long?)0, 1L), (seen.Delivered, seen.Skipped, seen.FirstSkipped, seen.GapsDeclared));
    }

    [Fact]
    public async Task the_transaction_horizon_reader_holds_back_a_later_number_until_the_older_transaction_ends_and_skips_nothing()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var reader = await TransactionHorizonReader.StartAsync(log, new LatencyHistogram(), CancellationToken.None);
        await using var slow = await log.BeginTransactionAsync(CancellationToken.None);
        var slowNumbers = await slow.InsertEventsNumberedByServerAsync(Plain(), recordTransaction: true, CancellationToken.None);
        IReadOnlyList<long> fastNumbers;
        await using (var fast = await log.OpenAutoCommitSessionAsync(CancellationToken.None))
        {
            fastNumbers = await fast.InsertEventsNumberedByServerAsync(Plain(), recordTransaction: true, CancellationToken.None);
        }

        var polls = reader.Polls;
        await WaitUntilAsync(() => reader.Polls >= polls + 3);
        var deliveredWhileOpen = reader.Delivered;
        await slow.CommitAsync(CancellationToken.None);
        await WaitUntilAsync(() => reader.Delivered == 2);
        var seen = await reader.StopAsync(CancellationToken.None);

        Assert.Equal([0L], slowNumbers);
        Assert.Equal([1L], fastNumbers);
        Assert.Equal(0, deliveredWhileOpen);
        Assert.Equal((2L, 0L), (seen.Delivered, seen.Skipped));
    }

    [Fact]
    public async Task commits_made_visible_in_order_are_all_delivered_and_their_lag_is_recorded()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        await InsertAsync(log, Plain(2).Stamp(0));

        var lag = new LatencyHistogram();
        var reader = NaiveReader.Start(log, 1, lag);
        for (var n = 2L; n < 8; n += 2)
        {
            var commit = Plain(2);
            await InsertAsync(log, commit.Stamp(n));
            reader.Acknowledged([new CommitOutcome(commit, new CommitResult(commit.CommitId, [n, n + 1], null), null)], Stopwatch.GetTimestamp());
        }

        await WaitUntilAsync(() => reader.Position == 7);
        var seen = await reader.StopAsync(CancellationToken.None);

        Assert.Equal((6L, 0L, (long?)null), (seen.Delivered, seen.Skipped, seen.FirstSkipped));
        Assert.True(seen.Polls >= 1);
        Assert.Equal(3, lag.Count);
    }

    private CommitRequest Plain(int events = 1) => CommitRequest.ForEvents(_events.Create(events));

    private static async Task InsertAsync(IEventLog log, IReadOnlyList<StoredEvent> events)
    {
        await using var session = await log.OpenAutoCommitSessionAsync(CancellationToken.None);
        await session.InsertEventsAsync(events, CancellationToken.None);
    }

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        using var patience = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        while (!condition())
        {
            await Task.Delay(5, patience.Token);
        }
    }
}
