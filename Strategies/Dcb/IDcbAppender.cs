namespace EventCommitLab.Strategies.Dcb;

/// <summary>
/// A way of appending to a DCB log: with or without a condition, each caller told whether its events were written (and
/// where) or its condition failed. Two appends whose conditions each match the other's events never both succeed.
/// </summary>
public interface IDcbAppender : IAsyncDisposable
{
    string Name { get; }

    /// <summary>What makes a condition hold under concurrency, in one line, for the tables.</summary>
    string Mechanism { get; }

    Task<DcbAppendResult> AppendAsync(DcbAppend append, CancellationToken cancellationToken);
}
