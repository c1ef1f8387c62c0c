namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// <see cref="Results.CommandMode.Pipelined"/>: one owner per aggregate decides its commands one at a time, each on the
/// version the last one will produce, and hands each to the strategy without waiting for the last to be acknowledged
/// (Akka's PersistAsync): the owner's turn covers deciding and handing over, not the commit. A strategy that writes one
/// aggregate's commits in the order it was handed them keeps the chain; with another, a later commit can reach the
/// store first and conflict. A conflict breaks the chain: the owner decides its next command on the version the store
/// answered, and the command is tried again like any other.
/// </summary>
/// <remarks>
/// After a conflict the owner hands on nothing more until every commit it handed on is answered: whatever it handed on
/// after the conflicted commit was decided on a version that did not come, and conflicts in turn, so handing on more
/// would only lengthen the chain that breaks (a writer in another process can break it again and again). Once the
/// owner's commits are settled it pipelines again. In one process nothing conflicts and the rule never applies.
/// </remarks>
internal sealed class PipelinedCommands(CommandAttempts attempts, CommitterSlots slots) : ICommandRunner
{
    private readonly AggregateOwners _owners = new(slots.Aggregates);
    // Per aggregate, guarded by the aggregate's owner: the version its last handed-over commit will produce, how many
    // of its commits are handed on and not yet answered, and, after a conflict, the signal that all of them are.
    private readonly long[] _handedOn = new long[slots.Aggregates];
    private readonly int[] _inFlight = new int[slots.Aggregates];
    private readonly TaskCompletionSource?[] _settled = new TaskCompletionSource?[slots.Aggregates];

    public async ValueTask<(int Commits, long Events)> RunAsync(IReadOnlyList<CommitterCommand> commands, bool measured, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(commands);
        return await AggregateOwners.EachAsync(commands, c => RunOneAsync(c, measured, cancellationToken)).ConfigureAwait(false);
    }

    private async Task<(int Commits, long Events)> RunOneAsync(CommitterCommand command, bool measured, CancellationToken cancellationToken)
    {
        var aggregate = command.Aggregate;
        var current = command;
        while (true)
        {
            var sent = await HandOnAsync(current, measured, cancellationToken).ConfigureAwait(false);
            AttemptResult attempt;
            var answered = false;
            try
            {
                attempt = await sent.ConfigureAwait(false);
                answered = true;
            }
            finally
            {
                if (!answered)
                {
                    // The attempt failed: its commit is answered all the same.
                    await AnsweredAsync(aggregate, conflicted: false).ConfigureAwait(false);
                }
            }

            if (attempt.Conflicted is not [var conflicted])
            {
                await AnsweredAsync(aggregate, conflicted: false).ConfigureAwait(false);
                return (attempt.Commits, attempt.Events);
            }

            await attempts.PrepareRetriesAsync([conflicted], cancellationToken).ConfigureAwait(false);
            await AnsweredAsync(aggregate, conflicted: true).ConfigureAwait(false);
            current = current with { Attempt = current.Attempt + 1 };
        }
    }

    // In the owner's turn: waits while a conflict's commits are still settling, then decides the command and hands it on.
    private async Task<Task<AttemptResult>> HandOnAsync(CommitterCommand command, bool measured, CancellationToken cancellationToken)
    {
        var (aggregate, owner) = (command.Aggregate, _owners.Of(command.Aggregate));
        while (true)
        {
            await owner.WaitAsync(cancellationToken).ConfigureAwait(false);
            if (_settled[aggregate] is { } settling)
            {
                owner.Release();
                await settling.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
                continue;
            }

            try
            {
                var decided = slots.DecideAt(command, Math.Max(_handedOn[aggregate], slots.KnownVersion(aggregate)), measured);
                // The strategy takes the commit in hand before this returns (a queue's enqueue is synchronous while it
                // has room), so the next command's commit is handed over after this one.
                var sent = attempts.SendAsync([decided], cancellationToken);
                _handedOn[aggregate] = decided.Request.NextAggregateVersion!.Value;
                _inFlight[aggregate]++;
                return sent;
            }
            finally
            {
                owner.Release();
            }
        }
    }

    // In the owner's turn: one handed-on commit answered. A conflict breaks the chain (the next decision is the store's
    // version) and holds the owner until the last of its commits is answered.
    private async Task AnsweredAsync(int aggregate, bool conflicted)
    {
        var owner = _owners.Of(aggregate);
        await owner.WaitAsync(CancellationToken.None).ConfigureAwait(false);
        try
        {
            _inFlight[aggregate]--;
            if (conflicted)
            {
                _handedOn[aggregate] = slots.KnownVersion(aggregate);
                _settled[aggregate] ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            }

            if (_inFlight[aggregate] == 0 && _settled[aggregate] is { } settling)
            {
                _settled[aggregate] = null;
                settling.SetResult();
            }
        }
        finally
        {
            owner.Release();
        }
    }
}
