namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// What the driver says of a failed operation, reduced to what classifies it: the server's error code, whether it was
/// a duplicate key (in any of the three shapes the driver reports one), the error labels, and how the error arose.
/// </summary>
/// <param name="Code">The server's error code (a command error, or the first write error); null when the server did not answer.</param>
/// <param name="DuplicateKey">A write error of category duplicate key, in a single write, a bulk write or a command.</param>
/// <param name="Labels">The error labels (TransientTransactionError, UnknownTransactionCommitResult, ...).</param>
/// <param name="Source">How the error arose.</param>
public sealed record MongoErrorFacts(int? Code, bool DuplicateKey, IReadOnlyCollection<string> Labels, MongoErrorSource Source);
