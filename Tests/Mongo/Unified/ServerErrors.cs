using EventCommitLab.Stores.Mongo.Wire;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>
/// Server error codes by name, and the error labels a MongoDB 4.4+ server attaches itself (its error_labels rules):
/// in a transaction, TransientTransactionError for write conflicts, lock timeouts, retriable errors and
/// NoSuchTransaction; on commit and abort, RetryableWriteError for retriable errors. UnknownTransactionCommitResult is
/// the driver's to add, never the server's.
/// </summary>
internal static class ServerErrors
{
    public const int NoSuchTransaction = 251;
    public const int TransactionCommitted = 256;
    public const int OperationNotSupportedInTransaction = 263;
    public const int CommandNotFound = 59;
    public const int NamespaceExists = 48;
    public const int CursorNotFound = 43;

    private static readonly Dictionary<int, string> Names = new()
    {
        [6] = "HostUnreachable", [7] = "HostNotFound", [24] = "LockTimeout", [CursorNotFound] = "CursorNotFound", [NamespaceExists] = "NamespaceExists",
        [50] = "MaxTimeMSExpired", [CommandNotFound] = "CommandNotFound", [64] = "WriteConcernFailed", [72] = "InvalidOptions", [79] = "UnknownReplWriteConcern",
        [89] = "NetworkTimeout", [91] = "ShutdownInProgress", [100] = "UnsatisfiableWriteConcern", [112] = "WriteConflict", [134] = "ReadConcernMajorityNotAvailableYet",
        [189] = "PrimarySteppedDown", [239] = "SnapshotTooOld", [246] = "SnapshotUnavailable", [267] = "PreparedTransactionInProgress", [NoSuchTransaction] = "NoSuchTransaction", [TransactionCommitted] = "TransactionCommitted", [262] = "ExceededTimeLimit",
        [OperationNotSupportedInTransaction] = "OperationNotSupportedInTransaction", [9001] = "SocketException", [10107] = "NotWritablePrimary",
        [11000] = "DuplicateKey", [11600] = "InterruptedAtShutdown", [11601] = "Interrupted", [11602] = "InterruptedDueToReplStateChange",
        [13435] = "NotPrimaryNoSecondaryOk", [13436] = "NotPrimaryOrSecondary",
    };

    private static readonly HashSet<int> Retriable = [6, 7, 89, 91, 134, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436];

    public static string? NameOf(int code) => Names.GetValueOrDefault(code);

    public static IReadOnlyList<string> Labels(int code, int? writeConcernCode, bool inTransaction, bool isCommitOrAbort)
    {
        var labels = new List<string>();
        if (!inTransaction)
        {
            return labels;
        }

        // WriteConflict, LockTimeout, PreparedTransactionInProgress and the snapshot errors are transient everywhere.
        var transient = code is 112 or 24 or 267 or 246 or 239;
        if (isCommitOrAbort)
        {
            if (transient || (code == NoSuchTransaction && writeConcernCode is null))
            {
                labels.Add(MongoException.TransientTransactionError);
            }

            if (Retriable.Contains(code) || (writeConcernCode is { } wc && Retriable.Contains(wc)))
            {
                labels.Add(MongoException.RetryableWriteError);
            }
        }
        else if (transient || code == NoSuchTransaction || Retriable.Contains(code))
        {
            labels.Add(MongoException.TransientTransactionError);
        }

        return labels;
    }
}
