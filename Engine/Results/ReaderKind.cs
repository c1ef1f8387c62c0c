namespace EventCommitLab.Engine.Results;

/// <summary>The tailing readers that follow the log beside each sustained round.</summary>
public enum ReaderKind
{
    /// <summary>No reader: the writers have the store to themselves.</summary>
    None,

    /// <summary>Only the naive reader (<see cref="TailingReaderKind.Naive"/>).</summary>
    Naive,

    /// <summary>
    /// The naive and the high-water-mark readers for every strategy, and the transaction-horizon reader for a strategy
    /// that stores transaction ids for it.
    /// </summary>
    All,
}
