using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Strategies;

/// <summary>
/// Conditional commits (DCB) through the main log's strategies, beyond the contract: which strategies keep them, and a
/// condition's position against a commit the database holds back for real (a deferred trigger waiting on a lock the
/// test holds), as <c>LateCommitTests</c> does for the DCB appenders.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class ConditionalCommitTests(LabStores stores)
{
    private const long HeldCommit = 0x43_4F_4E_44;
    private const string HoldTag = "test:hold-commit";

    /// <summary>Each strategy that keeps conditions, and how many of its sessions wait on database locks behind a held commit while two more commits are made.</summary>
    public static TheoryData<string, int> Keepers => new()
    {
        { "CurrentImplementation", 2 }, // both insert at the held commit's numbers
        { "TransactionalCounter", 2 }, // both wait for the counter
        { "SimulatedBatching", 2 }, // one-commit waves: as LockedCounterStatement
        { "LockedCounterStatement", 2 },
        { "BatchingPipeline2InFlight", 1 }, // the next batch waits for the counter; a third would wait in the queue
        { "BatchingPipelineNumbered2InFlight", 1 }, // the held batch is the store's to number, so the next is too: as above
        { "BatchingPipeline", 0 }, // the next batch waits in the queue until the held one is answered
        { "BatchingPipelineNumberedSplit", 0 }, // as BatchingPipeline: a conditional batch is written whole, by the store
    };

    [Fact]
    public async Task the_strategies_that_keep_append_conditions_are_the_ones_a_refusal_names()
    {
        var keepers = new List<string>();
        string? refusal = null;
        foreach (var registration in StrategyCatalog.All)
        {
            await using var run = await stores.StartRunAsync("postgres", registration.Name);
            if (run.Strategy.Guarantees.KeepsAppendConditions)
            {
                keepers.Add(run.Strategy.Name);
            }
            else
            {
                refusal ??= (await run.CommitAsync(ConditionalCommit.Reserving("seat:1", after: null))).Failure!.Message;
            }
        }

        Assert.Equal(Keepers.Select(row => row.Data.Item1).Order(), keepers.Order());
        Assert.EndsWith($"({string.Join(", ", keepers)}).", refusal, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Keepers))]
    public async Task an_event_that_commits_after_a_callers_read_is_never_numbered_below_it_and_fails_the_callers_condition(string strategy, int blockedSessions)
    {
        await using var run = await stores.StartRunAsync("postgres", strategy);
        await run.CommitAsync(1);
        var connectionString = ((PostgresEventStore)run.Store).ConnectionString;
        await using var hold = await CommitHold.InstallAsync(connectionString, "events", $"NEW.tags ? '{HoldTag}'", HeldCommit);

        // The late writer: its condition holds, its event is numbered, and its COMMIT waits behind the test's lock.
        var reservation = ConditionalCommit.Event(ConditionalCommit.Reserved, "seat:1");
        var late = run.CommitAsync(CommitRequest.ForCondition(
            new AppendCondition(DcbQuery.Of([ConditionalCommit.Reserved], "seat:1"), null), [reservation with { Tags = [.. reservation.Tags, HoldTag] }]));
        await hold.WaitUntilACommitIsHeldAsync();

        // Another commit tries to land meanwhile, and the caller reads up to the head: the late event is not there. Both
        // then wait behind the late commit (on the counter, on its numbers, or in the pipeline's queue) before it is let go.
        var other = run.CommitAsync(1);
        var head = await HeadAsync(connectionString);
        var rival = run.CommitAsync(ConditionalCommit.Reserving("seat:1", after: head));
        if (blockedSessions > 0)
        {
            await hold.WaitUntilBlockedAsync(blockedSessions);
        }
        else
        {
            // Nothing of the rival reaches the database before the held batch is answered, so nothing there can be
            // waited for; a moment lets it reach the queue. Were it later, it would be checked after the commit anyway.
            await Task.Delay(TimeSpan.FromMilliseconds(300), TestContext.Current.CancellationToken);
        }

        await hold.ReleaseAsync();

        var lateOutcome = await late.WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken);
        Assert.Null((await other.WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken)).Failure);
        Assert.True(lateOutcome.Result!.SequenceNumbers[0] > head, $"the late event took {lateOutcome.Result.SequenceNumbers[0]}, at or below the head {head} read before it committed");
        Assert.IsType<AppendConditionFailedException>((await rival.WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken)).Failure);
        Assert.Equal(3, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    private static async Task<long> HeadAsync(string connectionString)
    {
        await using var connection = new NpgsqlConnection(connectionString);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand("SELECT max(sequence_number) FROM events", connection);
        return (long)(await command.ExecuteScalarAsync())!;
    }
}
