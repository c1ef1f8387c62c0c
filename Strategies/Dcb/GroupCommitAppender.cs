using System.Threading.Channels;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Dcb;

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

    private const int MaxRetries = 20;
    // Bounds the writer's wait for arrivals, in thread-pool turns, when callers answered a moment ago keep coming back.
    private const int MaxYieldsForArrivals = 16;

    private readonly IDcbLog _log;
    private readonly Channel<PendingAppend> _queue;
    private readonly Task _writer;
    private int _answeredSinceLastBatch;
    private long _batches;
    private long _appends;
    private long _retries;

    public GroupCommitAppender(IDcbLog log, int queueCapacity = 10_000)
    {
        ArgumentNullException.ThrowIfNull(log);
        ArgumentOutOfRangeException.ThrowIfLessThan(queueCapacity, 1);
        _log = log;
        _queue = Channel.CreateBounded<PendingAppend>(new BoundedChannelOptions(queueCapacity) { SingleReader = true, FullMode = BoundedChannelFullMode.Wait });
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

    public async Task<DcbAppendResult> AppendAsync(DcbAppend append, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(append);
        append.Validate();
        var pending = new PendingAppend(append, new TaskCompletionSource<DcbAppendResult>(TaskCreationOptions.RunContinuationsAsynchronously));
        try
        {
            await _queue.Writer.WriteAsync(pending, cancellationToken).ConfigureAwait(false);
        }
        catch (ChannelClosedException)
        {
            throw new ObjectDisposedException(Name, "The group commit has been shut down and takes no more appends.");
        }

        return await pending.Completion.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Stops taking appends, writes and answers those already queued, then returns.</summary>
    public async ValueTask DisposeAsync()
    {
        _queue.Writer.TryComplete();
        await _writer.ConfigureAwait(false);
    }

    private async Task WriteLoopAsync()
    {
        var reader = _queue.Reader;
        while (await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            var batch = new List<PendingAppend>();
            TakeQueued(reader, batch);

            // Callers answered a moment ago usually append again at once, behind the thread-pool turn that answers them:
            // shipping only what is queued now would split a closed loop's load into alternating half batches. So after
            // answering more than one caller the writer yields, and takes what arrived, until a yield brings nothing.
            if (Interlocked.Exchange(ref _answeredSinceLastBatch, 0) > 1)
            {
                for (var yields = 0; yields < MaxYieldsForArrivals && batch.Count < MaxAppendsPerBatch; yields++)
                {
                    await Task.Yield();
                    if (TakeQueued(reader, batch) == 0)
                    {
                        break;
                    }
                }
            }

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
            results = await WriteWithRetriesAsync([.. batch.Select(p => p.Append)]).ConfigureAwait(false);
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
                pending.Completion.TrySetException(e);
            }

            return;
        }

        Interlocked.Increment(ref _batches);
        Interlocked.Add(ref _appends, batch.Count);
        Interlocked.Add(ref _answeredSinceLastBatch, batch.Count);
        var undecided = new List<PendingAppend>();
        for (var i = 0; i < batch.Count; i++)
        {
            if (results[i] is { } result)
            {
                batch[i].Completion.TrySetResult(result);
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

    private async Task<IReadOnlyList<DcbAppendResult?>> WriteWithRetriesAsync(IReadOnlyList<DcbAppend> batch)
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return await _log.AppendBatchAsync(batch, CancellationToken.None).ConfigureAwait(false);
            }
            catch (Exception e) when (attempt < MaxRetries && _log.Classify(e) == StoreErrorKind.Transient)
            {
                Interlocked.Increment(ref _retries);
                await Task.Delay(attempt, CancellationToken.None).ConfigureAwait(false);
            }
        }
    }
}
