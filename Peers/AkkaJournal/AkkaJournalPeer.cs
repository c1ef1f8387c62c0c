using System.Globalization;
using Akka.Actor;
using Akka.Configuration;
using Akka.Persistence.Sql;
using EventCommitLab.SuitePorts.Journal;
using Npgsql;

namespace EventCommitLab.Peers.AkkaJournal;

/// <summary>
/// The real Akka.Persistence.Sql journal, driven by real persistent actors in an actor system of its own, on a database
/// the lab's store handed it: the system the original journal benchmark measured, measured beside the lab's strategies.
/// The journal keeps its package defaults (<see cref="Settings"/> reads them back); only the connection is set.
/// </summary>
public sealed class AkkaJournalPeer : IAsyncDisposable
{
    private const string JournalPath = "akka.persistence.journal.sql";
    private static readonly TimeSpan StartLimit = TimeSpan.FromSeconds(60);
    private readonly ActorSystem _system;
    private readonly PeerDatabase _database;
    private int _actors;

    private AkkaJournalPeer(ActorSystem system, PeerDatabase database)
    {
        _system = system;
        _database = database;
    }

    /// <summary>The package and the journal settings in force, for the table's header.</summary>
    public string Settings
    {
        get
        {
            var journal = _system.Settings.Config.GetConfig(JournalPath);
            var version = typeof(SqlPersistence).Assembly.GetName().Version;
            return string.Create(CultureInfo.InvariantCulture,
                $"Akka.Persistence.Sql {version?.ToString(3)} (Akka {typeof(ActorSystem).Assembly.GetName().Version?.ToString(3)}), its defaults: " +
                $"provider-name {journal.GetString("provider-name")}, batch-size {journal.GetInt("batch-size")}, parallelism {journal.GetInt("parallelism")}, " +
                $"buffer-size {journal.GetInt("buffer-size")}, db-round-trip-max-batch-size {journal.GetInt("db-round-trip-max-batch-size")}, " +
                $"replay-batch-size {journal.GetInt("replay-batch-size")}, tag-write-mode {journal.GetString("tag-write-mode")}, " +
                $"max-message-batch-size {_system.Settings.Config.GetInt("akka.persistence.journal-plugin-fallback.max-message-batch-size")}");
        }
    }

    /// <summary>Starts an actor system whose journal and snapshot store live in <paramref name="database"/>; the peer owns it from here.</summary>
    /// <exception cref="NotSupportedException">The database's engine has no dialect mapped here.</exception>
    public static async Task<AkkaJournalPeer> StartAsync(PeerDatabase database, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(database);
        var provider = database.Engine switch
        {
            "postgres" => "PostgreSQL.15",
            _ => throw new NotSupportedException($"The Akka journal peer runs on postgres only; this store is '{database.Engine}'."),
        };

        var connection = database.ConnectionString.Replace("\"", "\\\"", StringComparison.Ordinal);
        var config = ConfigurationFactory.ParseString($$"""
            akka {
              loglevel = WARNING
              stdout-loglevel = WARNING
              persistence {
                journal {
                  plugin = "{{JournalPath}}"
                  sql { connection-string = "{{connection}}", provider-name = "{{provider}}", auto-initialize = on }
                }
                snapshot-store {
                  plugin = "akka.persistence.snapshot-store.sql"
                  sql { connection-string = "{{connection}}", provider-name = "{{provider}}", auto-initialize = on }
                }
              }
            }
            """).WithFallback(SqlPersistence.DefaultConfiguration);
        var system = ActorSystem.Create("journal-peer", config);
        var peer = new AkkaJournalPeer(system, database);
        try
        {
            // The first write creates the journal's table; done here so that no measured iteration pays for it. A journal that
            // cannot start would otherwise leave the first actor waiting for good.
            using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            limit.CancelAfter(StartLimit);
            await peer.PersistAsync($"warm-{Guid.NewGuid():N}", PersistMode.Persist, 1, limit.Token).ConfigureAwait(false);
            return peer;
        }
        catch
        {
            await peer.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>One actor persists <paramref name="commands"/> commands sent to it at once; completes when it has handled the last.</summary>
    public Task PersistAsync(string persistenceId, PersistMode mode, int commands, CancellationToken cancellationToken) =>
        PersistGroupAsync([persistenceId], mode, commands, cancellationToken);

    /// <summary>One actor per persistence id, each sent <paramref name="commandsPerActor"/> commands at once; completes when all have handled theirs.</summary>
    public async Task PersistGroupAsync(IReadOnlyList<string> persistenceIds, PersistMode mode, int commandsPerActor, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(commandsPerActor, 1);
        var actors = new List<IActorRef>(persistenceIds.Count);
        var done = new List<Task<int>>(persistenceIds.Count);
        try
        {
            foreach (var persistenceId in persistenceIds)
            {
                var completion = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
                actors.Add(_system.ActorOf(JournalBenchActor.Persisting(persistenceId, mode, commandsPerActor, completion), NextActorName()));
                done.Add(completion.Task);
            }

            foreach (var actor in actors)
            {
                for (var payload = 1; payload <= commandsPerActor; payload++)
                {
                    actor.Tell(new JournalCommand(payload));
                }
            }

            await Task.WhenAll(done).WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            foreach (var actor in actors)
            {
                _system.Stop(actor);
            }
        }
    }

    /// <summary>Recovers each stream in its own new actor, all at once; fails unless each replays exactly <paramref name="events"/> events in order.</summary>
    public async Task RecoverAsync(IReadOnlyList<string> persistenceIds, int events, CancellationToken cancellationToken)
    {
        var actors = new List<IActorRef>(persistenceIds.Count);
        var done = new List<Task<int>>(persistenceIds.Count);
        try
        {
            foreach (var persistenceId in persistenceIds)
            {
                var completion = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
                actors.Add(_system.ActorOf(JournalBenchActor.Recovering(persistenceId, events, completion), NextActorName()));
                done.Add(completion.Task);
            }

            await Task.WhenAll(done).WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            foreach (var actor in actors)
            {
                _system.Stop(actor);
            }
        }
    }

    /// <summary>
    /// Reads the journal's own table: for each persistence id, its stored sequence numbers must be exactly 1..n and its
    /// global ordering must rise with them. Returns one line per stream that breaks that, empty when all hold.
    /// </summary>
    public async Task<IReadOnlyList<string>> VerifyAsync(IReadOnlyDictionary<string, int> expectedEvents, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(expectedEvents);
        var seen = expectedEvents.Keys.ToDictionary(id => id, _ => (Count: 0, LastSequence: 0L, LastOrdering: long.MinValue, Broken: (string?)null));
        await using var connection = new NpgsqlConnection(_database.ConnectionString);
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        await using var command = new NpgsqlCommand(
            "SELECT persistence_id, sequence_number, ordering FROM journal WHERE persistence_id = ANY($1) AND NOT deleted ORDER BY persistence_id, sequence_number",
            connection);
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. expectedEvents.Keys] });
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            var id = reader.GetString(0);
            var (count, last, ordering, broken) = seen[id];
            var sequence = reader.GetInt64(1);
            var position = reader.GetInt64(2);
            broken ??= sequence != last + 1 ? $"{id}: sequence number {sequence} follows {last}"
                : position <= ordering ? $"{id}: event {sequence} is stored before event {last} (ordering {position} <= {ordering})"
                : null;
            seen[id] = (count + 1, sequence, position, broken);
        }

        return [.. seen
            .Select(s => s.Value.Broken ?? (s.Value.Count != expectedEvents[s.Key] ? $"{s.Key}: {s.Value.Count} events stored, {expectedEvents[s.Key]} persisted" : null))
            .OfType<string>()];
    }

    public async ValueTask DisposeAsync()
    {
        await _system.Terminate().ConfigureAwait(false);
        _system.Dispose();
        await _database.DisposeAsync().ConfigureAwait(false);
    }

    private string NextActorName() => $"bench-{Interlocked.Increment(ref _actors)}";
}
