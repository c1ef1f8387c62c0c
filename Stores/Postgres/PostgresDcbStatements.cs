using EventCommitLab.Contract.Model;
using EventCommitLab.Stores.Postgres.Sql;
using EventCommitLab.SuitePorts.Dcb;
using Npgsql;
using NpgsqlTypes;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The DCB log's write statements with their parameters: conditions and events shipped as typed arrays (items, their
/// types and tags flattened beside an item index), never as text to be parsed, so that one statement checks and inserts
/// whatever the number of conditions; and the tag locks an append takes.
/// </summary>
internal static class PostgresDcbStatements
{
    /// <summary>The tag-lock statement for <paramref name="append"/>: its keys and whether each is taken exclusively.</summary>
    public static NpgsqlBatchCommand TagLocks(DcbAppend append)
    {
        var locks = new NpgsqlBatchCommand(DcbLogSql.TagLocks);
        var keys = LockKeys(append).ToArray();
        locks.Parameters.Add(TextArray(keys.Select(k => k.Key)));
        locks.Parameters.Add(new NpgsqlParameter<bool[]> { TypedValue = [.. keys.Select(k => k.Exclusive)] });
        return locks;
    }

    /// <summary>
    /// What an append locks: exclusively, each tag of its condition's items (the types of a tagless item); shared, each
    /// tag and type of its events. An event matching an item carries all the item's tags (or its type), so a writer of
    /// it and the condition always want one key, one of them exclusively.
    /// </summary>
    public static IEnumerable<(string Key, bool Exclusive)> LockKeys(DcbAppend append)
    {
        foreach (var item in append.Condition?.FailIfEventsMatch.Items ?? [])
        {
            foreach (var key in item.Tags.Count > 0 ? item.Tags : item.Types.Select(t => "type:" + t))
            {
                yield return (key, true);
            }
        }

        foreach (var e in append.Events)
        {
            yield return ("type:" + e.Type, false);
            foreach (var tag in e.Tags)
            {
                yield return (tag, false);
            }
        }
    }

    private static void AddConditions(NpgsqlBatchCommand command, IReadOnlyList<(int Append, AppendCondition Condition)> conditions)
    {
        var itemIds = new List<int>();
        var itemAppends = new List<int>();
        var itemAfters = new List<long>();
        var typeItems = new List<int>();
        var typeValues = new List<string>();
        var tagItems = new List<int>();
        var tagValues = new List<string>();
        foreach (var (append, condition) in conditions)
        {
            foreach (var item in condition.FailIfEventsMatch.Items)
            {
                var id = itemIds.Count;
                itemIds.Add(id);
                itemAppends.Add(append);
                itemAfters.Add(condition.After ?? 0);
                foreach (var type in item.Types)
                {
                    typeItems.Add(id);
                    typeValues.Add(type);
                }

                foreach (var tag in item.Tags)
                {
                    tagItems.Add(id);
                    tagValues.Add(tag);
                }
            }
        }

        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. itemIds] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. itemAppends] });
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = [.. itemAfters] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. typeItems] });
        command.Parameters.Add(TextArray(typeValues));
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. tagItems] });
        command.Parameters.Add(TextArray(tagValues));
    }

    /// <summary>The check-and-insert statement for <paramref name="batch"/>, carrying the events of the appends <paramref name="included"/> says.</summary>
    public static NpgsqlBatchCommand CheckAndInsert(IReadOnlyList<DcbAppend> batch, IReadOnlyList<bool> included)
    {
        var command = new NpgsqlBatchCommand(DcbLogSql.CheckAndInsert);
        AddConditions(command, [.. batch.Select((append, i) => (i, append.Condition)).Where(c => c.Condition is not null).Select(c => (c.i, c.Condition!))]);
        var types = new List<string>();
        var payloads = new List<string>();
        var appends = new List<int>();
        var tagEvents = new List<long>();
        var tagValues = new List<string>();
        for (var i = 0; i < batch.Count; i++)
        {
            if (!included[i])
            {
                continue;
            }

            foreach (var e in batch[i].Events)
            {
                types.Add(e.Type);
                payloads.Add(e.Payload);
                appends.Add(i);
                foreach (var tag in e.Tags)
                {
                    tagEvents.Add(types.Count);
                    tagValues.Add(tag);
                }
            }
        }

        command.Parameters.Add(TextArray(types));
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. payloads], NpgsqlDbType = NpgsqlDbType.Array | NpgsqlDbType.Jsonb });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. appends] });
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = [.. tagEvents] });
        command.Parameters.Add(TextArray(tagValues));
        return command;
    }

    public static NpgsqlParameter<string[]> TextArray(IEnumerable<string> values) =>
        new() { TypedValue = [.. values], NpgsqlDbType = NpgsqlDbType.Array | NpgsqlDbType.Text };
}
