using EventCommitLab.Contract.Port;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// One case of the transactions specification's <c>transactions/error-labels</c> tests, as a fail point states it: the
/// command that fails, and how (an error code, a write-concern error's code, or a closed connection); the labels the
/// server's answer carries and those the driver adds on its own side; and what the store must make of it.
/// </summary>
/// <param name="Description">The specification test's own description, word for word.</param>
public sealed record SpecificationErrorCase(
    string Description,
    string Command,
    int? ErrorCode,
    int? WriteConcernCode,
    bool CloseConnection,
    IReadOnlyList<string> ServerLabels,
    IReadOnlyList<string> DriverLabels,
    StoreErrorKind Kind)
{
    /// <summary>Whether the error is the commit's (the store reads a commit's errors apart).</summary>
    public bool AtCommit => Command == "commitTransaction";

    /// <summary>
    /// The exception as the driver raises it: a server's answer goes through the driver's own constructors, which
    /// read its labels from the answer; only the labels the driver itself adds (to a lost connection, to a commit whose
    /// outcome it cannot know) are added here, as the driver adds them after the fact.
    /// </summary>
    public MongoException Raise()
    {
        MongoException raised = this switch
        {
            { CloseConnection: true } => new MongoConnectionException(DriverErrors.Connection(), "connection closed"),
            { WriteConcernCode: { } code } => new MongoWriteConcernException(DriverErrors.Connection(), "write concern error", new WriteConcernResult(new BsonDocument
            {
                ["ok"] = 1,
                ["writeConcernError"] = new BsonDocument { ["code"] = code, ["errmsg"] = "write concern error", ["errorLabels"] = new BsonArray(ServerLabels) },
            })),
            _ => DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = ErrorCode!.Value, ["errmsg"] = "failed", ["errorLabels"] = new BsonArray(ServerLabels) }, Command),
        };
        foreach (var label in DriverLabels)
        {
            raised.AddErrorLabel(label);
        }

        return raised;
    }

    public override string ToString() => Description;
}
