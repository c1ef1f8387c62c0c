using System.Net.Sockets;
using EventCommitLab.Stores.Mongo.Wire;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Stores.Mongo;

/// <summary>What a MongoDB error means for a commit, from codes and error labels only.</summary>
public static class MongoErrorClassifier
{
    public static StoreErrorKind Classify(Exception exception) => exception switch
    {
        // The commit's outcome is unknown: running the whole commit again could write it twice, so it is looked up first.
        WriteOutcomeUnknownException => StoreErrorKind.OutcomeUnknown,
        MongoException e when e.HasLabel(MongoException.UnknownTransactionCommitResult) => StoreErrorKind.OutcomeUnknown,
        MongoException e when e.HasLabel(MongoException.TransientTransactionError) => StoreErrorKind.Transient,
        MongoServerException { Code: MongoServerException.WriteConflict } => StoreErrorKind.Transient,

        // A duplicate _id in the events collection is two writers taking one sequence number: the loser tries again.
        MongoServerException { Code: MongoServerException.DuplicateKey } => StoreErrorKind.Transient,
        MongoServerException { IsNotPrimary: true } => StoreErrorKind.Transient,
        MongoConnectionException or MongoNetworkException or IOException or SocketException or MongoProtocolException => StoreErrorKind.Transient,
        _ => StoreErrorKind.Fatal,
    };
}
