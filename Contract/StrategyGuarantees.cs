namespace EventCommitLab.Contract;

/// <summary>
/// What a strategy claims about the log it leaves. The verifier checks every run against these claims: breaking a
/// claim fails the run; a violation of something not claimed is reported as the strategy's known weakness.
/// Lost, duplicated or misacknowledged events and inconsistent aggregate versions are failures for every strategy.
/// </summary>
/// <param name="AtomicMultiEventCommit">A commit's events are all written or none are.</param>
/// <param name="GapFreeSequence">Sequence numbers run 0, 1, 2, ... with none skipped, even after failed commits.</param>
/// <param name="ContiguousCommit">A commit's events have consecutive sequence numbers.</param>
/// <param name="SafeWithSeveralWriterProcesses">Several processes may commit to one log at once.</param>
/// <param name="CounterAtLogEnd">
/// The strategy numbers from the store's sequence counter and leaves it at the log's end: ahead of it, the next commit
/// leaves a gap; behind it, the next commit collides with numbers already taken. (Strategies that number otherwise
/// leave the counter alone, so only these are held to it.)
/// </param>
/// <param name="OrderedVisibility">
/// A reader following the log by sequence number ("everything after N", as a catch-up subscription) never sees a
/// number committed before a lower one that is committed later: it never passes an event it would not deliver.
/// Checked by a tailing reader beside the sustained load.
/// </param>
/// <param name="HorizonOrderedVisibility">
/// Each event carries its transaction's id, and a reader that delivers only below the transaction horizon (the oldest
/// transaction still running), in order of transaction id then number, never passes an event it would not deliver.
/// Checked by the transaction-horizon reader beside the sustained load.
/// </param>
/// <param name="KeepsAppendConditions">
/// The strategy takes conditional commits (<see cref="Model.CommitRequest.ForCondition"/>): of two concurrent commits
/// whose conditions each match the other's events at most one is written, and a condition's position also covers an
/// event numbered at or below it that commits after the caller read up to it. A strategy that does not claim it refuses
/// a conditional commit before writing anything.
/// </param>
public sealed record StrategyGuarantees(
    bool AtomicMultiEventCommit,
    bool GapFreeSequence,
    bool ContiguousCommit,
    bool SafeWithSeveralWriterProcesses,
    bool CounterAtLogEnd = false,
    bool OrderedVisibility = false,
    bool HorizonOrderedVisibility = false,
    bool KeepsAppendConditions = false)
{
    public static StrategyGuarantees All { get; } = new(true, true, true, true, OrderedVisibility: true);

    public override string ToString() => string.Join(", ", Describe().Select(g => $"{g.Name}: {(g.Claimed ? "yes" : "no")}"));

    public IEnumerable<(string Name, bool Claimed)> Describe()
    {
        yield return ("atomic multi-event commit", AtomicMultiEventCommit);
        yield return ("gap-free sequence", GapFreeSequence);
        yield return ("contiguous commit", ContiguousCommit);
        yield return ("several writer processes", SafeWithSeveralWriterProcesses);
        yield return ("counter at the log's end", CounterAtLogEnd);
        yield return ("ordered visibility", OrderedVisibility);
        yield return ("ordered visibility below the transaction horizon", HorizonOrderedVisibility);
        yield return ("append conditions (DCB)", KeepsAppendConditions);
    }
}
