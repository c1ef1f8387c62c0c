using System.Threading.Channels;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The ceiling's overlapping variant: committers queue their commits, and <see cref="Writers"/> writers, each on its own
/// connection, take what is queued (at most a share of the committers, so a wave is split among them) and write it in
/// one auto-commit statement while the others write theirs: a group commit with groups in flight and nothing else.
/// </summary>
internal sealed class InFlightCeiling : RawCeiling
{
    public const string VariantName = EnvelopeName + ":InFlight";

    public const int Writers = 2;

    private readonly Channel<Pending> _queue = Channel.CreateUnbounded<Pending>(new UnboundedChannelOptions { SingleWriter = false, SingleReader = false });
    private readonly int _batchLimit;
    private readonly CancellationTokenSource _stopping = new();
    private readonly Lazy<Task[]> _writers;

    public InFlightCeiling(IEventLog store, int committers)
        : base(store)
    {
        _batchLimit = Math.Max(1, (committers + Writers - 1) / Writers);
        _writers = new Lazy<Task[]>(() => [.. Enumerable.Range(0, Writers).Select(_ => Task.Run(WriteLoopAsync))]);
    }

    public override string Name => VariantName;

    public override bool TakesWholeGroups => false;

    protected override async Task<IReadOnlyList<CommitOutcome>> WriteGroupAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken)
    {
        _ = _writers.Value;
        var pending = group.Select(r => new Pending(r, new TaskCompletionSource<CommitOutcome>(TaskCreationOptions.RunContinuationsAsynchronously))).ToArray();
        foreach (var commit in pending)
        {
            await _queue.Writer.WriteAsync(commit, cancellationToken).ConfigureAwait(false);
        }

        return await Task.WhenAll(pending.Select(p => p.Answer.Task)).WaitAsync(cancellationToken).ConfigureAwait(false);
    }

    public override async ValueTask DisposeAsync()
    {
        await StopAsync().ConfigureAwait(false);
        _stopping.Dispose();
        await base.DisposeAsync().ConfigureAwait(false);
    }

    protected override async Task StopAsync()
    {
        if (_queue.Writer.TryComplete() && _writers.IsValueCreated)
        {
            await Task.WhenAll(_writers.Value).ConfigureAwait(false);
        }
    }

    private async Task WriteLoopAsync()
    {
        var batch = new List<Pending>(_batchLimit);
        while (await _queue.Reader.WaitToReadAsync().ConfigureAwait(false))
        {
            while (batch.Count < _batchLimit && _queue.Reader.TryRead(out var next))
            {
                batch.Add(next);
            }

            if (batch.Count == 0)
            {
                continue;
            }

            try
            {
                var outcomes = await WriteAsync([.. batch.Select(p => p.Request)], _stopping.Token).ConfigureAwait(false);
                for (var i = 0; i < batch.Count; i++)
                {
                    batch[i].Answer.TrySetResult(outcomes[i]);
                }
            }
            catch (Exception e)
            {
                foreach (var commit in batch)
                {
                    commit.Answer.TrySetException(e);
                }
            }

            batch.Clear();
        }
    }

    private sealed record Pending(CommitRequest Request, TaskCompletionSource<CommitOutcome> Answer);
}
