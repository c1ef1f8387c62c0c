namespace EventCommitLab.Stores.Mongo;

/// <summary>How one of the two transactions of the deployment check ended.</summary>
public enum MongoTransactionOutcome
{
    Committed,

    /// <summary>Aborted with a write conflict (code 112, or labelled TransientTransactionError), as MongoDB aborts the later writer.</summary>
    WriteConflict,

    /// <summary>Failed in any other way.</summary>
    OtherError,
}
