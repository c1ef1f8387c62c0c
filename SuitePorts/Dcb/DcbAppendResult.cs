namespace EventCommitLab.SuitePorts.Dcb;

/// <summary>
/// How an append ended: written (its positions) or refused because its condition failed (nothing written). A
/// condition that fails is an answer, not an error: the caller re-reads and decides again.
/// </summary>
public sealed record DcbAppendResult(IReadOnlyList<long> Positions)
{
    public static DcbAppendResult ConditionFailed { get; } = new([]);

    public bool Appended => Positions.Count > 0;
}
