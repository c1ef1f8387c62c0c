namespace EventCommitLab.Contract.Port;

/// <summary>
/// An event's place in the order a transaction-horizon reader delivers: by the id of the transaction that wrote it,
/// then by sequence number. Every event below the horizon is final, so this order only ever grows at its end.
/// </summary>
public readonly record struct TransactionPosition(ulong TransactionId, long SequenceNumber) : IComparable<TransactionPosition>
{
    /// <summary>Before every event.</summary>
    public static TransactionPosition Start { get; } = new(0, -1);

    public int CompareTo(TransactionPosition other)
    {
        var byTransaction = TransactionId.CompareTo(other.TransactionId);
        return byTransaction != 0 ? byTransaction : SequenceNumber.CompareTo(other.SequenceNumber);
    }

    public static bool operator <(TransactionPosition left, TransactionPosition right) => left.CompareTo(right) < 0;

    public static bool operator >(TransactionPosition left, TransactionPosition right) => left.CompareTo(right) > 0;

    public static bool operator <=(TransactionPosition left, TransactionPosition right) => left.CompareTo(right) <= 0;

    public static bool operator >=(TransactionPosition left, TransactionPosition right) => left.CompareTo(right) >= 0;
}
