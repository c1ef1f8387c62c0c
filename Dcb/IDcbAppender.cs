using EventCommitLab.Contract.Model;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Dcb;

/// <summary>
/// A way of appending to a DCB log: with or without a condition, each caller told whether its events were written (and
/// where) or its condition failed. Two appends whose conditions each match the other's events never both succeed; with
/// an <see cref="AppendCondition.After"/>, against a rival that committed late, only if <see cref="KeepsAfterAgainstLateCommits"/>.
/// </summary>
public interface IDcbAppender : IAsyncDisposable
{
    string Name { get; }

    /// <summary>What makes a condition hold under concurrency, in one line, for the tables.</summary>
    string Mechanism { get; }

    /// <summary>
    /// Whether a condition's <see cref="AppendCondition.After"/> still covers an event numbered at or before it that
    /// committed only after the caller read up to it. Positions handed out before commit become visible out of order, and
    /// a check of "after P" alone never sees such an event: the condition then holds where it should fail.
    /// </summary>
    bool KeepsAfterAgainstLateCommits { get; }

    /// <summary>Transactions tried again since the appender was made: aborted by the database as a race, or ended before their COMMIT.</summary>
    long Retries { get; }

    Task<DcbAppendResult> AppendAsync(DcbAppend append, CancellationToken cancellationToken);
}
