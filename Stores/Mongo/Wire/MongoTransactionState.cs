namespace EventCommitLab.Stores.Mongo.Wire;

public enum MongoTransactionState
{
    None,

    /// <summary>Started, but no command sent yet: the next one carries startTransaction.</summary>
    Starting,

    InProgress,

    Committed,

    Aborted,
}
