using System.Collections.Concurrent;
using EventCommitLab.Stores.Postgres.Sql;
using Npgsql;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The server processes whose last write got no answer. A server process goes on with a statement after its client is
/// gone, so a COMMIT whose answer was lost may still land: before the log is read to settle it, these processes are
/// ended and awaited, and only then does what the log shows stay true.
/// </summary>
internal sealed class LostWrites
{
    private static readonly TimeSpan GoneWithin = TimeSpan.FromSeconds(30);
    private readonly ConcurrentDictionary<int, DateTimeOffset> _processes = new();

    /// <summary>No answer came: the connection broke or timed out (no SQLSTATE), the server shut down, or the call was cancelled.</summary>
    public static bool IsLostAnswer(Exception exception) => exception switch
    {
        PostgresException e => EndsConnection(e.SqlState),
        NpgsqlException or OperationCanceledException or TimeoutException => true,
        _ => false,
    };

    /// <summary>The server ended the connection, or never gave one: class 08, or an administrator, crash or start-up shutdown.</summary>
    public static bool EndsConnection(string sqlState) =>
        sqlState.StartsWith("08", StringComparison.Ordinal)
        || sqlState is PostgresErrorCodes.AdminShutdown or PostgresErrorCodes.CrashShutdown or PostgresErrorCodes.CannotConnectNow;

    public void Add(int serverProcess) => _processes.TryAdd(serverProcess, DateTimeOffset.UtcNow);

    /// <summary>Ends every server process whose write got no answer and waits until none is left.</summary>
    /// <exception cref="TimeoutException">One is still there after 30 s.</exception>
    public async Task EndAsync(NpgsqlConnection connection, CancellationToken cancellationToken)
    {
        var lost = _processes.ToArray();
        if (lost.Length == 0)
        {
            return;
        }

        // Only processes started before the loss: a new one that got a recycled pid is left alone.
        NpgsqlCommand Over(string select)
        {
            var command = new NpgsqlCommand(select, connection);
            command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. lost.Select(l => l.Key)] });
            command.Parameters.Add(new NpgsqlParameter<DateTimeOffset[]> { TypedValue = [.. lost.Select(l => l.Value)] });
            return command;
        }

        await using var end = Over(ServerSql.TerminateLostProcesses);
        await using var left = Over(ServerSql.CountLostProcesses);

        await end.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        var until = DateTime.UtcNow + GoneWithin;
        while ((long)(await left.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))! > 0)
        {
            if (DateTime.UtcNow > until)
            {
                throw new TimeoutException($"Server processes of lost writes ({string.Join(", ", lost.Select(l => l.Key))}) were still there after {GoneWithin.TotalSeconds:0} s.");
            }

            await Task.Delay(20, cancellationToken).ConfigureAwait(false);
        }

        foreach (var (process, _) in lost)
        {
            _processes.TryRemove(process, out _);
        }
    }
}
