namespace EventCommitLab.Engine.Results;

/// <summary>How a tailing reader decides what it may deliver.</summary>
public enum TailingReaderKind
{
    /// <summary>"Everything after the last number delivered", as a naive catch-up subscription.</summary>
    Naive,

    /// <summary>
    /// Only up to the highest number with none missing below it; a hole that stays open for the stale timeout (3 s, as
    /// Marten's async daemon) is declared a gap and passed.
    /// </summary>
    HighWaterMark,

    /// <summary>Only events of transactions older than every one still running, in order of transaction id then number (Emmett, go-crablet).</summary>
    TransactionHorizon,
}
