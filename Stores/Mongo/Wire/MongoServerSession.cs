using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// A server session as the sessions specification pools it: its lsid, the last transaction number used with it
/// (a transaction number is never reused under one lsid), when it was last used, and whether a network error may
/// have left it in an unknown state (then it is not pooled again).
/// </summary>
public sealed class MongoServerSession
{
    public BsonDocument Lsid { get; } = new("id", new BsonBinaryData(Guid.NewGuid(), GuidRepresentation.Standard));

    public long TxnNumber { get; private set; }

    public long LastUsedTimestamp { get; internal set; }

    public bool IsDirty { get; internal set; }

    internal long NextTxnNumber() => ++TxnNumber;
}
