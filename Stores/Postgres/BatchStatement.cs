using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Sql;
using Npgsql;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// A batch of commits as one statement (<see cref="BatchStatementSql"/>): which statement the batch needs, its
/// parameters as arrays, and each commit's answer read from the rows it returns.
/// </summary>
internal sealed class BatchStatement
{
    private readonly bool _checked;
    private readonly bool _conditional;
    private readonly long? _first;
    private readonly long? _after;

    // Null unless the server's sequence numbers the batch; then whether its events store their transaction's id.
    private readonly bool? _serverNumbered;

    private BatchStatement(IReadOnlyList<CommitRequest> batch, long? first = null, long? after = null, bool? serverNumbered = null)
    {
        (_first, _after, _serverNumbered) = (first, after, serverNumbered);
        Batch = batch;
        Events = BatchEvents.Of(batch);
        Answers = new BatchCommitAnswer[batch.Count];
        _conditional = batch.Any(r => r.Condition is not null);
        _checked = _conditional || serverNumbered is not null || batch.Any(r => r.Aggregate is not null);
    }

    /// <summary>Each commit's answer, in the batch's order, once every row was read.</summary>
    public BatchCommitAnswer[] Answers { get; }

    private IReadOnlyList<CommitRequest> Batch { get; }

    private BatchEvents Events { get; }

    /// <summary>A batch with conditions takes the conditional statement; one with aggregates the checked one; else the plain one.</summary>
    public static BatchStatement For(IReadOnlyList<CommitRequest> batch) => new(batch);

    /// <summary>A batch of plain commits numbered by its writer from <paramref name="first"/> (<see cref="BatchStatementSql.NumberedBatchStatement"/>).</summary>
    public static BatchStatement NumberedFrom(IReadOnlyList<CommitRequest> batch, long first, long? after) => new(batch, first, after);

    /// <summary>A batch numbered by the server's sequence (<see cref="BatchStatementSql.ServerNumberedBatchStatement"/>), its events storing their transaction's id or not.</summary>
    public static BatchStatement NumberedByServer(IReadOnlyList<CommitRequest> batch, bool recordTransaction) => new(batch, serverNumbered: recordTransaction);

    public NpgsqlCommand CreateCommand(NpgsqlConnection connection, NpgsqlTransaction? transaction) =>
        _checked ? CreateCheckedCommand(connection, transaction) : CreatePlainCommand(connection, transaction);

    /// <summary>
    /// The plain and numbered statements return one row, the first sequence number, and the batch's commits follow on from it in order;
    /// the checked and conditional ones return a row per commit: written from, or left out and why; the one numbered by
    /// the server a row per commit, its numbers or the version that left it out.
    /// </summary>
    public void ReadRow(NpgsqlDataReader row)
    {
        if (_serverNumbered is not null)
        {
            Answers[row.GetInt32(0) - 1] = !row.IsDBNull(1)
                ? BatchCommitAnswer.WrittenAs(row.GetFieldValue<long[]>(1))
                : BatchCommitAnswer.LeftOut(row.IsDBNull(2) ? null : row.GetInt64(2));
            return;
        }

        if (_checked)
        {
            Answers[row.GetInt32(0) - 1] =
                !row.IsDBNull(1) ? BatchCommitAnswer.WrittenFrom(row.GetInt64(1))
                : _conditional && row.GetBoolean(3) ? BatchCommitAnswer.RefusedByCondition()
                : BatchCommitAnswer.LeftOut(row.IsDBNull(2) ? null : row.GetInt64(2));
            return;
        }

        var first = row.GetInt64(0);
        for (var c = 0; c < Batch.Count; c++)
        {
            Answers[c] = BatchCommitAnswer.WrittenFrom(first);
            first += Batch[c].Events.Count;
        }
    }

    private string[] EventSources()
    {
        var source = new string[Events.Count];
        for (var e = 0; e < Events.Count; e++)
        {
            source[e] = Batch[Events.Commit[e] - 1].Events[Events.Position[e]].EventSource;
        }

        return source;
    }

    private NpgsqlCommand CreatePlainCommand(NpgsqlConnection connection, NpgsqlTransaction? transaction)
    {
        var command = new NpgsqlCommand(_first is null ? BatchStatementSql.PlainBatchStatement : BatchStatementSql.NumberedBatchStatement, connection, transaction);
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = [.. Batch.Select(r => r.CommitId)] });
        command.Parameters.Add(TagListsParameter.Of(Events.TagLists));
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = EventSources() });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = Events.Commit });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = Events.Type });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = Events.TagList });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = Events.Payload });
        if (_first is { } first)
        {
            command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = first });
            command.Parameters.Add(new NpgsqlParameter<long?> { TypedValue = _after });
        }

        return command;
    }

    private NpgsqlCommand CreateCheckedCommand(NpgsqlConnection connection, NpgsqlTransaction? transaction)
    {
        var sql = _serverNumbered is not null ? BatchStatementSql.ServerNumberedBatchStatement
            : _conditional ? BatchStatementSql.ConditionalBatchStatement
            : Batch.Count(r => r.Aggregate is not null) > 1 ? BatchStatementSql.OrderedCheckedBatchStatement
            : BatchStatementSql.CheckedBatchStatement;
        var command = new NpgsqlCommand(sql, connection, transaction);
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. Batch.Select(r => r.Events[0].EventSource)] });
        command.Parameters.Add(new NpgsqlParameter<string?[]> { TypedValue = [.. Batch.Select(r => r.Aggregate?.Aggregate.AggregateType)] });
        command.Parameters.Add(new NpgsqlParameter<long?[]> { TypedValue = [.. Batch.Select(r => r.Aggregate?.ExpectedVersion)] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. Batch.Select(r => r.Events.Count)] });
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = [.. Batch.Select(r => r.CommitId)] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = Events.Commit });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = Events.Position });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = Events.Type });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = Events.Tags });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = Events.Payload });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = EventSources() });
        if (_serverNumbered is { } recordTransaction)
        {
            command.Parameters.Add(new NpgsqlParameter<bool> { TypedValue = recordTransaction });
        }
        else if (_conditional)
        {
            AddConditions(command);
        }

        return command;
    }

    /// <summary>The conditions of the batch's conditional commits as the function's $12..$17: one row per query item, its types and its tags.</summary>
    private void AddConditions(NpgsqlCommand command)
    {
        var (itemCommits, itemAfters) = (new List<int>(), new List<long>());
        var (typeItems, typeValues) = (new List<int>(), new List<string>());
        var (tagItems, tagValues) = (new List<int>(), new List<string>());
        for (var c = 0; c < Batch.Count; c++)
        {
            foreach (var item in Batch[c].Condition?.FailIfEventsMatch.Items ?? [])
            {
                itemCommits.Add(c + 1);
                itemAfters.Add(Batch[c].Condition!.After ?? -1);
                typeItems.AddRange(item.Types.Select(_ => itemCommits.Count));
                typeValues.AddRange(item.Types);
                tagItems.AddRange(item.Tags.Select(_ => itemCommits.Count));
                tagValues.AddRange(item.Tags);
            }
        }

        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. itemCommits] });
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = [.. itemAfters] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. typeItems] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. typeValues] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. tagItems] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. tagValues] });
    }
}
