namespace EventCommitLab.Engine.Results;

/// <summary>What each tailing reader saw beside a case's measured sustained rounds; a reader is null where none followed.</summary>
/// <param name="Naive">The naive reader: everything after the last number delivered.</param>
/// <param name="HighWaterMark">The high-water-mark reader: only up to the highest number with none missing below it.</param>
/// <param name="Horizon">The transaction-horizon reader (it reads only strategies that store transaction ids).</param>
public sealed record TailingReaderSummaries(ReaderSummary? Naive, ReaderSummary? HighWaterMark, ReaderSummary? Horizon)
{
    /// <summary>No reader followed.</summary>
    public static TailingReaderSummaries None { get; } = new(null, null, null);
}
