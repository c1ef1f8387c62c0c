using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Sql;
using Npgsql;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// A DCB log's write on the wire: the batch of statements sent at once, the broken conditions and inserted positions read
/// from its answers, and what a failure means: rolled back, or an outcome nobody can know.
/// </summary>
internal static class DcbWriteExecution
{
    /// <summary>
    /// Runs a batch that ends in <paramref name="commit"/> and returns the positions it inserted, ascending. A server
    /// error rolls the transaction back. A connection lost on the way makes the outcome unknown (the COMMIT may have been
    /// applied), unless the server itself ended it and said which statement it stopped at, one before the COMMIT.
    /// </summary>
    public static async Task<(HashSet<int> Broken, List<long> Positions)> ExecuteAsync(
        NpgsqlConnection connection, NpgsqlBatch batch, NpgsqlBatchCommand commit, CancellationToken cancellationToken)
    {
        var broken = new HashSet<int>();
        var positions = new List<long>();
        try
        {
            await using var reader = await batch.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            do
            {
                while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
                {
                    if (reader.FieldCount == 2 && reader.GetName(0) == "kind")
                    {
                        if (reader.GetString(0) == "broken")
                        {
                            broken.Add((int)reader.GetInt64(1));
                        }
                        else
                        {
                            positions.Add(reader.GetInt64(1));
                        }
                    }
                }
            }
            while (await reader.NextResultAsync(cancellationToken).ConfigureAwait(false));
        }
        // The whole batch is sent at once and the server may be past COMMIT while its first answers are read, so where the
        // client was reading says nothing; an error the server sends in the statements' order does (a FATAL termination
        // included). Retrying a COMMIT that landed would write the events twice, or refuse them because of themselves.
        catch (PostgresException e) when (!LostWrites.EndsConnection(e.SqlState) || (e.BatchCommand is { } stoppedAt && !ReferenceEquals(stoppedAt, commit)))
        {
            await RollBackQuietlyAsync(connection).ConfigureAwait(false);
            throw;
        }
        catch (Exception e) when (e is NpgsqlException or OperationCanceledException or IOException)
        {
            throw new WriteOutcomeUnknownException("COMMIT", e);
        }

        positions.Sort();
        return (broken, positions);
    }

    private static async Task RollBackQuietlyAsync(NpgsqlConnection connection)
    {
        if (connection.FullState != System.Data.ConnectionState.Open)
        {
            return;
        }

        try
        {
            await using var rollback = new NpgsqlCommand(DcbLogSql.Rollback, connection);
            await rollback.ExecuteNonQueryAsync(CancellationToken.None).ConfigureAwait(false);

            // A batch that failed part-way while its statements were being auto-prepared leaves Npgsql's book of the
            // connection's prepared statements out of step with the server: a later batch on the pooled connection read a
            // DataRow where it expected none ("Received unexpected backend message DataRow"). Forgetting every prepared
            // statement on both sides puts them back in step on this connection alone. Npgsql offers it only blocking;
            // this path is taken once per refused or aborted write. (Clearing the pool does not reach a data source's
            // connections, and would close every idle one.)
            connection.UnprepareAll();
        }
        catch (NpgsqlException)
        {
            // The connection is going anyway; the server rolls the transaction back when it ends.
        }
    }
}
