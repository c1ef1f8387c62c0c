using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Contract.Port;

/// <summary>
/// The batch write numbered by its writer (<see cref="IEventStore.WriteBatchFromAsync"/>), on PostgreSQL, the store that
/// offers it: written only from where the counter stands, nothing written otherwise, and never visible before the
/// batch that holds the counter ahead of it.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class NumberedBatchWriteTests(LabStores stores)
{
    private const string HoldTag = "test:hold-insert";
    private const long HoldKey = 0x484F4C44;

    private readonly SampleEvents _events = new();

    [Fact]
    public async Task a_batch_numbered_from_where_the_counter_stands_is_written_in_batch_order_and_moves_the_counter_past_it()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        Assert.True((await log.WriteBatchAsync([Plain(2)], CancellationToken.None)).Single().Written);
        var batch = new[] { Plain(1), Plain(3) };

        Assert.True(await log.WriteBatchFromAsync(batch, 2, after: null, CancellationToken.None));

        var stored = await ReadLogAsync(log);
        Assert.Equal(Enumerable.Range(0, 6).Select(i => (long)i), stored.Select(e => e.SequenceNumber));
        Assert.Equal([batch[0].CommitId, batch[1].CommitId, batch[1].CommitId, batch[1].CommitId], stored.Skip(2).Select(e => e.CommitId));
        Assert.Equal(6, (await log.ReadSnapshotAsync(CancellationToken.None)).CounterNext);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    public async Task a_batch_numbered_from_anywhere_else_is_refused_with_nothing_written(long first)
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        Assert.True((await log.WriteBatchAsync([Plain(2)], CancellationToken.None)).Single().Written);

        Assert.False(await log.WriteBatchFromAsync([Plain(2)], first, after: null, CancellationToken.None));

        Assert.Equal(2, (await ReadLogAsync(log)).Count);
        Assert.Equal(2, (await log.ReadSnapshotAsync(CancellationToken.None)).CounterNext);
    }

    [Fact]
    public async Task a_batch_whose_numbers_a_rival_wrote_without_the_counter_is_refused_with_nothing_written()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        await using (var rival = await log.OpenAutoCommitSessionAsync(CancellationToken.None))
        {
            await rival.InsertEventsAsync(Plain(1).Stamp(1), CancellationToken.None);
        }

        Assert.False(await log.WriteBatchFromAsync([Plain(2)], 0, after: null, CancellationToken.None));

        Assert.Equal([1L], (await ReadLogAsync(log)).Select(e => e.SequenceNumber));
        Assert.Equal(0, (await log.ReadSnapshotAsync(CancellationToken.None)).CounterNext);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task a_batch_that_finds_the_counter_held_by_another_writer_is_refused_at_once_with_nothing_written(bool holderCommits)
    {
        // Waiting there could close a cycle: the holder may be a batch the store numbers that waits on a number this batch inserted.
        await using var log = await stores.FreshStoreAsync("postgres");
        var holder = await log.BeginTransactionAsync(CancellationToken.None);
        await using (holder)
        {
            var first = await holder.ReserveSequenceNumbersAsync(2, CancellationToken.None);
            await holder.InsertEventsAsync(Plain(2).Stamp(first), CancellationToken.None);

            var refused = log.WriteBatchFromAsync([Plain(1)], first + 2, after: null, CancellationToken.None);
            Assert.False(await refused.WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken));

            if (holderCommits)
            {
                await holder.CommitAsync(CancellationToken.None);
            }
        }

        Assert.Equal(holderCommits ? [0L, 1] : [], (await ReadLogAsync(log)).Select(e => e.SequenceNumber));
        Assert.Equal(holderCommits ? 2 : 0, (await log.ReadSnapshotAsync(CancellationToken.None)).CounterNext);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task a_batch_numbered_after_one_still_inserting_waits_for_it_when_told_which_and_else_finds_the_counter_short_and_is_refused(bool toldWhich)
    {
        var cancel = TestContext.Current.CancellationToken;
        await using var log = await stores.FreshStoreAsync("postgres");
        await using var control = new NpgsqlConnection(((PostgresEventStore)log).ConnectionString);
        await control.OpenAsync(cancel);
        await ExecuteAsync(control, $"""
            CREATE FUNCTION hold_insert() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.tags ? '{HoldTag}' THEN PERFORM pg_advisory_xact_lock({HoldKey}); END IF;
                RETURN NEW;
            END $$;
            CREATE TRIGGER hold_insert BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION hold_insert();
            SELECT pg_advisory_lock({HoldKey});
            """);
        var slow = _events.Create(1)[0];

        // The batch ahead has begun, and its insert is held before it reaches the counter.
        var ahead = log.WriteBatchFromAsync([CommitRequest.ForEvents([slow with { Tags = [.. slow.Tags, HoldTag] }])], 0, after: null, CancellationToken.None);
        while ((long)(await ScalarAsync(control, "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'advisory'"))! == 0)
        {
            await Task.Delay(20, cancel);
        }

        var behind = log.WriteBatchFromAsync([Plain(1)], 1, after: toldWhich ? 0 : null, CancellationToken.None);
        if (toldWhich)
        {
            await Task.Delay(TimeSpan.FromMilliseconds(300), cancel);
            Assert.False(behind.IsCompleted, "the batch behind took the counter before the one ahead had ended");
        }
        else
        {
            Assert.False(await behind.WaitAsync(TimeSpan.FromSeconds(30), cancel));
        }

        await ExecuteAsync(control, $"SELECT pg_advisory_unlock({HoldKey})");

        Assert.True(await ahead.WaitAsync(TimeSpan.FromSeconds(30), cancel));
        Assert.Equal(toldWhich, await behind.WaitAsync(TimeSpan.FromSeconds(30), cancel));
        Assert.Equal(toldWhich ? [0L, 1] : [0L], (await ReadLogAsync(log)).Select(e => e.SequenceNumber));
    }

    [Fact]
    public async Task a_batch_numbered_after_one_that_has_not_reached_the_server_yet_waits_for_it_and_is_written_after_it()
    {
        var cancel = TestContext.Current.CancellationToken;
        await using var log = await stores.FreshStoreAsync("postgres");
        await using var control = new NpgsqlConnection(((PostgresEventStore)log).ConnectionString);
        await control.OpenAsync(cancel);
        // An open connection kept for the batch ahead, so that it need not open one once it is sent.
        var kept = await log.OpenAutoCommitSessionAsync(cancel);

        // The batch behind is on the server first: its writer's batch ahead was sent just before it, but has not arrived.
        var behind = log.WriteBatchFromAsync([Plain(1)], 1, after: 0, CancellationToken.None);
        while (!behind.IsCompleted && (long)(await ScalarAsync(control, "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'"))! == 0)
        {
            await Task.Delay(1, cancel);
        }

        await kept.DisposeAsync();
        var ahead = log.WriteBatchFromAsync([Plain(1)], 0, after: null, CancellationToken.None);

        Assert.True(await ahead.WaitAsync(TimeSpan.FromSeconds(30), cancel));
        Assert.True(await behind.WaitAsync(TimeSpan.FromSeconds(30), cancel), "the batch behind did not wait for the one ahead to start");
        Assert.Equal([0L, 1L], (await ReadLogAsync(log)).Select(e => e.SequenceNumber));
    }

    [Fact]
    public async Task a_batch_holding_an_aggregate_commit_is_not_numbered_by_its_writer()
    {
        await using var log = await stores.FreshStoreAsync("postgres");

        await Assert.ThrowsAsync<ArgumentException>(() =>
            log.WriteBatchFromAsync([Plain(1), CommitRequest.ForAggregate(new AggregateKey("order", "Order"), 0, _events.Create(1))], 0, after: null, CancellationToken.None));

        Assert.Empty(await ReadLogAsync(log));
    }

    private CommitRequest Plain(int events) => CommitRequest.ForEvents(_events.Create(events));

    private static async Task ExecuteAsync(NpgsqlConnection connection, string sql)
    {
        await using var command = new NpgsqlCommand(sql, connection);
        await command.ExecuteNonQueryAsync(TestContext.Current.CancellationToken);
    }

    private static async Task<object?> ScalarAsync(NpgsqlConnection connection, string sql)
    {
        await using var command = new NpgsqlCommand(sql, connection);
        return await command.ExecuteScalarAsync(TestContext.Current.CancellationToken);
    }

    private static async Task<List<StoredEvent>> ReadLogAsync(IEventLog log) =>
        await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken);
}
