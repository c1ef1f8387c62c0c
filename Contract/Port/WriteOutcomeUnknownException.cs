namespace EventCommitLab.Contract.Port;

/// <summary>
/// Thrown by a store when a write that may take effect on its own (a COMMIT, or any write outside a transaction) was
/// sent and no answer came back. Stores classify it as <see cref="StoreErrorKind.OutcomeUnknown"/>.
/// </summary>
public sealed class WriteOutcomeUnknownException(string operation, Exception cause)
    : Exception($"The outcome of {operation} is unknown: {cause.Message.Split('\n')[0].Trim()}", cause)
{
    public string Operation { get; } = operation;
}
