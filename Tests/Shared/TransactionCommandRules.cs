using MongoDB.Bson;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// What the transactions specification's expected command events hold every driver's transaction to, as rules over a
/// list of commands: a transaction (its statements share a session and a transaction number, each with autocommit
/// false) starts at its first statement only, reads at the concern it asked for at that statement only, waits for a
/// write concern at its end only, and a commit sent again waits at majority. The shape tests apply them to what the
/// store sends; a test holds them to the specification's own documents, where those are on the machine.
/// </summary>
internal static class TransactionCommandRules
{
    private static readonly HashSet<string> Ends = ["commitTransaction", "abortTransaction"];

    /// <summary>The transactions found among <paramref name="commands"/>.</summary>
    public static IReadOnlyList<IReadOnlyList<BsonDocument>> Transactions(IEnumerable<BsonDocument> commands) =>
        [.. commands.Where(c => Has(c, "autocommit") && c["autocommit"] is { IsBoolean: true, AsBoolean: false })
            .GroupBy(c => (c["lsid"].ToJson(), c["txnNumber"].ToJson()))
            .Select(g => (IReadOnlyList<BsonDocument>)[.. g])];

    /// <summary>Each rule a transaction among <paramref name="commands"/> breaks, named; none where all hold.</summary>
    public static IReadOnlyList<string> Check(IEnumerable<BsonDocument> commands)
    {
        var broken = new List<string>();
        foreach (var statements in Transactions(commands))
        {
            if (!(Has(statements[0], "startTransaction") && statements[0]["startTransaction"].ToBoolean()))
            {
                broken.Add($"the first statement ({Name(statements[0])}) does not start the transaction");
            }

            broken.AddRange(statements.Skip(1).Where(s => Has(s, "startTransaction")).Select(s => $"a later statement ({Name(s)}) starts it again"));
            broken.AddRange(statements.Skip(1).Where(s => Has(s, "readConcern")).Select(s => $"a later statement ({Name(s)}) sets a read concern"));
            broken.AddRange(statements.Where(s => !Ends.Contains(Name(s)) && Has(s, "writeConcern")).Select(s => $"a statement ({Name(s)}) waits for a write concern inside the transaction"));
            broken.AddRange(statements.Where(s => Name(s) == "commitTransaction").Skip(1)
                .Where(s => !(Has(s, "writeConcern") && s["writeConcern"].AsBsonDocument.GetValue("w", "") == "majority"))
                .Select(_ => "a commit sent again does not wait at majority"));
        }

        return broken;
    }

    private static string Name(BsonDocument command) => command.GetElement(0).Name;

    // The specification writes "absent" as { $$exists: false }.
    private static bool Has(BsonDocument command, string field) =>
        command.TryGetValue(field, out var value) && !(value is BsonDocument { ElementCount: 1 } d && d.GetElement(0).Name == "$$exists" && !d[0].ToBoolean());
}
