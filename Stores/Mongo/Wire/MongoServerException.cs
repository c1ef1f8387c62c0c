using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// A command the server answered with ok: 0, or with write errors or a write concern error. Carries what a store
/// classifies by: the code, the code name, the error labels and the write errors; never read the message text for that.
/// </summary>
public sealed class MongoServerException(
    string command, int code, string? codeName, string message, IReadOnlyList<string> labels, IReadOnlyList<MongoWriteError> writeErrors, bool isWriteConcernError = false)
    : MongoException($"MongoDB {command} failed: {(codeName is null ? "" : codeName + " ")}({code}) {message}", labels)
{
    public const int DuplicateKey = 11000;
    public const int WriteConflict = 112;
    public const int MaxTimeMsExpired = 50;
    public const int UnsatisfiableWriteConcern = 100;
    public const int UnknownReplWriteConcern = 79;

    public string Command { get; } = command;

    /// <summary>The server's code; for write errors, the first write error's code.</summary>
    public int Code { get; } = code;

    public string? CodeName { get; } = codeName;

    public IReadOnlyList<MongoWriteError> WriteErrors { get; } = writeErrors;

    /// <summary>The operationTime of the failed reply: a causally consistent session reads after it, as after a success.</summary>
    public BsonTimestamp? OperationTime { get; private init; }

    /// <summary>The command ran, but its write concern was not satisfied (writeConcernError in an ok: 1 reply).</summary>
    public bool IsWriteConcernError { get; } = isWriteConcernError;

    /// <summary>Server codes that say the server is not (or no longer) the primary.</summary>
    private static readonly HashSet<int> NotPrimaryCodes = [10107, 13435, 13436, 11600, 11602, 189, 91];

    /// <summary>True when the error says the server is not (or no longer) the primary: the deployment has a new one, or will.</summary>
    public bool IsNotPrimary => NotPrimaryCodes.Contains(Code);

    /// <summary>Throws when a reply reports failure: ok: 0, writeErrors or writeConcernError.</summary>
    public static void ThrowIfFailed(string command, BsonDocument reply)
    {
        ArgumentNullException.ThrowIfNull(reply);
        var labels = reply.TryGetValue("errorLabels", out var l) && l is BsonArray array ? array.Select(v => v.AsString).ToArray() : [];
        var operationTime = reply.TryGetValue("operationTime", out var time) && time is BsonTimestamp timestamp ? timestamp : null;
        if (!reply.TryGetValue("ok", out var ok) || ok.ToDouble() != 1)
        {
            throw new MongoServerException(
                command, reply.GetValue("code", 0).ToInt32(), reply.GetValue("codeName", BsonNull.Value) is BsonString name ? name.Value : null,
                reply.GetValue("errmsg", "no error message").ToString()!, labels, []) { OperationTime = operationTime };
        }

        if (reply.TryGetValue("writeErrors", out var errors) && errors is BsonArray { Count: > 0 } list)
        {
            var writeErrors = list.Select(e => e.AsBsonDocument)
                .Select(e => new MongoWriteError(e.GetValue("index", 0).ToInt32(), e.GetValue("code", 0).ToInt32(), e.GetValue("errmsg", "").ToString()!))
                .ToArray();
            throw new MongoServerException(command, writeErrors[0].Code, null, writeErrors[0].Message, labels, writeErrors) { OperationTime = operationTime };
        }

        if (reply.TryGetValue("writeConcernError", out var concern) && concern is BsonDocument wce)
        {
            throw new MongoServerException(
                command, wce.GetValue("code", 0).ToInt32(), wce.GetValue("codeName", BsonNull.Value) is BsonString n ? n.Value : null,
                wce.GetValue("errmsg", "").ToString()!, labels, [], isWriteConcernError: true) { OperationTime = operationTime };
        }
    }
}
