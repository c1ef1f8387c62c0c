using System.Threading.Channels;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// The queue of a group commit, shared by the batching pipeline and the DCB group-commit appender: callers enqueue on a
/// bounded channel (waiting for room when it is full) and await their own answer; one writer loop takes what is queued
/// and, after answering more than one caller, waits a few thread-pool turns for the commits those callers send straight
/// back.
/// </summary>
/// <remarks>
/// Callers answered since the last batch formed usually commit again at once, but their next commits are still behind
/// the work item that answers them. Shipping only what is queued now sends a fragment, and under a closed loop the load
/// then splits into two alternating half batches for good. So after answering more than one caller the writer yields,
/// and takes what arrived, until a yield brings nothing: no timer, and a lone commit at low load still goes at once.
/// </remarks>
public sealed class GroupCommitQueue<T>
{
    // Bounds the writer's wait for arrivals, in thread-pool turns, when callers keep arriving one by one.
    private const int MaxYieldsForArrivals = 16;

    private readonly Channel<T> _channel;
    private readonly string _owner;
    private readonly string _closedMessage;
    private int _answeredSinceLastBatch;

    /// <param name="owner">The name an <see cref="ObjectDisposedException"/> gives once the queue is closed.</param>
    /// <param name="closedMessage">What that exception says.</param>
    public GroupCommitQueue(int capacity, string owner, string closedMessage)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(capacity, 1);
        _owner = owner;
        _closedMessage = closedMessage;
        _channel = Channel.CreateBounded<T>(new BoundedChannelOptions(capacity) { SingleReader = true, FullMode = BoundedChannelFullMode.Wait });
    }

    /// <summary>What the writer loop takes from.</summary>
    public ChannelReader<T> Reader => _channel.Reader;

    /// <summary>
    /// Queues <paramref name="item"/> and returns its caller's <paramref name="answer"/>; when the queue is full, waits for
    /// room first (and the caller's cancellation ends that wait too, with nothing queued). A caller
    /// already cancelled queues nothing.
    /// </summary>
    /// <remarks>Not an async method: where there is room, as there nearly always is, a call costs no state machine.</remarks>
    /// <exception cref="ObjectDisposedException">The queue is closed: its owner is being disposed.</exception>
    public Task<TResult> SendAsync<TResult>(T item, GroupCommitAnswer<TResult> answer, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(answer);
        if (cancellationToken.IsCancellationRequested)
        {
            answer.Abandon();
            return Task.FromCanceled<TResult>(cancellationToken);
        }

        return _channel.Writer.TryWrite(item) ? answer.Task : SendWhenThereIsRoomAsync(item, answer, cancellationToken);
    }

    /// <summary>Callers were answered: the next batch waits for their next commits.</summary>
    public void Answered(int callers) => Interlocked.Add(ref _answeredSinceLastBatch, callers);

    /// <summary>
    /// After more than one caller was answered since the last batch formed: yields, and takes what arrived with
    /// <paramref name="take"/> (which returns how many it took), until a yield brings nothing or <paramref name="full"/>.
    /// </summary>
    public async Task TakeArrivalsAsync(Func<ChannelReader<T>, int> take, Func<bool> full)
    {
        ArgumentNullException.ThrowIfNull(take);
        ArgumentNullException.ThrowIfNull(full);
        if (Interlocked.Exchange(ref _answeredSinceLastBatch, 0) <= 1)
        {
            return;
        }

        for (var yields = 0; yields < MaxYieldsForArrivals && !full(); yields++)
        {
            await Task.Yield();
            if (take(_channel.Reader) == 0)
            {
                return;
            }
        }
    }

    /// <summary>Takes no more items; the writer loop still drains what is queued.</summary>
    public void Close() => _channel.Writer.TryComplete();

    private async Task<TResult> SendWhenThereIsRoomAsync<TResult>(T item, GroupCommitAnswer<TResult> answer, CancellationToken cancellationToken)
    {
        try
        {
            await _channel.Writer.WriteAsync(item, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            answer.Abandon();
            if (e is ChannelClosedException)
            {
                throw new ObjectDisposedException(_owner, _closedMessage);
            }

            throw;
        }

        return await answer.Task.ConfigureAwait(false);
    }
}
