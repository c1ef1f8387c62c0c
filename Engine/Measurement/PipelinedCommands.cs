namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// <see cref="Results.CommandMode.Pipelined"/>: one owner per aggregate decides its commands one at a time, each on the
/// version the last one will produce, and hands each to the strategy without waiting for the last to be acknowledged
/// (Akka's PersistAsync): the owner's turn covers deciding and handing over, not the commit. A strategy that writes one
/// aggregate's commits in the order it was handed them keeps the chain; with another, a later commit can reach the
/// store first and conflict. A conflict breaks the chain: the owner decides its next command on the version the store
/// answered, and the command is tried again like any other.
/// </summary>
internal sealed class PipelinedCommands(CommandAttempts attempts, CommitterSlots slots) : ICommandRunner
{
    private readonly AggregateOwners _owners = new(slots.Aggregates);
    // Per aggregate, the version its last handed-over commit will produce; guarded by the aggregate's owner.
    private readonly long[] _handedOn = new long[slots.Aggregates];

    public async Task<(int Commits, long Events)> RunAsync(IReadOnlyList<CommitterCommand> commands, bool measured, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(commands);
        return await AggregateOwners.EachAsync(commands, c => RunOneAsync(c, measured, cancellationToken)).ConfigureAwait(false);
    }

    private async Task<(int Commits, long Events)> RunOneAsync(CommitterCommand command, bool measured, CancellationToken cancellationToken)
    {
        var (aggregate, owner) = (command.Aggregate, _owners.Of(command.Aggregate));
        var current = command;
        while (true)
        {
            Task<AttemptResult> sent;
            await owner.WaitAsync(cancellationToken).ConfigureAwait(false);
            try
            {
                current = slots.DecideAt(current, Math.Max(_handedOn[aggregate], slots.KnownVersion(aggregate)), measured);
                // The strategy takes the commit in hand before this returns (a queue's enqueue is synchronous while it
                // has room), so the next command's commit is handed over after this one.
                sent = attempts.SendAsync([current], cancellationToken);
                _handedOn[aggregate] = current.Request.NextAggregateVersion!.Value;
            }
            finally
            {
                owner.Release();
            }

            var attempt = await sent.ConfigureAwait(false);
            if (attempt.Conflicted is not [var conflicted])
            {
                return (attempt.Commits, attempt.Events);
            }

            await attempts.PrepareRetriesAsync([conflicted], cancellationToken).ConfigureAwait(false);
            await owner.WaitAsync(cancellationToken).ConfigureAwait(false);
            // The chain broke: what was handed on after the conflicted commit conflicts too, so the next decision is the store's version.
            _handedOn[aggregate] = slots.KnownVersion(aggregate);
            owner.Release();
            current = current with { Attempt = current.Attempt + 1 };
        }
    }
}
