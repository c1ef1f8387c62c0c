using EventCommitLab.Contract.Port;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Dcb;

/// <summary>
/// Appends one caller's events in one transaction of its own, the condition kept by the store's <see cref="DcbLocking"/>.
/// A transaction the database aborts as a race (a serialisation failure, a deadlock) is tried again whole: nothing of
/// it was written, and the retry checks the condition afresh, so a rival that won makes it fail then.
/// </summary>
public abstract class TransactionPerAppendAppender(IDcbLog log, DcbLocking locking) : IDcbAppender
{
    /// <summary>Attempts per append before the race is reported; serialisable appends at 100 clients need many.</summary>
    public const int MaxAttempts = 200;

    private long _retries;

    public abstract string Name { get; }

    public abstract string Mechanism { get; }

    public abstract bool KeepsAfterAgainstLateCommits { get; }

    public long Retries => Interlocked.Read(ref _retries);

    public async Task<DcbAppendResult> AppendAsync(DcbAppend append, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(append);
        append.Validate();
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return await log.AppendAsync(append, locking, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (attempt < MaxAttempts && log.Classify(e) == StoreErrorKind.Transient && !cancellationToken.IsCancellationRequested)
            {
                Interlocked.Increment(ref _retries);
                // A short random pause parts the rivals that will otherwise collide again at once.
                await Task.Delay(Random.Shared.Next(0, Math.Min(attempt, 10)), cancellationToken).ConfigureAwait(false);
            }
        }
    }

    public ValueTask DisposeAsync()
    {
        GC.SuppressFinalize(this);
        return ValueTask.CompletedTask;
    }
}
