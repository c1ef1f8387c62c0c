using System.Threading.Channels;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Dcb;

/// <summary>
/// The lab's group commit for conditional appends: callers queue their appends, one writer takes everything queued and
/// writes it as one batch (<see cref="IDcbLog.AppendBatchAsync"/>: one transaction, one exclusive lock, every condition
/// checked in one statement). A lone append goes at once; batches form from appends that arrive while one is written.
/// </summary>
/// <remarks>
/// An append the store leaves undecided (see <see cref="IDcbLog.AppendBatchAsync"/>) is written again at once, in a
/// batch of its own. A batch the database aborts as a race is written again whole (nothing of it was written). A batch that fails
/// otherwise is written again one append at a time, so only the bad append fails. An append whose transaction's outcome
/// is unknown (the connection lost at COMMIT) is reported so, never written again.
/// </remarks>
public sealed class GroupCommitAppender : IDcbAppender
{
    /// <summary>Appends per batch at most: one transaction's worth of work, bounded so that the check stays one statement.</summary>
    public const int MaxAppendsPerBatch = 2_000;

    // As the strategies retry: what the log calls transient, with jittered exponential backoff, here for a fraction of a
    // second (a batch holds every caller in it while it waits).
    private static readonly CommitRetryOptions RetryOptions = new()
    {
        MaxRetryAttempts = 20,
        BaseDelay = TimeSpan.FromMilliseconds(1),
        MaxDelay = TimeSpan.FromMilliseconds(50),
        TotalTimeout = TimeSpan.FromSeconds(30),
    };

    private readonly IDcbLog _log;
    private readonly CommitRetryPolicy _retry;
    private readonly GroupCommitQueue<PendingAppend> _queue;
    private readonly Task _writer;
    private long _batches;
    private long _appends;
    private long _retries;

    public GroupCommitAppender(IDcbLog log, int queueCapacity = 10_000)
    {
        ArgumentNullException.ThrowIfNull(log);
        ArgumentOutOfRangeException.ThrowIfLessThan(queueCapacity, 1);
        _log = log;
        _retry = new CommitRetryPolicy(log.Classify, RetryOptions, () => Interlocked.Increment(ref _retries));
        _queue = new GroupCommitQueue<PendingAppend>(queueCapacity, Name, "The group commit has been shut down and takes no more appends.");
        _writer = Task.Run(WriteLoopAsync);
    }

    public string Name => "GroupCommit";

    public string Mechanism =>
        "one writer: a batch of appends per transaction under one exclusive lock, in one round trip: one statement checks every condition against the log (the batch's own earlier appends are checked in memory) and inserts what passes";

    /// <summary>Positions are handed out under the one lock that orders the batches' commits: they become visible in order.</summary>
    public bool KeepsAfterAgainstLateCommits => true;

    public long Retries => Interlocked.Read(ref _retries);

    /// <summary>Batches written, and the appends in them: their ratio is the mean batch size.</summary>
    public (long Batches, long Appends) Written => (Interlocked.Read(ref _batches), Interlocked.Read(ref _appends));

    public Task<DcbAppendResult> AppendAsync(DcbAppend append, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(append);
        append.Validate();
        var answer = new GroupCommitAnswer<DcbAppendResult>(TaskCreationOptions.RunContinuationsAsynchronously, cancellationToken);
        return _queue.SendAsync(new PendingAppend(append, answer), answer, cancellationToken);
    }

    /// <summary>Stops taking appends, writes and answers those already queued, then returns.</summary>
    public async ValueTask DisposeAsync()
    {
        _queue.Close();
        await _writer.ConfigureAwait(false);
    }

    private async Task WriteLoopAsync()
    {
        var reader = _queue.Reader;
        while (await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            var batch = new List<PendingAppend>();
            TakeQueued(reader, batch);
            await _queue.TakeArrivalsAsync(r => TakeQueued(r, batch), () => batch.Count >= MaxAppendsPerBatch).ConfigureAwait(false);

            await WriteAsync(batch).ConfigureAwait(false);
        }
    }

    private static int TakeQueued(ChannelReader<PendingAppend> reader, List<PendingAppend> batch)
    {
        var taken = 0;
        while (batch.Count < MaxAppendsPerBatch && reader.TryRead(out var pending))
        {
            batch.Add(pending);
            taken++;
        }

        return taken;
    }

    private async Task WriteAsync(IReadOnlyList<PendingAppend> batch)
    {
        IReadOnlyList<DcbAppendResult?> results;
        try
        {
            var appends = batch.Select(p => p.Append).ToArray();
            results = await _retry.ExecuteAsync(ct => _log.AppendBatchAsync(appends, ct), CancellationToken.None).ConfigureAwait(false);
        }
        catch (Exception e) when (batch.Count > 1 && _log.Classify(e) != StoreErrorKind.OutcomeUnknown)
        {
            foreach (var pending in batch)
            {
                await WriteAsync([pending]).ConfigureAwait(false);
            }

            return;
        }
        catch (Exception e)
        {
            foreach (var pending in batch)
            {
                pending.Completion.Fail(e);
            }

            return;
        }

        Interlocked.Increment(ref _batches);
        Interlocked.Add(ref _appends, batch.Count);
        _queue.Answered(batch.Count);
        var undecided = new List<PendingAppend>();
        for (var i = 0; i < batch.Count; i++)
        {
            if (results[i] is { } result)
            {
                batch[i].Completion.Answer(result);
            }
            else
            {
                undecided.Add(batch[i]);
            }
        }

        if (undecided.Count > 0)
        {
            await WriteAsync(undecided).ConfigureAwait(false);
        }
    }
}
