namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// <see cref="Results.CommandMode.Owned"/>: one owner per aggregate takes its commands one at a time, in the order they
/// came, and decides each when its turn comes, on the version the last one produced. A group handed to a contender
/// that takes whole groups is cut into turns in which each aggregate appears once, sent one after another.
/// </summary>
internal sealed class OwnedCommands(CommandAttempts attempts, CommitterSlots slots, bool wholeGroups) : ICommandRunner
{
    private readonly AggregateOwners _owners = new(slots.Aggregates);

    public async ValueTask<(int Commits, long Events)> RunAsync(IReadOnlyList<CommitterCommand> commands, bool measured, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(commands);
        if (wholeGroups)
        {
            var (commits, events) = (0, 0L);
            foreach (var turn in AggregateOwners.Turns(commands))
            {
                var done = await attempts.RunToEndAsync([.. turn.Select(c => slots.Renew(c, measured))], measured, cancellationToken).ConfigureAwait(false);
                (commits, events) = (commits + done.Commits, events + done.Events);
            }

            return (commits, events);
        }

        return await AggregateOwners.EachAsync(commands, c => RunOneAsync(c, measured, cancellationToken)).ConfigureAwait(false);
    }

    private async Task<(int Commits, long Events)> RunOneAsync(CommitterCommand command, bool measured, CancellationToken cancellationToken)
    {
        var owner = _owners.Of(command.Aggregate);
        await owner.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            return await attempts.RunToEndAsync([slots.Renew(command, measured)], measured, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            owner.Release();
        }
    }
}
