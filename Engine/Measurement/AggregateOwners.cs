namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// One owner per aggregate: a first-come, first-served turn (an actor's mailbox, as a semaphore whose waiters are
/// released in the order they came).
/// </summary>
internal sealed class AggregateOwners(int aggregates)
{
    private readonly SemaphoreSlim[] _turns = [.. Enumerable.Range(0, aggregates).Select(_ => new SemaphoreSlim(1, 1))];

    /// <summary>The turn of <paramref name="aggregate"/>'s owner.</summary>
    public SemaphoreSlim Of(int aggregate) => _turns[aggregate];

    /// <summary>Runs every command of the group at once, each through its owner, and sums what they committed.</summary>
    public static async Task<(int Commits, long Events)> EachAsync(IReadOnlyList<CommitterCommand> commands, Func<CommitterCommand, Task<(int Commits, long Events)>> run)
    {
        ArgumentNullException.ThrowIfNull(commands);
        ArgumentNullException.ThrowIfNull(run);
        if (commands.Count == 1)
        {
            return await run(commands[0]).ConfigureAwait(false);
        }

        var all = await Task.WhenAll(commands.Select(run)).ConfigureAwait(false);
        return (all.Sum(d => d.Commits), all.Sum(d => d.Events));
    }

    /// <summary>The group cut into turns, in its order: each command goes in the first turn after the last that holds its aggregate.</summary>
    public static IReadOnlyList<IReadOnlyList<CommitterCommand>> Turns(IReadOnlyList<CommitterCommand> commands)
    {
        ArgumentNullException.ThrowIfNull(commands);
        var turns = new List<List<CommitterCommand>>();
        var lastTurn = new Dictionary<int, int>();
        foreach (var command in commands)
        {
            var turn = lastTurn.TryGetValue(command.Aggregate, out var last) ? last + 1 : 0;
            if (turn == turns.Count)
            {
                turns.Add([]);
            }

            turns[turn].Add(command);
            lastTurn[command.Aggregate] = turn;
        }

        return turns;
    }
}
