namespace EventCommitLab.Tests.Mongo.Unified;

internal enum ServerTransactionState
{
    Active,
    Committed,
    Aborted,
}
