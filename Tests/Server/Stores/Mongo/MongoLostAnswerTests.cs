using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// A write on its own whose caller gave up once the driver was sending it, on the emulator: the outcome is unknown (the
/// server goes on with a write whose client has gone), the lookup ends the write's session before it reads, and the
/// session's id never comes back from the driver's pool for another commit, whose transaction that end would kill. The
/// emulator proves what the store sends and keeps, not what a MongoDB server does with it.
/// </summary>
public sealed class MongoLostAnswerTests
{
    [Fact]
    public async Task a_write_cancelled_as_it_is_sent_is_in_doubt_and_every_lookup_ends_its_session_before_reading()
    {
        if (MongoEmulator.SkipReason() is { } reason)
        {
            Assert.Skip(reason);
        }
        using var caller = new CancellationTokenSource();
        var armed = false;
        await using var emulated = await EmulatedMongoStore.StartAsync("majority", started =>
        {
            if (armed && started.CommandName == "insert")
            {
                caller.Cancel();
            }
        });
        var commit = Guid.NewGuid();
        BsonDocument doubtful;
        await using (var session = await emulated.Store.OpenAutoCommitSessionAsync(CancellationToken.None))
        {
            armed = true;
            _ = await Assert.ThrowsAsync<WriteOutcomeUnknownException>(
                () => session.InsertEventAsync(new StoredEvent(1, "order-1", "Placed", null, null, commit, [], "{}"), caller.Token));
            armed = false;
            doubtful = emulated.TakeSent().Last(c => c.GetElement(0).Name == "insert")["lsid"].AsBsonDocument;
        }

        // The emulator has no killSessions: the lookup fails before it reads, and keeps the session for the next one.
        _ = await Assert.ThrowsAsync<MongoCommandException>(() => emulated.Store.FindCommitsAsync([commit], CancellationToken.None));
        _ = await Assert.ThrowsAsync<MongoCommandException>(() => emulated.Store.FindCommitsAsync([commit], CancellationToken.None));
        var lookups = emulated.TakeSent();

        Assert.Equal("killSessions killSessions", string.Join(" ", lookups.Select(c => c.GetElement(0).Name)));
        Assert.All(lookups, kill => Assert.Equal(doubtful, Assert.Single(kill["killSessions"].AsBsonArray).AsBsonDocument));
    }

    [Fact]
    public async Task a_session_in_doubt_never_carries_another_commit()
    {
        if (MongoEmulator.SkipReason() is { } reason)
        {
            Assert.Skip(reason);
        }
        using var caller = new CancellationTokenSource();
        var armed = false;
        await using var emulated = await EmulatedMongoStore.StartAsync("majority", started =>
        {
            if (armed && started.CommandName == "insert")
            {
                caller.Cancel();
            }
        });
        await using (var session = await emulated.Store.OpenAutoCommitSessionAsync(CancellationToken.None))
        {
            armed = true;
            _ = await Assert.ThrowsAsync<WriteOutcomeUnknownException>(
                () => session.InsertEventAsync(new StoredEvent(1, "order-1", "Placed", null, null, Guid.NewGuid(), [], "{}"), caller.Token));
            armed = false;
        }

        var doubtful = emulated.TakeSent().Last(c => c.GetElement(0).Name == "insert")["lsid"];

        // The pool hands back the session the last one left, unless that one was discarded.
        for (var n = 2; n <= 4; n++)
        {
            await using var next = await emulated.Store.OpenAutoCommitSessionAsync(CancellationToken.None);
            await next.InsertEventAsync(new StoredEvent(n, "order-1", "Placed", null, null, Guid.NewGuid(), [], "{}"), CancellationToken.None);
        }

        var later = emulated.TakeSent().Where(c => c.GetElement(0).Name == "insert").Select(c => c["lsid"]).ToArray();
        Assert.Equal(3, later.Length);
        Assert.DoesNotContain(doubtful, later);
        Assert.Single(later.Distinct());
    }
}
